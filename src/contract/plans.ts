import { maskOf, permissionBits, type Permission } from './permissions';

/** Plan definitions (SPEC §3): one table, read by the server for seats and permissions. */
export type PlanDefinition = {
  code: string;
  /** Product code (SPEC §3: trial, free 1, starter yearly 2, pro yearly 3, growth yearly 4). */
  productCode: string;
  name: string;
  group: 'trial' | 'free' | 'starter' | 'pro' | 'growth';
  yearly: boolean;
  priceTitle: string;
  /** Seats (inviteLimit). */
  seats: number;
  /** Length of one period in days (0 = no end). */
  periodDays: number;
  perms: readonly Permission[];
};

const basic: Permission[] = ['calender', 'message_sync', 'attachment_message', 'share_message', 'sort_chats', 'custom_tag'];
/** SPEC §6: free and trial plans lack export; every paid plan has it. */
const starter: Permission[] = [...basic, 'export_contact'];
const pro: Permission[] = [...starter, 'button_message', 'recording_message', 'integration', 'custom_webhook'];
const all: Permission[] = [...permissionBits];

export const plans = {
  trial: { code: 'trial', productCode: 'trial', name: 'Trial', group: 'trial', yearly: false, priceTitle: 'Free', seats: 5, periodDays: 14, perms: basic },
  free: { code: 'free', productCode: '1', name: 'Free', group: 'free', yearly: false, priceTitle: 'Free', seats: 1, periodDays: 0, perms: basic.slice(0, 3) },
  starter: { code: 'starter', productCode: 'starter', name: 'Starter', group: 'starter', yearly: false, priceTitle: '$15/seat/month', seats: 3, periodDays: 30, perms: starter },
  starter_yearly: { code: 'starter_yearly', productCode: '2', name: 'Starter (yearly)', group: 'starter', yearly: true, priceTitle: '$144/seat/year', seats: 3, periodDays: 365, perms: starter },
  pro: { code: 'pro', productCode: 'pro', name: 'Pro', group: 'pro', yearly: false, priceTitle: '$25/seat/month', seats: 10, periodDays: 30, perms: pro },
  pro_yearly: { code: 'pro_yearly', productCode: '3', name: 'Pro (yearly)', group: 'pro', yearly: true, priceTitle: '$240/seat/year', seats: 10, periodDays: 365, perms: pro },
  growth: { code: 'growth', productCode: 'growth', name: 'Growth', group: 'growth', yearly: false, priceTitle: '$45/seat/month', seats: 50, periodDays: 30, perms: all },
  growth_yearly: { code: 'growth_yearly', productCode: '4', name: 'Growth (yearly)', group: 'growth', yearly: true, priceTitle: '$432/seat/year', seats: 50, periodDays: 365, perms: all },
} as const satisfies Record<string, PlanDefinition>;

export type PlanCode = keyof typeof plans;
export const planCodes = Object.keys(plans) as PlanCode[];
export const planMask = (code: PlanCode): number => maskOf(plans[code].perms);

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
  /**
   * Price of one seat for one whole period, in US cents (integers end to end: SPEC §9 shows cents
   * / 100). The plan's price for a period is this times its seats (included plus bought); 0 for
   * trial and free, where seats cannot be bought (their Upgrade now leads to the plan upgrade).
   */
  seatPriceCents: number;
  /** Upgrade order of the tier (trial and free 0): an upgrade goes to a higher tier, or to the yearly variant of the same tier. */
  tier: number;
  perms: readonly Permission[];
};

const basic: Permission[] = ['calender', 'message_sync', 'attachment_message', 'share_message', 'sort_chats', 'custom_tag'];
/** SPEC §6: free and trial plans lack export; every paid plan has it. */
const starter: Permission[] = [...basic, 'export_contact'];
const pro: Permission[] = [...starter, 'button_message', 'recording_message', 'integration', 'custom_webhook'];
const all: Permission[] = [...permissionBits];

export const plans = {
  trial: { code: 'trial', productCode: 'trial', name: 'Trial', group: 'trial', yearly: false, priceTitle: 'Free', seats: 5, periodDays: 14, seatPriceCents: 0, tier: 0, perms: basic },
  free: { code: 'free', productCode: '1', name: 'Free', group: 'free', yearly: false, priceTitle: 'Free', seats: 1, periodDays: 0, seatPriceCents: 0, tier: 0, perms: basic.slice(0, 3) },
  starter: { code: 'starter', productCode: 'starter', name: 'Starter', group: 'starter', yearly: false, priceTitle: '$15/seat/month', seats: 3, periodDays: 30, seatPriceCents: 1500, tier: 1, perms: starter },
  starter_yearly: { code: 'starter_yearly', productCode: '2', name: 'Starter (yearly)', group: 'starter', yearly: true, priceTitle: '$144/seat/year', seats: 3, periodDays: 365, seatPriceCents: 14400, tier: 1, perms: starter },
  pro: { code: 'pro', productCode: 'pro', name: 'Pro', group: 'pro', yearly: false, priceTitle: '$25/seat/month', seats: 10, periodDays: 30, seatPriceCents: 2500, tier: 2, perms: pro },
  pro_yearly: { code: 'pro_yearly', productCode: '3', name: 'Pro (yearly)', group: 'pro', yearly: true, priceTitle: '$240/seat/year', seats: 10, periodDays: 365, seatPriceCents: 24000, tier: 2, perms: pro },
  growth: { code: 'growth', productCode: 'growth', name: 'Growth', group: 'growth', yearly: false, priceTitle: '$45/seat/month', seats: 50, periodDays: 30, seatPriceCents: 4500, tier: 3, perms: all },
  growth_yearly: { code: 'growth_yearly', productCode: '4', name: 'Growth (yearly)', group: 'growth', yearly: true, priceTitle: '$432/seat/year', seats: 50, periodDays: 365, seatPriceCents: 43200, tier: 3, perms: all },
} as const satisfies Record<string, PlanDefinition>;

export type PlanCode = keyof typeof plans;
export const planCodes = Object.keys(plans) as PlanCode[];
export const planMask = (code: PlanCode): number => maskOf(plans[code].perms);

/** Paid plans (seats can be bought, and they can be an upgrade's target). */
export const isPaidPlan = (code: PlanCode): boolean => plans[code].seatPriceCents > 0;

/**
 * What a plan allows beyond its permission bits (SPEC §1: "Some features are limited to the Pro
 * plan (button messages, auto-sync)"): auto sync has no bit of its own; it comes with the Pro and
 * Growth tiers.
 */
export type PlanFeature = Permission | 'auto_sync';
export const planFeatures = ['auto_sync', ...permissionBits] as const satisfies readonly PlanFeature[];

/** Whether the plan allows a feature: the one rule, read by the server (PLAN_LIMIT) and the client (limit dialogs). */
export const planAllows = (code: PlanCode, feature: PlanFeature): boolean =>
  feature === 'auto_sync' ? plans[code].tier >= plans.pro.tier : (plans[code].perms as readonly Permission[]).includes(feature);

/** A plan code from the wire or the database; anything unknown reads as the free plan. */
export const planCodeOf = (code: string | null | undefined): PlanCode =>
  code && Object.hasOwn(plans, code) ? (code as PlanCode) : 'free';

/** An upgrade goes to a paid plan of a higher tier, or from monthly to the yearly variant of the same tier. */
export const isUpgrade = (from: PlanCode, to: PlanCode): boolean => {
  const a = plans[from];
  const b = plans[to];
  if (!isPaidPlan(to)) return false;
  if (!isPaidPlan(from)) return true;
  return b.tier > a.tier || (b.tier === a.tier && b.yearly && !a.yearly);
};

/** Seats of a workspace: those its plan includes plus those bought (SPEC §3 inviteLimit). */
export const seatLimit = (code: PlanCode, extraSeats: number): number => plans[code].seats + extraSeats;

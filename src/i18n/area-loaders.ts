/**
 * The screen areas' loaders (src/i18n/areas.ts): one module per area and language, each exporting
 * the area under its name. A module of its own so that the login page, which shows no screen area,
 * does not carry three lazy imports for every area.
 */
import type { Locales, Translations } from './i18n-types';

/** Screen areas: one module per area and language, each exporting the area under its name. */
export const areaLoaders = {
  home: { en: () => import('./en/home'), 'zh-CN': () => import('./zh-CN/home'), ar: () => import('./ar/home') },
  team: { en: () => import('./en/team'), 'zh-CN': () => import('./zh-CN/team'), ar: () => import('./ar/team') },
  intro: { en: () => import('./en/intro'), 'zh-CN': () => import('./zh-CN/intro'), ar: () => import('./ar/intro') },
  onboarding: { en: () => import('./en/onboarding'), 'zh-CN': () => import('./zh-CN/onboarding'), ar: () => import('./ar/onboarding') },
  pipeline: { en: () => import('./en/pipeline'), 'zh-CN': () => import('./zh-CN/pipeline'), ar: () => import('./ar/pipeline') },
  leads: { en: () => import('./en/leads'), 'zh-CN': () => import('./zh-CN/leads'), ar: () => import('./ar/leads') },
  contacts: { en: () => import('./en/contacts'), 'zh-CN': () => import('./zh-CN/contacts'), ar: () => import('./ar/contacts') },
  tags: { en: () => import('./en/tags'), 'zh-CN': () => import('./zh-CN/tags'), ar: () => import('./ar/tags') },
  importer: { en: () => import('./en/importer'), 'zh-CN': () => import('./zh-CN/importer'), ar: () => import('./ar/importer') },
  sync: { en: () => import('./en/sync'), 'zh-CN': () => import('./zh-CN/sync'), ar: () => import('./ar/sync') },
  chats: { en: () => import('./en/chats'), 'zh-CN': () => import('./zh-CN/chats'), ar: () => import('./ar/chats') },
  tools: { en: () => import('./en/tools'), 'zh-CN': () => import('./zh-CN/tools'), ar: () => import('./ar/tools') },
  templates: { en: () => import('./en/templates'), 'zh-CN': () => import('./zh-CN/templates'), ar: () => import('./ar/templates') },
  schedules: { en: () => import('./en/schedules'), 'zh-CN': () => import('./zh-CN/schedules'), ar: () => import('./ar/schedules') },
  inviteLinks: { en: () => import('./en/invite-links'), 'zh-CN': () => import('./zh-CN/invite-links'), ar: () => import('./ar/invite-links') },
  integrations: { en: () => import('./en/integrations'), 'zh-CN': () => import('./zh-CN/integrations'), ar: () => import('./ar/integrations') },
  billing: { en: () => import('./en/billing'), 'zh-CN': () => import('./zh-CN/billing'), ar: () => import('./ar/billing') },
  analytics: { en: () => import('./en/analytics'), 'zh-CN': () => import('./zh-CN/analytics'), ar: () => import('./ar/analytics') },
  assistant: { en: () => import('./en/assistant'), 'zh-CN': () => import('./zh-CN/assistant'), ar: () => import('./ar/assistant') },
  productLog: { en: () => import('./en/product-log'), 'zh-CN': () => import('./zh-CN/product-log'), ar: () => import('./ar/product-log') },
} satisfies Record<string, Record<Locales, () => Promise<Record<string, unknown>>>>;

export type LazyArea = keyof typeof areaLoaders & keyof Translations;

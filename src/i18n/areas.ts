/**
 * Loading the dictionary by area, so a page loads only the texts it shows.
 *
 * `src/i18n/<locale>/index.ts` assembles every area (typesafe-i18n generates the types from the
 * English one, and tests load it whole). In the app, a language loads its boot areas
 * (`<locale>/boot.ts`: common, auth, layout, pages: the sign-in form, the layout's frame, the error
 * and 404 pages) plus every screen area already asked for; a
 * lazily loaded screen asks for its areas (`loadAreas(['team'])`) before it renders, for every
 * language whose dictionary is loaded, so switching language never meets a missing area.
 * Views re-read the dictionary through `subscribeDictionary` / `dictionaryVersion`.
 */
import { initFormatters } from './formatters';
import type { Locales, Translations } from './i18n-types';
import { loadedFormatters, loadedLocales } from './i18n-util';

const bootLoaders: Record<Locales, () => Promise<{ default: object }>> = {
  en: () => import('./en/boot'),
  'zh-CN': () => import('./zh-CN/boot'),
  ar: () => import('./ar/boot'),
};

/** Screen areas: one module per area and language, each exporting the area under its name. */
const areaLoaders = {
  home: { en: () => import('./en/home'), 'zh-CN': () => import('./zh-CN/home'), ar: () => import('./ar/home') },
  team: { en: () => import('./en/team'), 'zh-CN': () => import('./zh-CN/team'), ar: () => import('./ar/team') },
  intro: { en: () => import('./en/intro'), 'zh-CN': () => import('./zh-CN/intro'), ar: () => import('./ar/intro') },
  onboarding: { en: () => import('./en/onboarding'), 'zh-CN': () => import('./zh-CN/onboarding'), ar: () => import('./ar/onboarding') },
  pipeline: { en: () => import('./en/pipeline'), 'zh-CN': () => import('./zh-CN/pipeline'), ar: () => import('./ar/pipeline') },
  leads: { en: () => import('./en/leads'), 'zh-CN': () => import('./zh-CN/leads'), ar: () => import('./ar/leads') },
} satisfies Record<string, Record<Locales, () => Promise<Record<string, unknown>>>>;

export type LazyArea = keyof typeof areaLoaders & keyof Translations;

const wanted = new Set<LazyArea>();
const listeners = new Set<() => void>();
let version = 0;

const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

const loadArea = async (locale: Locales, area: LazyArea): Promise<Partial<Translations>> => {
  const module: Record<string, unknown> = await areaLoaders[area][locale]();
  return { [area]: module[area] } as Partial<Translations>;
};

/** The language machine's `loadLocale`: the boot areas and every area asked for so far. */
export const loadLocaleByAreas = async (locale: Locales): Promise<void> => {
  const [boot, ...areas] = await Promise.all([bootLoaders[locale](), ...[...wanted].map((a) => loadArea(locale, a))]);
  loadedLocales[locale] = Object.assign({}, loadedLocales[locale], boot.default, ...areas) as Translations;
  loadedFormatters[locale] = initFormatters(locale);
  changed();
};

/** Makes sure `areas` are in every loaded language's dictionary (a screen calls it before rendering). */
export const loadAreas = async (areas: readonly LazyArea[]): Promise<void> => {
  for (const area of areas) wanted.add(area);
  const locales = Object.keys(loadedLocales) as Locales[];
  const missing = locales.flatMap((locale) => areas.filter((a) => loadedLocales[locale][a] === undefined).map((a) => [locale, a] as const));
  if (missing.length === 0) return;
  const loaded = await Promise.all(missing.map(async ([locale, area]) => [locale, await loadArea(locale, area)] as const));
  for (const [locale, part] of loaded) loadedLocales[locale] = { ...loadedLocales[locale], ...part };
  changed();
};

export const subscribeDictionary = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Changes whenever a dictionary gains areas or a language is (re)loaded. */
export const dictionaryVersion = (): number => version;

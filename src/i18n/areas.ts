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
import type { LazyArea } from './area-loaders';
import type { Locales, Translations } from './i18n-types';
import { loadedFormatters, loadedLocales } from './i18n-util';

const bootLoaders: Record<Locales, () => Promise<{ default: object }>> = {
  en: () => import('./en/boot'),
  'zh-CN': () => import('./zh-CN/boot'),
  ar: () => import('./ar/boot'),
};

/**
 * The screen areas' loaders are a module of their own (src/i18n/area-loaders.ts), imported with the
 * first screen area asked for: the login page needs none of them.
 */
export type { LazyArea } from './area-loaders';

const wanted = new Set<LazyArea>();
const listeners = new Set<() => void>();
let version = 0;

const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

const loadArea = async (locale: Locales, area: LazyArea): Promise<Partial<Translations>> => {
  const { areaLoaders } = await import('./area-loaders');
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

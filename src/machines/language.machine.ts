import { assign, setup, type ActorRefFrom } from 'xstate';
import { languages, type Language } from '../contract/account';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * Language (SPEC §1): English, Simplified Chinese or Arabic.
 *
 * The initial language is the stored setting, else the browser language (zh* -> zh-CN,
 * ar* -> ar, en* -> en), else English. The dictionary is loaded (`loadLocale`) before the app
 * is `ready`. `user.choose {language}` loads the new dictionary, then applies it
 * (`applyLanguage`: `<html lang dir>`, rtl for Arabic), persists it locally (`persistLanguage`)
 * and saves the server copy (`saveSetting`, failures ignored).
 */

export type Direction = 'ltr' | 'rtl';
export type LanguageInput = {
  /** The stored setting (any string: unknown values are ignored). */
  stored: string | null;
  /** navigator.languages (or navigator.language). */
  browser: string | readonly string[] | null;
};
export type LanguageContext = {
  language: Language;
  dir: Direction;
  /** The language being loaded by a `user.choose` (null when none). */
  pending: Language | null;
};
export type LanguageEvent = { type: 'user.choose'; language: Language };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** Maps one browser language tag to a product language, if any. */
export const languageFromTag = (tag: string): Language | null => {
  const t = tag.trim().toLowerCase();
  if (t.startsWith('zh')) return 'zh-CN';
  if (t === 'ar' || t.startsWith('ar-') || t.startsWith('ar_')) return 'ar';
  if (t === 'en' || t.startsWith('en-') || t.startsWith('en_')) return 'en';
  return null;
};

/** Stored setting, else the first browser language the product has, else English. */
export const initialLanguage = (input: LanguageInput): Language => {
  if (isLanguage(input.stored)) return input.stored;
  const tags = input.browser === null ? [] : typeof input.browser === 'string' ? [input.browser] : input.browser;
  for (const tag of tags) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return 'en';
};

export const directionOf = (language: Language): Direction => (language === 'ar' ? 'rtl' : 'ltr');

export type LanguageParams = { language: Language; dir: Direction };

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
    tags: {} as 'ready' | 'busy' | 'loadFailed',
  },
  actors: {
    loadLocale: actorNotProvided<void, { language: Language }>('loadLocale'),
    saveSetting: actorNotProvided<void, { language: Language }>('saveSetting'),
  },
  actions: {
    applyLanguage: actionNotProvided<LanguageParams>('applyLanguage'),
    persistLanguage: actionNotProvided<{ language: Language }>('persistLanguage'),
    setLanguage: assign((_, language: Language) => ({ language, dir: directionOf(language), pending: null })),
    setPending: assign((_, language: Language | null) => ({ pending: language })),
  },
  guards: {
    isNotEnglish: ({ context }) => context.language !== 'en',
    isOtherLanguage: ({ context }, language: Language) => isLanguage(language) && language !== context.language,
  },
}).createMachine({
  id: 'language',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['language', 'dir', 'pending'] },
  context: ({ input }) => {
    const language = initialLanguage(input);
    return { language, dir: directionOf(language), pending: null };
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'First dictionary load; nothing is shown before it.',
      tags: ['busy'],
      invoke: {
        id: 'loadLocale',
        src: 'loadLocale',
        input: ({ context }) => ({ language: context.language }),
        onDone: {
          target: 'ready',
          actions: { type: 'applyLanguage', params: ({ context }) => ({ language: context.language, dir: context.dir }) },
        },
        onError: [
          {
            description: 'The dictionary could not be loaded: fall back to English.',
            guard: 'isNotEnglish',
            target: 'loading',
            reenter: true,
            actions: { type: 'setLanguage', params: 'en' },
          },
          { target: 'failed' },
        ],
      },
    },
    failed: {
      description: 'Not even the English dictionary loaded (e.g. offline); a new choice loads again.',
      tags: ['loadFailed'],
      on: {
        'user.choose': {
          target: 'loading',
          actions: { type: 'setLanguage', params: ({ event }) => event.language },
        },
      },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'user.choose': {
          guard: { type: 'isOtherLanguage', params: ({ event }) => event.language },
          target: 'switching',
          actions: { type: 'setPending', params: ({ event }) => event.language },
        },
      },
      states: {
        idle: {},
        saving: {
          description: 'Saving the server copy of the setting; a failure is ignored (the local copy stands).',
          invoke: {
            id: 'saveSetting',
            src: 'saveSetting',
            input: ({ context }) => ({ language: context.language }),
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
    switching: {
      description: 'Loading the chosen dictionary; the current language stays until it arrives.',
      tags: ['ready', 'busy'],
      on: {
        'user.choose': {
          target: 'switching',
          reenter: true,
          actions: { type: 'setPending', params: ({ event }) => event.language },
        },
      },
      invoke: {
        id: 'loadLocale',
        src: 'loadLocale',
        input: ({ context }) => ({ language: context.pending ?? context.language }),
        onDone: {
          target: 'ready.saving',
          actions: [
            { type: 'setLanguage', params: ({ context }) => context.pending ?? context.language },
            { type: 'applyLanguage', params: ({ context }) => ({ language: context.language, dir: context.dir }) },
            { type: 'persistLanguage', params: ({ context }) => ({ language: context.language }) },
          ],
        },
        onError: {
          description: 'The chosen dictionary did not load: keep the current language.',
          target: 'ready',
          actions: { type: 'setPending', params: null },
        },
      },
    },
  },
});

export type LanguageActorRef = ActorRefFrom<typeof languageMachine>;

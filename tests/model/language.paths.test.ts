/**
 * Generated path tests of the language machine: every state and transition is reached, and each
 * step loads, applies, keeps and saves the language the user chose (SPEC §8).
 */
import { languageMachine, type LanguageContext } from '../../src/machines/language.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const events = [
  { type: 'user.choose', language: 'ar' },
  { type: 'user.choose', language: 'zh-CN' },
  { type: 'user.choose', language: 'en' },
  { type: 'xstate.done.actor.loadLocale' },
  { type: 'xstate.error.actor.loadLocale', error: 'chunk failed' },
  { type: 'xstate.done.actor.saveSetting' },
  { type: 'xstate.error.actor.saveSetting', error: 'network' },
];

const variants = [
  { name: 'stored ar', input: { stored: 'ar', browser: 'en-US' }, first: 'ar' },
  { name: 'browser en', input: { stored: null, browser: ['en-GB'] }, first: 'en' },
] as const;

const dirOf = (language: string) => (language === 'ar' ? 'rtl' : 'ltr');
const ctx = (s: EffectStep['before']) => s?.context as LanguageContext;

/**
 * The start loads the stored (else the browser's) language; a choice loads the chosen one (while a
 * dictionary is shown, the current one stays until it arrives); a dictionary that fails falls back
 * to English once. A loaded dictionary is applied; a chosen one is also kept locally and saved on
 * the server.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event } = step;
  if (step.index === 0) return [actorRan('loadLocale', { language: variants.find((v) => v.name === step.variant)!.first })];
  const before = ctx(step.before);
  if (event.type === 'user.choose') {
    const language = event.language as string;
    const loads = step.before!.matches('failed') || step.before!.matches('switching') || language !== before.language;
    return loads ? [actorRan('loadLocale', { language })] : [];
  }
  if (event.type === 'xstate.error.actor.loadLocale') {
    return step.before!.matches('loading') && before.language !== 'en' ? [actorRan('loadLocale', { language: 'en' })] : [];
  }
  if (event.type === 'xstate.done.actor.loadLocale') {
    if (step.before!.matches('loading')) return [actionRan('applyLanguage', { language: before.language, dir: dirOf(before.language) })];
    const chosen = before.pending!;
    return [
      actionRan('applyLanguage', { language: chosen, dir: dirOf(chosen) }),
      actionRan('persistLanguage', { language: chosen }),
      actorRan('saveSetting', { language: chosen }),
    ];
  }
  return [];
};

machinePathSuite('language paths', languageMachine, {
  events,
  effects,
  variants: variants.map(({ name, input }) => ({ name, input })),
});

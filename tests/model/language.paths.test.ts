import { languageMachine } from '../../src/machines/language.machine';
import { machinePathSuite } from '../support/machine-paths';

const events = [
  { type: 'user.choose', language: 'ar' },
  { type: 'user.choose', language: 'zh-CN' },
  { type: 'user.choose', language: 'en' },
  { type: 'xstate.done.actor.loadLocale' },
  { type: 'xstate.error.actor.loadLocale', error: 'chunk failed' },
  { type: 'xstate.done.actor.saveSetting' },
  { type: 'xstate.error.actor.saveSetting', error: 'network' },
];

machinePathSuite('language paths', languageMachine, {
  events,
  variants: [
    { name: 'stored ar', input: { stored: 'ar', browser: 'en-US' } },
    { name: 'browser en', input: { stored: null, browser: ['en-GB'] } },
  ],
});

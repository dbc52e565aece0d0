import { setup, type ActorRefFrom } from 'xstate';
import { actionNotProvided } from './not-provided';

/**
 * The privacy tool (SPEC §2 assistant tools): one switch per browser that blurs names, phone
 * numbers and message text on every screen that shows them (pipeline, contacts, conversations),
 * for sharing the screen. An app-wide actor of the app system ('privacy', src/machines/app.machine.ts),
 * running for the whole page: the choice belongs to the browser, not to an account, so it stays
 * through a sign-out and a sign-in as someone else, and is remembered across reloads (the storage
 * key `privacyMode`).
 *
 * At start the stored choice is restored (none stored, or an unreadable one: off). Each state
 * applies itself on entry (`applyPrivacy`: the page's root carries the mode, and views mark what
 * it blurs, src/ui/components/sensitive.tsx); a `user.toggle` switches and stores the new choice
 * (`persistPrivacy`).
 *
 * Tags for the view: on.
 */

export type PrivacyMode = 'on' | 'off';

/** The stored choice (src/services/storage.ts `privacyMode`), null when none is stored. */
export type PrivacyInput = { stored: PrivacyMode | null };

export type PrivacyEvent = { type: 'user.toggle' };

export const privacyMachine = setup({
  types: {} as {
    events: PrivacyEvent;
    input: PrivacyInput;
    context: PrivacyInput;
    tags: 'on';
  },
  actions: {
    /** Shows the mode on the page (the blur of every marked element, or none). */
    applyPrivacy: actionNotProvided<{ mode: PrivacyMode }>('applyPrivacy'),
    /** Remembers the choice in this browser. */
    persistPrivacy: actionNotProvided<{ mode: PrivacyMode }>('persistPrivacy'),
  },
  guards: {
    storedOn: ({ context }) => context.stored === 'on',
  },
}).createMachine({
  id: 'privacy',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['stored'] },
  context: ({ input }) => ({ stored: input.stored }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The choice stored in this browser is restored (none stored: off).',
      always: [{ guard: 'storedOn', target: 'on' }, { target: 'off' }],
    },
    off: {
      description: 'Names, phone numbers and message text show as they are.',
      entry: { type: 'applyPrivacy', params: { mode: 'off' } },
      on: { 'user.toggle': { target: 'on', actions: { type: 'persistPrivacy', params: { mode: 'on' } } } },
    },
    on: {
      description: 'Names, phone numbers and message text are blurred on every screen, for screen sharing.',
      tags: ['on'],
      entry: { type: 'applyPrivacy', params: { mode: 'on' } },
      on: { 'user.toggle': { target: 'off', actions: { type: 'persistPrivacy', params: { mode: 'off' } } } },
    },
  },
});

export type PrivacyActorRef = ActorRefFrom<typeof privacyMachine>;

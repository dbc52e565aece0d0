/**
 * Generated path tests of the privacy switch (SPEC §2 assistant tools, privacy tool;
 * src/machines/privacy.machine.ts): every state and transition is reached, and each step runs
 * exactly its effects: the stored choice restored and applied at start (nothing stored: off), each
 * toggle applying the new mode and storing it. Then the effects themselves: the page's root carries
 * the mode, and the choice lives in this browser's storage, read back by a new page.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { privacyMachine, type PrivacyMode } from '../../src/machines/privacy.machine';
import { privacyEffects } from '../../src/services/actors/privacy';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { actionRan, machinePathSuite, type Effect, type EffectStep } from '../support/machine-paths';

const effects = (step: EffectStep): Effect[] => {
  if (step.index === 0) {
    const stored = (step.input as { stored: PrivacyMode | null }).stored;
    return [actionRan('applyPrivacy', { mode: stored === 'on' ? 'on' : 'off' })];
  }
  const next: PrivacyMode = step.before!.hasTag('on') ? 'off' : 'on';
  return [actionRan('persistPrivacy', { mode: next }), actionRan('applyPrivacy', { mode: next })];
};

machinePathSuite('privacy machine paths', privacyMachine, {
  events: [{ type: 'user.toggle' }],
  effects,
  input: { stored: null },
  variants: [
    { name: 'nothing stored', input: { stored: null } },
    { name: 'stored on', input: { stored: 'on' } },
    { name: 'stored off', input: { stored: 'off' } },
  ],
});

describe('the privacy switch on a page', () => {
  /** A page: its root element, this browser's storage, and the switch started from what is stored. */
  const page = (backend = createMemoryBackend()) => {
    const storage = createStorage(backend);
    const root = document.createElement('html');
    const machine = privacyMachine.provide(
      privacyEffects({
        storage,
        document: { documentElement: root },
        api: null as never,
        navigate: () => undefined,
        sendTo: () => undefined,
        loadLocale: async () => undefined,
      }),
    );
    const actor = createActor(machine, { input: { stored: storage.get('privacyMode') } }).start();
    return { actor, root, backend };
  };

  it('starts off with nothing stored; a toggle marks the root and stores the choice; a reload restores it', () => {
    const first = page();
    expect(first.root.hasAttribute('data-privacy')).toBe(false);
    first.actor.send({ type: 'user.toggle' });
    expect(first.root.getAttribute('data-privacy')).toBe('on');
    expect(first.backend.dump()).toEqual({ privacyMode: 'on' });

    const reloaded = page(first.backend);
    expect(reloaded.actor.getSnapshot().hasTag('on')).toBe(true);
    expect(reloaded.root.getAttribute('data-privacy')).toBe('on');
    reloaded.actor.send({ type: 'user.toggle' });
    expect(reloaded.root.hasAttribute('data-privacy')).toBe(false);
    expect(reloaded.backend.dump()).toEqual({ privacyMode: 'off' });
  });

  it('reads an unreadable stored value as nothing stored (off)', () => {
    const p = page(createMemoryBackend({ privacyMode: 'maybe' }));
    expect(p.actor.getSnapshot().hasTag('on')).toBe(false);
    expect(p.root.hasAttribute('data-privacy')).toBe(false);
  });
});

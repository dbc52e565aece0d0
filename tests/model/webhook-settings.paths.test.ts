/**
 * Generated path tests of the webhook settings (SPEC §3 Webhook settings, §2 feature-limit dialog,
 * §8 'Copy successful'): every state and transition is reached, and each step runs exactly its
 * effects: the settings read at start (and on a retry) with the delivery log started beside them;
 * a save sent with each URL trimmed and an empty one as null, never while a URL is not http(s)
 * (the live check) and never on a plan without the custom webhook (the feature-limit dialog
 * instead); the secret the first save or a confirmed rotation made shown once and copied with the
 * clipboard service; PLAN_LIMIT refusals opening the dialog; 'Successfully saved' and 'Copy
 * successful' said.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { WebhookConfig } from '../../src/contract/integrations';
import { webhookSettingsMachine, type SaveAnswer } from '../../src/machines/webhook-settings.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

type Settings = { draft: { receivedUrl: string; sentUrl: string }; secret: string | null; customWebhook: boolean; config: WebhookConfig | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Settings;

const fresh: WebhookConfig = { receivedUrl: null, sentUrl: null, hasSecret: false, secretCreatedAt: null, secretHint: null, updatedAt: null };
const existing: WebhookConfig = {
  receivedUrl: 'https://old.example.com/in',
  sentUrl: null,
  hasSecret: true,
  secretCreatedAt: 1_700_000_000_000,
  secretHint: 'a1b2',
  updatedAt: 1_700_000_000_000,
};
const FIRST_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ROTATED_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const saved = (secret: string | null) => ({
  ok: true,
  data: { receivedUrl: 'https://hooks.example.com/in', sentUrl: null, hasSecret: true, secretCreatedAt: 1_710_000_000_000, secretHint: '9xQz', updatedAt: 1_710_000_000_000, secret },
});
const networkDown = new Error('Network error');

const events = (s: AnyMachineSnapshot): PathEvent[] => {
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadConfig', output: fresh },
      { type: 'xstate.done.actor.loadConfig', output: existing },
      { type: 'xstate.error.actor.loadConfig', error: networkDown },
    ];
  }
  if (s.matches('loadFailed')) return [{ type: 'user.retry' }];
  if (s.matches('editing')) {
    return [
      // A trailing space (trimmed on save), a scheme that is not http(s), and an emptied field.
      { type: 'user.edit', field: 'receivedUrl', value: 'https://hooks.example.com/in ' },
      { type: 'user.edit', field: 'sentUrl', value: 'ftp://files.example.com/out' },
      { type: 'user.edit', field: 'sentUrl', value: '' },
      { type: 'user.save' },
      { type: 'user.rotate' },
    ];
  }
  if (s.matches('saving')) {
    return [
      { type: 'xstate.done.actor.saveConfig', output: saved(FIRST_SECRET) },
      { type: 'xstate.done.actor.saveConfig', output: saved(null) },
      { type: 'xstate.done.actor.saveConfig', output: { ok: false, code: Code.PLAN_LIMIT, message: 'Your plan does not include this feature' } },
      { type: 'xstate.done.actor.saveConfig', output: { ok: false, code: Code.VALIDATION, message: 'This address is not reachable from the internet' } },
      { type: 'xstate.error.actor.saveConfig', error: networkDown },
    ];
  }
  if (s.matches('confirmingRotate')) return [{ type: 'user.confirm' }, { type: 'user.cancel' }];
  if (s.matches('rotating')) {
    return [
      { type: 'xstate.done.actor.rotateSecret', output: { ok: true, data: { secret: ROTATED_SECRET, secretCreatedAt: 1_720_000_000_000, secretHint: 'b7oD' } } },
      { type: 'xstate.done.actor.rotateSecret', output: { ok: false, code: Code.PLAN_LIMIT, message: 'Your plan does not include this feature' } },
      { type: 'xstate.done.actor.rotateSecret', output: { ok: false, code: Code.FORBIDDEN, message: 'You do not have permission to do this' } },
      { type: 'xstate.error.actor.rotateSecret', error: networkDown },
    ];
  }
  if (s.matches({ revealing: 'shown' })) return [{ type: 'user.copy' }, { type: 'user.closeSecret' }];
  if (s.matches({ revealing: 'copying' })) {
    return [{ type: 'xstate.done.actor.copySecret' }, { type: 'xstate.error.actor.copySecret', error: new Error('The clipboard is not available') }, { type: 'user.closeSecret' }];
  }
  if (s.matches('featureLimit')) return [{ type: 'user.close' }];
  return [];
};

/** The contract's rule, written out: http(s), or empty. */
const isUrlOk = (value: string): boolean => value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim());

/** The secret the last save or rotation in the path made (what the copy must hand the clipboard). */
const lastSecret = (history: readonly PathEvent[]): string | null => {
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i]!;
    const output = e.output as { ok?: boolean; data?: { secret?: string | null } } | undefined;
    if ((e.type === 'xstate.done.actor.saveConfig' || e.type === 'xstate.done.actor.rotateSecret') && output?.ok && output.data?.secret) return output.data.secret;
  }
  return null;
};

/**
 * Start: the settings load and the delivery log starts. Save sends the draft as typed (trimmed,
 * empty as null) when both URLs are fine and the plan has the custom webhook. A confirmed rotation
 * calls rotate; Copy hands the secret shown to the clipboard. A save that went through says so; a
 * copy says 'Copy successful'.
 */
const effects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (step.index === 0) return [actorRan('loadConfig'), actorRan('webhookDeliveries')];
  const from = (state: string | object) => before?.matches(state) ?? false;
  switch (event.type) {
    case 'user.retry':
      return from('loadFailed') ? [actorRan('loadConfig')] : [];
    case 'user.save': {
      if (!from('editing')) return [];
      const { draft, customWebhook } = ctx(before!);
      if (!isUrlOk(draft.receivedUrl) || !isUrlOk(draft.sentUrl) || !customWebhook) return [];
      return [actorRan('saveConfig', { receivedUrl: draft.receivedUrl.trim() || null, sentUrl: draft.sentUrl.trim() || null })];
    }
    case 'user.confirm':
      return from('confirmingRotate') ? [actorRan('rotateSecret')] : [];
    case 'user.copy':
      return from({ revealing: 'shown' }) ? [actorRan('copySecret', { secret: lastSecret(step.history) })] : [];
    case 'xstate.done.actor.saveConfig':
      return (event.output as { ok: boolean }).ok ? [actionRan('notify', { kind: 'saved' })] : [];
    case 'xstate.done.actor.copySecret':
      return [actionRan('notify', { kind: 'copied' })];
    default:
      return [];
  }
};

machinePathSuite('webhook settings machine paths', webhookSettingsMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    draft: c.draft,
    hasSecret: c.config?.hasSecret ?? null,
    secret: c.secret,
    error: c.error ? (c.error.kind === 'server' ? c.error.code : c.error.kind) : null,
    copyFailed: c.copyFailed,
  }),
  variants: [
    { name: 'plan with custom webhook', input: { customWebhook: true } },
    { name: 'plan without custom webhook', input: { customWebhook: false } },
  ],
});

// The secret shown once: the context keeps it only while it is shown, and it is never recordable.
describe('webhook settings: the secret', () => {
  it('is not part of what a recording keeps', () => {
    const recordable = (webhookSettingsMachine.config.meta as { recordable: string[] }).recordable;
    expect(recordable).not.toContain('secret');
    expect(recordable).not.toContain('config');
  });

  it('is forgotten when the person closes it', async () => {
    const actor = createActor(
      webhookSettingsMachine.provide({
        actors: {
          loadConfig: fromPromise(async () => fresh),
          saveConfig: fromPromise(async (): Promise<SaveAnswer> => ({ ok: true, data: saved(FIRST_SECRET).data })),
          webhookDeliveries: fromCallback(() => undefined) as never,
        },
        actions: { notify: () => undefined },
      }),
      { input: { customWebhook: true } },
    );
    actor.start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'user.edit', field: 'receivedUrl', value: 'https://hooks.example.com/in' });
    actor.send({ type: 'user.save' });
    await waitFor(actor, (s) => s.hasTag('secretShown'));
    expect(actor.getSnapshot().context.secret).toBe(FIRST_SECRET);
    actor.send({ type: 'user.closeSecret' });
    expect(actor.getSnapshot().context.secret).toBeNull();
    expect(actor.getSnapshot().context.config?.secretHint).toBe('9xQz');
    expect(actor.getSnapshot().value).toBe('editing');
    actor.stop();
  });
});

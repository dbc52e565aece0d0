import { and, assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import { WEBHOOK_URL_MESSAGE, webhookConfigSaveRequest, type WebhookConfig } from '../contract/integrations';
import { networkError, refusalOf, refusedWith, type Answer, type CallError } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { webhookDeliveriesMachine } from './webhook-deliveries.machine';

/**
 * The webhook settings (SPEC §3 Webhook settings: one URL for received messages, one for sent
 * ones; §7 /webhook/config and /webhook/config/save), a child flow of the integration centre's
 * overview (src/machines/integrations.machine.ts), started when an owner or manager opens the
 * webhook card. It owns the delivery log (src/machines/webhook-deliveries.machine.ts) as its child
 * `deliveries`, which runs (and polls) as long as the settings are shown.
 *
 * 1. The configuration loads (`loadConfig`); a failure offers a retry.
 * 2. The two URLs are edited with live checks (`urlProblemOf`, the contract's rule: http or https,
 *    or empty for no webhook in that direction; the server also refuses private addresses).
 * 3. Save: a plan without `custom_webhook` (the parent's input) or a PLAN_LIMIT refusal opens the
 *    feature-limit dialog (SPEC §2) instead of saving; another refusal or a failure shows why.
 * 4. The first save makes the workspace's signing secret, and rotating (after a confirmation)
 *    makes a new one: either way the secret is shown ONCE (`revealing`), with Copy (the clipboard
 *    service; 'Copy successful'), until the person closes it. Only its last four characters
 *    (`secretHint`) are kept afterwards. The secret is never recordable context, and recordings
 *    redact it (src/services/redact.ts: `secret`).
 *
 * Tags for the view: loading, loadFailed, busy, saving, confirmRotate, secretShown, copying, featureLimit.
 */

export type WebhookSettingsInput = {
  /** Whether the plan has the `custom_webhook` bit (an unknown plan: true, the server decides). */
  customWebhook: boolean;
};

export type WebhookDraft = { receivedUrl: string; sentUrl: string };
export type UrlField = keyof WebhookDraft;
/** What the save sends: each URL trimmed, an empty one as null (no webhook that way). */
export type WebhookSave = { receivedUrl: string | null; sentUrl: string | null };
/** A save's answer: the configuration, and the secret when this save made it. */
export type SaveAnswer = Answer<WebhookConfig & { secret: string | null }>;
export type RotateAnswer = Answer<{ secret: string; secretCreatedAt: number; secretHint: string }>;
export type WebhookToast = { kind: 'saved' } | { kind: 'copied' };

/** Why a URL cannot be saved: not http(s) (the contract's WEBHOOK_URL_MESSAGE) or too long. */
export type UrlProblem = 'format' | 'tooLong';
/** The contract's longest webhook URL. */
export const WEBHOOK_URL_MAX = 2048;
export { WEBHOOK_URL_MESSAGE };

type Context = WebhookSettingsInput & {
  config: WebhookConfig | null;
  draft: WebhookDraft;
  /** The secret just made, shown once; null otherwise. Never recordable. */
  secret: string | null;
  /** Why the last save or rotation did not go through. */
  error: CallError | null;
  /** Copying the secret to the clipboard failed (the person selects it by hand). */
  copyFailed: boolean;
};

type Events =
  | { type: 'user.edit'; field: UrlField; value: string }
  | { type: 'user.save' }
  | { type: 'user.retry' }
  | { type: 'user.rotate' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.copy' }
  | { type: 'user.closeSecret' }
  | { type: 'user.close' };

/** The problem of one URL as typed (empty is fine: no webhook that way), by the contract's schema. */
export const urlProblemOf = (value: string): UrlProblem | null => {
  const url = value.trim();
  if (url === '') return null;
  if (url.length > WEBHOOK_URL_MAX) return 'tooLong';
  return webhookConfigSaveRequest.safeParse({ receivedUrl: url, sentUrl: null }).success ? null : 'format';
};

/** The problems of the draft, by field. */
export const draftProblems = (draft: WebhookDraft): Record<UrlField, UrlProblem | null> => ({
  receivedUrl: urlProblemOf(draft.receivedUrl),
  sentUrl: urlProblemOf(draft.sentUrl),
});

const urlOf = (value: string): string | null => value.trim() || null;
export const saveOf = (draft: WebhookDraft): WebhookSave => ({ receivedUrl: urlOf(draft.receivedUrl), sentUrl: urlOf(draft.sentUrl) });
const draftOf = (config: WebhookConfig): WebhookDraft => ({ receivedUrl: config.receivedUrl ?? '', sentUrl: config.sentUrl ?? '' });

/** The draft differs from what is saved. */
export const draftChanged = (c: Pick<Context, 'config' | 'draft'>): boolean => {
  const saved = c.config ? saveOf(draftOf(c.config)) : { receivedUrl: null, sentUrl: null };
  const now = saveOf(c.draft);
  return saved.receivedUrl !== now.receivedUrl || saved.sentUrl !== now.sentUrl;
};

const configOfSave = (data: WebhookConfig & { secret: string | null }): WebhookConfig => {
  const { secret: _secret, ...config } = data;
  return config;
};

export const webhookSettingsMachine = setup({
  types: {} as {
    context: Context;
    events: Events;
    input: WebhookSettingsInput;
    tags: 'loading' | 'loadFailed' | 'busy' | 'saving' | 'confirmRotate' | 'secretShown' | 'copying' | 'featureLimit';
  },
  actors: {
    loadConfig: actorNotProvided<WebhookConfig, void>('loadConfig'),
    saveConfig: actorNotProvided<SaveAnswer, WebhookSave>('saveConfig'),
    rotateSecret: actorNotProvided<RotateAnswer, void>('rotateSecret'),
    copySecret: actorNotProvided<void, { secret: string }>('copySecret'),
    /** The delivery log's flow (provided with its effects by this flow's). */
    webhookDeliveries: webhookDeliveriesMachine,
  },
  actions: {
    notify: actionNotProvided<WebhookToast>('notify'),
    /** A saved configuration (and the secret this save made, if any) replaces the draft. */
    assignSaved: assign((_, answer: SaveAnswer) => {
      if (!answer.ok) return {};
      const config = configOfSave(answer.data);
      return { config, draft: draftOf(config), secret: answer.data.secret, error: null };
    }),
  },
  guards: {
    draftValid: ({ context }) => Object.values(draftProblems(context.draft)).every((p) => p === null),
    /** The plan has no custom webhook (SPEC §2 feature-limit dialog). */
    planLacksWebhook: ({ context }) => !context.customWebhook,
    hasSecret: ({ context }) => context.config?.hasSecret === true,
    planLimit: (_, answer: Answer<unknown>) => refusedWith(answer, Code.PLAN_LIMIT),
    refused: (_, answer: Answer<unknown>) => !answer.ok,
    madeSecret: (_, answer: SaveAnswer) => answer.ok && answer.data.secret !== null,
  },
}).createMachine({
  id: 'webhookSettings',
  meta: { recordable: ['customWebhook', 'draft', 'error', 'copyFailed'] },
  context: ({ input }) => ({ ...input, config: null, draft: { receivedUrl: '', sentUrl: '' }, secret: null, error: null, copyFailed: false }),
  invoke: { id: 'deliveries', src: 'webhookDeliveries' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: { target: 'editing', actions: assign({ config: ({ event }) => event.output, draft: ({ event }) => draftOf(event.output) }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'The settings could not be read (network or server failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    editing: {
      on: {
        'user.edit': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), error: null }) },
        // A URL that is not http(s) shows its problem under it, and nothing happens.
        'user.save': [
          { guard: and(['draftValid', 'planLacksWebhook']), target: 'featureLimit' },
          { guard: 'draftValid', target: 'saving', actions: assign({ error: null }) },
        ],
        'user.rotate': [
          { guard: 'planLacksWebhook', target: 'featureLimit' },
          { guard: 'hasSecret', target: 'confirmingRotate', actions: assign({ error: null }) },
        ],
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'saveConfig',
        src: 'saveConfig',
        input: ({ context }) => saveOf(context.draft),
        onDone: [
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit' },
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'editing', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
          {
            description: 'The first save made the signing secret: it is shown once.',
            guard: { type: 'madeSecret', params: ({ event }) => event.output },
            target: 'revealing',
            actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, { type: 'notify', params: { kind: 'saved' } }],
          },
          {
            target: 'editing',
            actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, { type: 'notify', params: { kind: 'saved' } }],
          },
        ],
        onError: { target: 'editing', actions: assign({ error: networkError }) },
      },
    },
    confirmingRotate: {
      description: 'Rotating waits for a confirmation: receivers holding the old secret stop verifying.',
      tags: ['confirmRotate'],
      on: { 'user.confirm': 'rotating', 'user.cancel': 'editing' },
    },
    rotating: {
      tags: ['busy'],
      invoke: {
        id: 'rotateSecret',
        src: 'rotateSecret',
        onDone: [
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit' },
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'editing', actions: assign({ error: ({ event }) => refusalOf(event.output) }) },
          {
            target: 'revealing',
            actions: assign(({ context, event }) => {
              if (!event.output.ok || context.config === null) return {};
              const { secret, secretCreatedAt, secretHint } = event.output.data;
              return { secret, config: { ...context.config, hasSecret: true, secretCreatedAt, secretHint } };
            }),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: networkError }) },
      },
    },
    revealing: {
      description: 'The new secret is shown once, with Copy, until the person closes it.',
      tags: ['secretShown'],
      initial: 'shown',
      states: {
        shown: { on: { 'user.copy': { target: 'copying', actions: assign({ copyFailed: false }) } } },
        copying: {
          tags: ['copying'],
          invoke: {
            id: 'copySecret',
            src: 'copySecret',
            input: ({ context }) => ({ secret: context.secret ?? '' }),
            onDone: { target: 'shown', actions: { type: 'notify', params: { kind: 'copied' } } },
            onError: { target: 'shown', actions: assign({ copyFailed: true }) },
          },
        },
      },
      on: { 'user.closeSecret': { target: 'editing', actions: assign({ secret: null, copyFailed: false }) } },
    },
    featureLimit: {
      description: 'Feature-limit dialog (SPEC §2): the plan has no custom webhook; nothing was saved.',
      tags: ['featureLimit'],
      on: { 'user.close': 'editing' },
    },
  },
});

export type WebhookSettingsActorRef = ActorRefFrom<typeof webhookSettingsMachine>;

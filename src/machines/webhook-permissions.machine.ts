import { assign, setup, type ActorRefFrom } from 'xstate';
import { Code } from '../contract/codes';
import type { MemberPermission } from '../contract/integrations';
import { networkError, refusalOf, refusedWith, type CallError, type Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';

/**
 * The webhook permission per member (SPEC §2 /integration-center/permissions, §3 Webhook settings,
 * §5 'Webhook permission changes apply after a refresh.', §6: the webhook permission action is the
 * owner's and the managers'): whose synced messages the workspace's webhooks receive.
 *
 * 1. The workspace's members load with their permission (`/webhook/workspace-permission`).
 * 2. Each switch saves at once (`/webhook/permission/save`); the row follows the answer, and once
 *    one change went through the page says that changes apply after a refresh
 *    (PERMISSION_REFRESH_NOTE).
 * 3. A PLAN_LIMIT refusal opens the feature-limit dialog (SPEC §2); another refusal or a failure
 *    leaves the switch as it was and says why.
 *
 * Tags for the view: loading, loadFailed, busy, featureLimit.
 */

export type WebhookPermissionsInput = { selfId: string };
export type PermissionChange = { userId: string; enabled: boolean };
export type PermissionsToast = { kind: 'saved' };

type Context = WebhookPermissionsInput & {
  members: MemberPermission[];
  /** The switch being saved. */
  pending: PermissionChange | null;
  error: CallError | null;
  /** A change went through: the refresh note shows (SPEC §5). */
  changed: boolean;
};

type Events = { type: 'user.retry' } | ({ type: 'user.toggle' } & PermissionChange) | { type: 'user.close' };

export const webhookPermissionsMachine = setup({
  types: {} as { context: Context; events: Events; input: WebhookPermissionsInput; tags: 'loading' | 'loadFailed' | 'busy' | 'featureLimit' },
  actors: {
    loadPermissions: actorNotProvided<MemberPermission[], void>('loadPermissions'),
    savePermission: actorNotProvided<Outcome, PermissionChange>('savePermission'),
  },
  actions: {
    notify: actionNotProvided<PermissionsToast>('notify'),
  },
  guards: {
    planLimit: (_, answer: Outcome) => refusedWith(answer, Code.PLAN_LIMIT),
    refused: (_, answer: Outcome) => !answer.ok,
    /** The switch asks for a change of a listed member (not what the row already shows, after a double click). */
    changes: ({ context }, change: PermissionChange) => {
      const member = context.members.find((m) => m.userId === change.userId);
      return member !== undefined && member.webhook !== change.enabled;
    },
  },
}).createMachine({
  id: 'webhookPermissions',
  meta: { recordable: ['pending', 'error', 'changed'] },
  context: ({ input }) => ({ ...input, members: [], pending: null, error: null, changed: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        onDone: { target: 'ready', actions: assign({ members: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The members could not be read (network or server failure); the view offers a retry.',
      tags: ['loadFailed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'user.toggle': {
          guard: { type: 'changes', params: ({ event }) => ({ userId: event.userId, enabled: event.enabled }) },
          target: 'saving',
          actions: assign({ pending: ({ event }) => ({ userId: event.userId, enabled: event.enabled }), error: null }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'savePermission',
        src: 'savePermission',
        input: ({ context }) => context.pending!,
        onDone: [
          { guard: { type: 'planLimit', params: ({ event }) => event.output }, target: 'featureLimit', actions: assign({ pending: null }) },
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'ready', actions: assign({ error: ({ event }) => refusalOf(event.output), pending: null }) },
          {
            target: 'ready',
            actions: [
              assign({
                members: ({ context }) => context.members.map((m) => (m.userId === context.pending?.userId ? { ...m, webhook: context.pending.enabled } : m)),
                pending: null,
                changed: true,
              }),
              { type: 'notify', params: { kind: 'saved' } },
            ],
          },
        ],
        onError: { target: 'ready', actions: assign({ error: networkError, pending: null }) },
      },
    },
    featureLimit: {
      description: 'Feature-limit dialog (SPEC §2): the plan has no custom webhook.',
      tags: ['featureLimit'],
      on: { 'user.close': 'ready' },
    },
  },
});

export type WebhookPermissionsActorRef = ActorRefFrom<typeof webhookPermissionsMachine>;

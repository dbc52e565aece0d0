import { assign, setup, type ActorRefFrom } from 'xstate';
import { realRole, type RoleItem } from '../contract/roles';
import { actionNotProvided } from './not-provided';

/**
 * Selected member (SPEC §4 "Selected member", SPEC §6 member selector).
 *
 * The member whose data the header's member selector shows. It defaults to the current user. A
 * stored selection (input `stored`) is restored only for a real admin whose chosen member is in
 * the member list; everyone else is reset to themselves. Only a real admin may pick another
 * member (`user.select`), and only one from the list. Every resolved or chosen selection is
 * persisted with `persistSelection` and announced with `announceSelection` (in the app system the
 * root broadcasts it as `member.selected {userId}` to every actor, SPEC §4 "Selected member").
 *
 * `members.loaded` comes from the account actor whenever the member list is (re)loaded;
 * `session.ended` is the sign-out broadcast.
 */

export type SelectedMemberInput = { stored: string | null };
export type SelfInfo = { userId: string; roles: readonly RoleItem[] };

export type SelectedMemberEvent =
  | { type: 'members.loaded'; self: SelfInfo; members: readonly { userId: string }[] }
  | { type: 'user.select'; userId: string }
  | { type: 'session.ended' };

export type SelectedMemberContext = {
  /** Selection found in storage at start (a candidate, restored only when allowed). */
  stored: string | null;
  selfId: string | null;
  selectedId: string | null;
  /** The user is a real admin (may select other members). */
  canSelect: boolean;
  memberIds: string[];
};

const initialContext = (stored: string | null): SelectedMemberContext => ({
  stored,
  selfId: null,
  selectedId: null,
  canSelect: false,
  memberIds: [],
});

/** A member the admin may select: themselves or someone in the list. */
const isSelectable = (context: SelectedMemberContext, userId: string | null): userId is string =>
  !!userId && (userId === context.selfId || context.memberIds.includes(userId));

export const selectedMemberMachine = setup({
  types: {
    context: {} as SelectedMemberContext,
    events: {} as SelectedMemberEvent,
    input: {} as SelectedMemberInput,
    tags: {} as 'canSelect' | 'ready',
  },
  actions: {
    persistSelection: actionNotProvided<{ userId: string }>('persistSelection'),
    announceSelection: actionNotProvided<{ userId: string }>('announceSelection'),
    assignMembers: assign((_, loaded: { self: SelfInfo; memberIds: string[] }) => ({
      selfId: loaded.self.userId,
      canSelect: realRole(loaded.self.roles) === 'admin',
      memberIds: loaded.memberIds,
    })),
    selectMember: assign((_, params: { userId: string }) => ({ selectedId: params.userId })),
    /** After sign-out the last selection stays the stored candidate (it is in storage too). */
    forgetSession: assign(({ context }) => initialContext(context.selectedId ?? context.stored)),
  },
  guards: {
    canKeepSelection: ({ context }) => context.canSelect && isSelectable(context, context.selectedId),
    canRestoreStored: ({ context }) => context.canSelect && isSelectable(context, context.stored),
    isAdmin: ({ context }) => context.canSelect,
    canSelectMember: ({ context }, params: { userId: string }) =>
      context.canSelect && isSelectable(context, params.userId) && params.userId !== context.selectedId,
  },
}).createMachine({
  id: 'selectedMember',
  // What a QA replay of a recorded session must reach too (src/services/recorder.ts).
  meta: { recordable: ['selfId', 'selectedId', 'canSelect', 'memberIds'] },
  context: ({ input }) => initialContext(input.stored),
  initial: 'waiting',
  on: {
    'members.loaded': {
      target: '.resolving',
      actions: {
        type: 'assignMembers',
        params: ({ event }) => ({ self: event.self, memberIds: event.members.map((m) => m.userId) }),
      },
    },
    'session.ended': { target: '.waiting', actions: 'forgetSession' },
  },
  states: {
    waiting: {
      description: 'The current user and the member list are not known yet.',
    },
    resolving: {
      description:
        'Members known: keep a still-valid selection, else restore the stored one for a real admin, else the user themselves.',
      always: [
        { guard: 'canKeepSelection', target: 'chosen' },
        {
          guard: 'canRestoreStored',
          target: 'chosen',
          actions: [
            { type: 'selectMember', params: ({ context }) => ({ userId: context.stored ?? '' }) },
            { type: 'persistSelection', params: ({ context }) => ({ userId: context.stored ?? '' }) },
            { type: 'announceSelection', params: ({ context }) => ({ userId: context.stored ?? '' }) },
          ],
        },
        {
          target: 'chosen',
          actions: [
            { type: 'selectMember', params: ({ context }) => ({ userId: context.selfId ?? '' }) },
            { type: 'persistSelection', params: ({ context }) => ({ userId: context.selfId ?? '' }) },
            { type: 'announceSelection', params: ({ context }) => ({ userId: context.selfId ?? '' }) },
          ],
        },
      ],
    },
    chosen: {
      tags: ['ready'],
      initial: 'checkingRole',
      states: {
        checkingRole: {
          always: [{ guard: 'isAdmin', target: 'admin' }, { target: 'self' }],
        },
        admin: {
          description: 'A real admin: the member selector is enabled.',
          tags: ['canSelect'],
          on: {
            'user.select': {
              guard: { type: 'canSelectMember', params: ({ event }) => ({ userId: event.userId }) },
              actions: [
                { type: 'selectMember', params: ({ event }) => ({ userId: event.userId }) },
                { type: 'persistSelection', params: ({ event }) => ({ userId: event.userId }) },
                { type: 'announceSelection', params: ({ event }) => ({ userId: event.userId }) },
              ],
            },
          },
        },
        self: {
          description: 'Not a real admin: always the user themselves.',
        },
      },
    },
  },
});

export type SelectedMemberActorRef = ActorRefFrom<typeof selectedMemberMachine>;

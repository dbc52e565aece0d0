/**
 * Generated path tests of the invitation-acceptance machine: every state and transition is
 * reached, and each step reads or accepts the invitation with the right token, kind and email,
 * and leaves for the page SPEC §2 names for the answer.
 */
import { Code } from '../../src/contract/codes';
import { invitationMachine, type InvitationContext, type InvitationInfo } from '../../src/machines/invitation.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const info = (status: InvitationInfo['status'], kind: InvitationInfo['kind'] = 'email'): InvitationInfo => ({
  workspaceName: 'Acme Support',
  kind,
  email: kind === 'email' ? 'ann@example.test' : null,
  status,
});
const ok = <T,>(data: T) => ({ ok: true, data });
const refused = (code: number) => ({ ok: false, code, message: `refused ${code}` });

const events = [
  { type: 'user.join' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadInvitation', output: ok(info('valid')) },
  { type: 'xstate.done.actor.loadInvitation', output: ok(info('emailMismatch')) },
  { type: 'xstate.done.actor.loadInvitation', output: ok(info('expired')) },
  { type: 'xstate.done.actor.loadInvitation', output: refused(Code.VALIDATION) },
  { type: 'xstate.error.actor.loadInvitation', error: new Error('network') },
  { type: 'xstate.done.actor.joinWorkspace', output: ok(null) },
  { type: 'xstate.done.actor.joinWorkspace', output: refused(Code.MEMBER_EXCEEDED) },
  { type: 'xstate.done.actor.joinWorkspace', output: refused(Code.FORBIDDEN) },
  { type: 'xstate.error.actor.joinWorkspace', error: new Error('network') },
];

const serializeContext = (c: InvitationContext) => ({ info: c.info?.status ?? null, error: c.error });

type Input = { inviteToken: string | null; page: 'grantAccess' | 'invitation'; userEmail?: string | null };
const variants: { name: string; input: Input }[] = [
  { name: 'grant access', input: { inviteToken: ' tok ', page: 'grantAccess', userEmail: 'ann@example.test' } },
  { name: 'no token', input: { inviteToken: null, page: 'invitation' } },
];

type Answer = { ok: boolean; code?: number; data?: { status?: string } | null };

/** The page SPEC §2 names for an answer (null: the answer shows on the invitation page). */
const outcomePage = (answer: Answer, token: string): string | null => {
  const status = answer.ok ? answer.data?.status : undefined;
  if (status === 'expired' || answer.code === Code.INVITE_EXPIRED || answer.code === Code.NOT_FOUND) return '/workspace/tokenExpired';
  if (status === 'alreadyJoined' || answer.code === Code.ALREADY_JOINED) return `/workspace/error/already-joined/${token}`;
  if (status === 'memberExceeded' || answer.code === Code.MEMBER_EXCEEDED) return '/workspace/memberExceed';
  if (status === 'disbanded' || answer.code === Code.WORKSPACE_DISBANDED) return '/workspace/disband';
  return null;
};

const leaveFor = (answer: Answer, token: string): Effect[] => {
  const page = outcomePage(answer, token);
  return page ? [actionRan('navigate', { to: page, replace: true })] : [];
};

/** The invitation the path last loaded. */
const loadedInfo = (history: readonly PathEvent[]): InvitationInfo | null => {
  const answer = history.findLast((e) => e.type === 'xstate.done.actor.loadInvitation')?.output as { data?: InvitationInfo } | undefined;
  return answer?.data ?? null;
};

/**
 * With a token the page reads the invitation (again on retry); joining sends the kind of the
 * invitation, the token and the signed-in user's email. Joined: the gate reloads and the browser
 * goes home. An answer with its own page leaves for it.
 */
const effects = (step: EffectStep): Effect[] => {
  const input = step.input as Input;
  const token = input.inviteToken?.trim() ?? '';
  const { event } = step;
  if (step.index === 0) return token ? [actorRan('loadInvitation', { inviteToken: token })] : [];
  switch (event.type) {
    case 'user.retry':
      return [actorRan('loadInvitation', { inviteToken: token })];
    case 'user.join': {
      const loaded = loadedInfo(step.history);
      const kind = loaded?.kind ?? (input.page === 'invitation' ? 'public' : 'email');
      return [actorRan('joinWorkspace', { kind, inviteToken: token, email: input.userEmail ?? loaded?.email ?? '' })];
    }
    case 'xstate.done.actor.loadInvitation':
      return leaveFor(event.output as Answer, token);
    case 'xstate.done.actor.joinWorkspace': {
      const answer = event.output as Answer;
      return answer.ok ? [actionRan('reloadGate'), actionRan('navigate', { to: '/v2/home', replace: true })] : leaveFor(answer, token);
    }
    default:
      return [];
  }
};

machinePathSuite('invitation machine paths', invitationMachine, { events, effects, serializeContext, variants });

/**
 * The answers to the page's questions about login and sync (SPEC §3 Extension sync reply fields,
 * §7 Extension messaging), built from what the extension knows. The CRM session counts only for
 * the workspace origin it came from, and for fetchLoginInfo only when it is the page's own user
 * (SPEC §8 'Please login ... Extension with the same Account to access your data.'); the sync
 * flags belong to that session's sync of the chat page's current number.
 */
import type { LoginInfoReply, SyncReply } from '../../src/contract/extension';
import type { ChatLogin, CrmSession, SyncState } from './state';

export type ReplyFacts = {
  /** The origin of the page asking. */
  origin: string;
  session: CrmSession | undefined;
  login: ChatLogin | undefined;
  sync: SyncState | undefined;
  chatPageOpen: boolean;
};

/** The sync state of this session and number, if the stored one is theirs. */
export const syncOf = (facts: Pick<ReplyFacts, 'session' | 'login' | 'sync'>): SyncState | undefined => {
  const { session, login, sync } = facts;
  if (!session || !login || !sync) return undefined;
  return sync.origin === session.origin && sync.userId === session.userId && sync.number === login.number ? sync : undefined;
};

const signedInFor = (facts: ReplyFacts, userId?: string | null): boolean =>
  facts.session !== undefined && facts.session.origin === facts.origin && (userId === undefined || facts.session.userId === userId);

const build = (facts: ReplyFacts, isLogin: boolean): SyncReply => {
  const sync = isLogin ? syncOf(facts) : undefined;
  return {
    isWhatsappLogin: facts.login !== undefined,
    isLogin,
    chatSyncFinished: sync?.finished ?? false,
    isReachSyncLimit: sync?.reachLimit ?? false,
    isWhatsappOpen: facts.chatPageOpen,
    chatSyncFirstBatchFinished: sync?.firstBatchFinished ?? false,
  };
};

/** fetchChatsSyncInfo and fetchChatsSync: signed in to the asking page's workspace. */
export const buildSyncReply = (facts: ReplyFacts): SyncReply => build(facts, signedInFor(facts));

/**
 * fetchLoginInfo: signed in to the asking page's workspace as the page's user (`user` null: the
 * page did not say who it is, so the extension cannot claim the same account).
 */
export const buildLoginInfoReply = (facts: ReplyFacts, user: { userId: string } | null): LoginInfoReply => {
  const reply = build(facts, user !== null && signedInFor(facts, user.userId));
  return { ...reply, isOpenWhatsapp: facts.chatPageOpen };
};

/** What the extension answers about login and sync (SPEC §3 Extension sync reply fields). */
import { describe, expect, it } from 'vitest';
import { loginInfoReply, syncReply } from '../../src/contract/extension';
import { buildLoginInfoReply, buildSyncReply, type ReplyFacts } from '../../extension/src/replies';
import { freshSyncState } from '../../extension/src/sync-engine';
import type { CrmSession } from '../../extension/src/state';

const origin = 'http://127.0.0.1:8787';
const session: CrmSession = { origin, accessToken: 'a', refreshToken: 'r', expiresAt: 1e13, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };
const login = { number: '14155550100' };
const finished = { ...freshSyncState({ session, number: login.number }), phase: 'finished' as const, finished: true, firstBatchFinished: true };
const facts = (over: Partial<ReplyFacts> = {}): ReplyFacts => ({ origin, session, login, sync: finished, chatPageOpen: true, ...over });

describe('sync replies', () => {
  it('reports the chat page, the session and the sync of this number', () => {
    const reply = buildSyncReply(facts());
    expect(syncReply.parse(reply)).toEqual({
      isWhatsappLogin: true,
      isLogin: true,
      chatSyncFinished: true,
      isReachSyncLimit: false,
      isWhatsappOpen: true,
      chatSyncFirstBatchFinished: true,
    });
  });

  it('counts the session only for the workspace origin it came from', () => {
    const reply = buildSyncReply(facts({ origin: 'http://localhost:8787' }));
    expect(reply).toMatchObject({ isLogin: false, chatSyncFinished: false, chatSyncFirstBatchFinished: false, isWhatsappLogin: true });
  });

  it('gives no sync flags for another number or account', () => {
    expect(buildSyncReply(facts({ login: { number: '8613800138000' } }))).toMatchObject({ isLogin: true, chatSyncFinished: false });
    expect(buildSyncReply(facts({ sync: { ...finished, userId: 'u2' } }))).toMatchObject({ isLogin: true, chatSyncFinished: false });
    expect(buildSyncReply(facts({ sync: { ...finished, reachLimit: true, finished: false } }))).toMatchObject({ isReachSyncLimit: true, chatSyncFinished: false });
  });

  it('says nothing is logged in or open when nothing is', () => {
    expect(buildSyncReply(facts({ session: undefined, login: undefined, sync: undefined, chatPageOpen: false }))).toEqual({
      isWhatsappLogin: false,
      isLogin: false,
      chatSyncFinished: false,
      isReachSyncLimit: false,
      isWhatsappOpen: false,
      chatSyncFirstBatchFinished: false,
    });
  });
});

describe('login-info replies', () => {
  it('is logged in only as the page’s own user', () => {
    const same = buildLoginInfoReply(facts(), { userId: 'u1' });
    expect(loginInfoReply.parse(same)).toMatchObject({ isLogin: true, isOpenWhatsapp: true, isWhatsappOpen: true, chatSyncFinished: true });
    expect(buildLoginInfoReply(facts(), { userId: 'u2' })).toMatchObject({ isLogin: false, chatSyncFinished: false, isWhatsappLogin: true });
    expect(buildLoginInfoReply(facts(), null)).toMatchObject({ isLogin: false });
    expect(buildLoginInfoReply(facts({ chatPageOpen: false }), { userId: 'u1' })).toMatchObject({ isOpenWhatsapp: false, isWhatsappOpen: false });
  });
});

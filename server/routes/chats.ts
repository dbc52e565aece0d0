/**
 * Synced chats (SPEC §7 Chats; src/contract/chats.ts): the conversation lists (by page and by
 * increment, under /admin and /member), the message pages of one conversation, the extension's
 * uploads and sync status, and the extension's own session (grant, renewal, revoke).
 *
 * Whose chats: a list or message call reads one member's chats: the caller's, or, for the owner
 * and managers, the member they act for through the verified source-user header (the /admin lists
 * and the /public message calls; the /member lists refuse the header). Every query names the
 * workspace (server/db/scoped.ts) and the owner, so another member's or workspace's conversation
 * answers NOT_FOUND like an unknown one. A call naming a workspace must name the caller's own.
 * Uploads, the sync status and the extension's session are always the caller's own (their
 * contract refuses the header). Uploads need the plan's `message_sync` bit (PLAN_LIMIT otherwise);
 * the sync status answers a stored `auto` as `manual` on a plan without auto sync (SPEC §1).
 *
 * The extension's session (SPEC §2 /eclient/auth): the signed-in page (a `web` session, with its
 * bearer token) asks eclientGrant for a session of kind `extension`; the extension renews it with
 * eclientToken, its refresh token in the JSON body (never the page's cookie), rotated on every
 * renewal with the same reuse detection as /api/token/ (server/auth/sessions.ts refreshSession);
 * eclientRevoke ends it. An extension session cannot grant another.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { chatCalls, chatsEndpoints, MAX_CHAT_NUMBERS } from '../../src/contract/chats';
import { Code } from '../../src/contract/codes';
import { requireOwnWorkspace, type WorkspaceScope } from '../auth/scope';
import { createSession, refreshSession, revokeSession } from '../auth/sessions';
import { limitGrants, limitTokenRenewals, limitUploads } from '../chats/rate-limits';
import { chatPage, chatsChangedSince, messagePage } from '../chats/lists';
import { storeUpload } from '../chats/upload';
import { recordSyncUpload } from '../events/log';
import type { Db } from '../db/client';
import { inWorkspace, scoped } from '../db/scoped';
import { chatNumbers, chatSyncStates, sessions, workspaceMembers, type SessionKind } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRolePair } from '../http/role-pair';
import { defineRoute, type AppEnv } from '../http/route';
import { effectiveSyncType, findWorkspace, requirePlanPermission } from '../workspace/plans';

const kindOfSession = async (db: Db, sessionId: string): Promise<SessionKind | null> => {
  const [row] = await db.select({ kind: sessions.kind }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.kind ?? null;
};

export const registerChatRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, clock, config, logger } = deps;

  defineRolePair(app, deps, chatCalls.conversationListByPage, async ({ owner, scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'chats', path: chatCalls.conversationListByPage.member.path });
    return chatPage(db, owner, body.pageNo, body.pageSize, clock.now());
  });

  defineRolePair(app, deps, chatCalls.conversationListByInc, async ({ owner, scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'chats', path: chatCalls.conversationListByInc.member.path });
    return chatsChangedSince(db, owner, body.timestamp, clock.now());
  });

  const actingOwner = (scope: WorkspaceScope) => ({ workspaceId: scope.workspaceId, userId: scope.actingUserId });

  defineRoute(app, deps, chatsEndpoints.messagePageBefore, async ({ scope, body }) =>
    messagePage(db, actingOwner(scope), body.conversationId, 'before', body.sendTime === undefined ? null : { sendTime: body.sendTime, msgKey: body.msgKey }, body.pageSize),
  );

  defineRoute(app, deps, chatsEndpoints.messagePageAfter, async ({ scope, body }) =>
    messagePage(db, actingOwner(scope), body.conversationId, 'after', { sendTime: body.sendTime, msgKey: body.msgKey }, body.pageSize),
  );

  defineRoute(app, deps, chatsEndpoints.syncUpload, async ({ scope, body, clientAddress }) => {
    await requirePlanPermission(db, scope.workspaceId, 'message_sync');
    await limitUploads(deps, scope.userId, clientAddress);
    const own = { workspaceId: scope.workspaceId, userId: scope.userId };
    const counts = await storeUpload(db, own, body, { checkSyncType: true, now: () => clock.now() });
    // SPEC §7 Analytics logging: the upload goes in the product event log (the members page's sync health).
    await recordSyncUpload(deps, own, body, clock.now());
    return counts;
  });

  defineRoute(app, deps, chatsEndpoints.syncStatus, async ({ scope }) => {
    const own = { workspaceId: scope.workspaceId, userId: scope.userId };
    const [numbers, member, state, workspace] = await Promise.all([
      db
        .select({ number: chatNumbers.number })
        .from(chatNumbers)
        .where(inWorkspace(chatNumbers, own, eq(chatNumbers.userId, own.userId)))
        .orderBy(asc(chatNumbers.createdAt), asc(chatNumbers.number)),
      scoped(db, own).first(workspaceMembers, eq(workspaceMembers.userId, own.userId), eq(workspaceMembers.status, 'joined')),
      scoped(db, own).first(chatSyncStates, eq(chatSyncStates.userId, own.userId)),
      findWorkspace(db, own.workspaceId),
    ]);
    return {
      numbers: numbers.map((n) => n.number),
      limit: MAX_CHAT_NUMBERS,
      // Below the Pro plan a stored `auto` syncs by hand (SPEC §1): the extension and the page follow this answer.
      syncType: effectiveSyncType(workspace?.planCode, member?.syncType ?? 'manual'),
      lastSyncTime: state?.lastSyncAt?.getTime() ?? null,
      syncedChatCount: state?.syncedChatCount ?? 0,
    };
  });

  // Web sessions only (the contract's `session: 'web'`, enforced by defineRoute): an extension session cannot grant another.
  defineRoute(app, deps, chatsEndpoints.eclientGrant, async ({ scope }) => {
    await limitGrants(deps, scope.userId);
    const issued = await createSession(db, scope.userId, clock.now(), config, 'extension');
    logger.info('[eclient] extension session granted', { user: scope.userId, session: issued.sessionId });
    return {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresIn: issued.expiresIn,
      userId: scope.userId,
      email: scope.email,
      workspaceId: scope.workspaceId,
    };
  });

  defineRoute(app, deps, chatsEndpoints.eclientToken, async ({ body, clientAddress }) => {
    await limitTokenRenewals(deps, clientAddress);
    const outcome = await refreshSession(db, body.refreshToken, clock.now(), config, 'extension');
    if (outcome.kind === 'rotated') return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken, expiresIn: outcome.expiresIn };
    if (outcome.kind === 'reused') {
      logger.warn('[eclient] a rotated refresh token came back: session revoked', { session: outcome.sessionId, user: outcome.userId });
    }
    throw fail(Code.NO_ACTIVE_ACCOUNT);
  });

  defineRoute(app, deps, chatsEndpoints.eclientRevoke, async ({ scope }) => {
    const now = clock.now();
    // From the extension: its own session. From the page: every extension session of the person.
    if ((await kindOfSession(db, scope.sessionId)) === 'extension') await revokeSession(db, scope.sessionId, now);
    else {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, scope.userId), eq(sessions.kind, 'extension'), isNull(sessions.revokedAt)));
    }
    return null;
  });
};

/**
 * The life of a team (SPEC §7 Workspace, issue 3): members page, invitations by email and by public
 * link, joining, sync types, roles, leaving and disbanding.
 *
 * Roles (SPEC §6): the owner (admin) may do everything; a manager has the admin powers except
 * disbanding and except changing or removing the owner; a member calls no /admin path (route.ts
 * refuses it) and none of the invitation-link calls. Nobody changes their own level or removes
 * themselves (members and managers leave instead). Calls naming a workspace must name the
 * caller's own (FORBIDDEN otherwise). Every multi-row change runs in one transaction that locks
 * the workspace row first, so a refused call writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { hasWorkspace, isAdminRole, type Scope, type WorkspaceScope } from '../auth/scope';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { invitations, userSettings, users, workspaceMembers, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import {
  deriveInviteToken,
  evaluateInvitation,
  findInvitation,
  invitationNotFound,
  invitationUrl,
  issueEmailInvitations,
  issuePublicInvitation,
  livePublicInvitation,
  lockWorkspace,
  mailInvitations,
  redeemInvitation,
  voidEmailInvitations,
  type InviteKeySource,
} from '../invitations';
import { findWorkspace, planOf, seatsInUse, unixSeconds } from './plan';
import { teamEndpoints } from '../../src/contract/team';
import { workspaceEndpoints } from '../../src/contract/workspace';




/** The origin put in links: PUBLIC_URL, else the origin the request came to. */
export const originOf = (c: Context<AppEnv>, publicUrl: string | null): string =>
  (publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');

/** A member row as the member list and page select it (the invited email until the person joins). */
export const memberColumns = {
  id: workspaceMembers.id,
  userId: workspaceMembers.userId,
  invitedEmail: workspaceMembers.invitedEmail,
  email: users.email,
  name: users.name,
  status: workspaceMembers.status,
  level: workspaceMembers.level,
  number: workspaceMembers.number,
  syncType: workspaceMembers.syncType,
};

/** The wire shape of a member row (SPEC §3 member). */
export const toWireMember = (r: { userId: string | null; invitedEmail: string; email: string | null; name: string | null; status: 'invited' | 'joined' | 'removed'; level: 'admin' | 'manager' | 'member'; number: string | null; syncType: 'off' | 'manual' | 'auto' }) => ({
  userId: r.userId ?? '',
  email: r.email ?? r.invitedEmail,
  name: r.name ?? '',
  status: r.status,
  level: r.level,
  number: r.number,
  syncType: r.syncType,
});

const findMemberByUser = async (conn: Db | Tx, workspaceId: string, userId: string) => {
  const [row] = await conn
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId), ne(workspaceMembers.status, 'removed')));
  return row ?? null;
};

export const registerTeamRoutes = (app: Hono<AppEnv>, deps: AppDeps, keys: InviteKeySource): void => {
  const { db, logger, clock } = deps;

  /** The caller must name their own workspace; naming another is refused and logged. */
  const ownWorkspace = (scope: WorkspaceScope, workspaceId: string, path: string) => {
    if (workspaceId === scope.workspaceId) return;
    logger.warn('[workspace] other workspace refused', { user: scope.userId, target: workspaceId.slice(0, 80), path });
    throw fail(Code.FORBIDDEN);
  };

  defineRoute(app, deps, teamEndpoints.workspacePage, async ({ scope, body }) => {
    ownWorkspace(scope, body.workspaceId, '/public/workspace/page');
    const where = eq(workspaceMembers.workspaceId, scope.workspaceId);
    const [total] = await db.select({ n: count() }).from(workspaceMembers).where(where);
    const rows = await db
      .select(memberColumns)
      .from(workspaceMembers)
      .leftJoin(users, eq(users.id, workspaceMembers.userId))
      .where(where)
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.invitedEmail), asc(workspaceMembers.id))
      .limit(body.size)
      .offset((body.page - 1) * body.size);
    return {
      items: rows.map(toWireMember),
      total: Number(total?.n ?? 0),
      page: body.page,
      size: body.size,
    };
  });

  defineRoute(app, deps, teamEndpoints.inviteRecordCreate, async ({ c, scope, body }) => {
    const key = await keys.get();
    const now = clock.now();
    const emails = [...new Set(body.emails)];
    const { issued, invited, workspaceName } = await db.transaction(async (tx) => {
      const workspace = await lockWorkspace(tx, scope.workspaceId);
      if (!workspace || workspace.disbandedAt) throw fail(Code.NO_WORKSPACE);
      const existing = await tx
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspace.id), inArray(workspaceMembers.invitedEmail, emails)));
      const byEmail = new Map(existing.map((m) => [m.invitedEmail, m]));
      // Joined members are skipped; invited ones get a fresh invitation (resend) on the same seat.
      const toInvite = emails.filter((e) => byEmail.get(e)?.status !== 'joined');
      const newSeats = toInvite.filter((e) => byEmail.get(e)?.status !== 'invited').length;
      if ((await seatsInUse(tx, workspace.id)) + newSeats > planOf(workspace.planCode).seats) throw fail(Code.MEMBER_EXCEEDED);
      const known = toInvite.length
        ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, toInvite))
        : [];
      const userIdOf = new Map(known.map((u) => [u.email, u.id]));
      for (const [i, email] of toInvite.entries()) {
        const row = byEmail.get(email);
        const userId = userIdOf.get(email) ?? row?.userId ?? null;
        if (!row) {
          await tx.insert(workspaceMembers).values({
            id: randomUUID(),
            workspaceId: workspace.id,
            userId,
            invitedEmail: email,
            level: 'member',
            status: 'invited',
            createdAt: new Date(now.getTime() + i),
          });
        } else if (row.status === 'removed') {
          await tx
            .update(workspaceMembers)
            .set({ status: 'invited', level: 'member', userId, joinedAt: null })
            .where(eq(workspaceMembers.id, row.id));
        } else if (row.userId !== userId) {
          await tx.update(workspaceMembers).set({ userId }).where(eq(workspaceMembers.id, row.id));
        }
      }
      const issuedNow = await issueEmailInvitations(tx, { workspaceId: workspace.id, emails: toInvite, createdBy: scope.userId, now, key });
      return { issued: issuedNow, invited: toInvite, workspaceName: workspace.name };
    });
    await mailInvitations(deps, { origin: originOf(c, deps.config.publicUrl), workspaceName, inviter: scope.name || scope.email, issued });
    logger.info('[workspace] invited', { workspace: scope.workspaceId, by: scope.userId, count: invited.length });
    return { invited };
  });

  defineRoute(app, deps, teamEndpoints.inviteRecordDelete, async ({ scope, body }) => {
    ownWorkspace(scope, body.workspaceId, '/admin/workspace/invite/record/delete');
    const targetUserId = body.targetUserId?.trim() || null;
    const email = body.email?.trim().toLowerCase() || null;
    if (!targetUserId && !email) throw fail(Code.VALIDATION, 'email: Enter the email of an invitation or a target_user_id');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      const row = targetUserId
        ? await findMemberByUser(tx, scope.workspaceId, targetUserId)
        : ((
            await tx
              .select()
              .from(workspaceMembers)
              .where(
                and(
                  eq(workspaceMembers.workspaceId, scope.workspaceId),
                  eq(workspaceMembers.invitedEmail, email ?? ''),
                  eq(workspaceMembers.status, 'invited'),
                ),
              )
          )[0] ?? null);
      if (!row) throw fail(Code.NOT_FOUND, targetUserId ? 'No such member in this workspace' : 'No pending invitation for this email');
      if (row.userId === scope.userId) throw fail(Code.FORBIDDEN, 'You cannot remove yourself; leave the workspace instead');
      if (row.level === 'admin') throw fail(Code.FORBIDDEN, 'The owner of the workspace cannot be removed');
      await voidEmailInvitations(tx, scope.workspaceId, row.invitedEmail, now);
      if (row.status === 'invited') {
        await tx.delete(workspaceMembers).where(eq(workspaceMembers.id, row.id));
        return;
      }
      await tx.update(workspaceMembers).set({ status: 'removed' }).where(eq(workspaceMembers.id, row.id));
      if (row.userId) {
        await tx
          .update(userSettings)
          .set({ workspaceId: null, updatedAt: now })
          .where(and(eq(userSettings.userId, row.userId), eq(userSettings.workspaceId, scope.workspaceId)));
      }
    });
    logger.info('[workspace] member or invitation removed', {
      workspace: scope.workspaceId,
      by: scope.userId,
      target: targetUserId ?? email ?? '-',
    });
    return null;
  });

  const join = async (scope: Scope, token: string) => {
    const now = clock.now();
    let result: { workspaceId: string; changed: boolean };
    try {
      result = await db.transaction((tx) => redeemInvitation(tx, { token, userId: scope.userId, email: scope.email, now }));
    } catch (error) {
      // Two joins of one person to two workspaces at once: the one-joined index keeps one.
      if (isUniqueViolation(error)) throw fail(Code.ALREADY_JOINED);
      throw error;
    }
    if (result.changed) logger.info('[workspace] joined', { workspace: result.workspaceId, user: scope.userId });
    return workspaceInfoOf(db, result.workspaceId);
  };

  defineRoute(app, deps, workspaceEndpoints.workspaceJoin, async ({ scope, body }) => {
    if (body.email !== scope.email) throw fail(Code.FORBIDDEN, 'This invitation was sent to another email address');
    return join(scope, body.inviteToken);
  });

  defineRoute(app, deps, workspaceEndpoints.joinByPublicInviteUrl, async ({ scope, body }) => join(scope, body.inviteToken));

  defineRoute(app, deps, workspaceEndpoints.invitationInfo, async ({ scope, body }) => {
    const inv = await findInvitation(db, body.inviteToken);
    if (!inv) throw invitationNotFound();
    const { status, workspace } = await evaluateInvitation(db, inv, scope, clock.now());
    return {
      workspaceName: workspace?.name ?? '',
      kind: inv.kind,
      email: inv.email,
      status: status === 'member' ? 'valid' : status,
    };
  });

  defineRoute(app, deps, teamEndpoints.syncTypeUpdate, async ({ scope, body }) => {
    ownWorkspace(scope, body.workspaceId, '/admin/workspace/sync-type/update');
    const row = await findMemberByUser(db, scope.workspaceId, body.userId);
    if (!row) throw fail(Code.NOT_FOUND, 'No such member in this workspace');
    if (row.level === 'admin' && scope.role !== 'admin') throw fail(Code.FORBIDDEN, "Only the owner changes the owner's settings");
    await db.update(workspaceMembers).set({ syncType: body.syncType }).where(eq(workspaceMembers.id, row.id));
    return null;
  });

  defineRoute(app, deps, teamEndpoints.userLevelUpdate, async ({ scope, body }) => {
    ownWorkspace(scope, body.workspaceId, '/admin/workspace/user-level/update');
    if (body.userId === scope.userId) throw fail(Code.FORBIDDEN, 'You cannot change your own role');
    const row = await findMemberByUser(db, scope.workspaceId, body.userId);
    if (!row) throw fail(Code.NOT_FOUND, 'No such member in this workspace');
    if (row.level === 'admin') throw fail(Code.FORBIDDEN, 'The role of the owner cannot be changed');
    await db.update(workspaceMembers).set({ level: body.userLevel }).where(eq(workspaceMembers.id, row.id));
    logger.info('[workspace] role changed', { workspace: scope.workspaceId, by: scope.userId, target: body.userId, level: body.userLevel });
    return null;
  });

  defineRoute(app, deps, teamEndpoints.workspaceLeave, async ({ scope, body }) => {
    ownWorkspace(scope, body.workspaceId, '/member/workspace/leave');
    if (scope.role === 'admin') throw fail(Code.FORBIDDEN, 'The owner cannot leave the workspace; disband it instead');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      await tx
        .update(workspaceMembers)
        .set({ status: 'removed' })
        .where(
          and(eq(workspaceMembers.workspaceId, scope.workspaceId), eq(workspaceMembers.userId, scope.userId), eq(workspaceMembers.status, 'joined')),
        );
      await tx
        .update(userSettings)
        .set({ workspaceId: null, updatedAt: now })
        .where(and(eq(userSettings.userId, scope.userId), eq(userSettings.workspaceId, scope.workspaceId)));
    });
    logger.info('[workspace] left', { workspace: scope.workspaceId, user: scope.userId });
    return null;
  });

  defineRoute(app, deps, teamEndpoints.workspaceDisband, async ({ scope, body }) => {
    ownWorkspace(scope, body.workspaceId, '/admin/workspace/disband');
    if (scope.role !== 'admin') throw fail(Code.FORBIDDEN, 'Only the owner can disband the workspace');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      const [others] = await tx
        .select({ n: count() })
        .from(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.workspaceId, scope.workspaceId),
            inArray(workspaceMembers.status, ['joined', 'invited']),
            ne(workspaceMembers.level, 'admin'),
          ),
        );
      if (Number(others?.n ?? 0) > 0) throw fail(Code.MEMBERS_REMAIN);
      await tx.update(workspaces).set({ disbandedAt: now }).where(eq(workspaces.id, scope.workspaceId));
      await tx
        .update(workspaceMembers)
        .set({ status: 'removed' })
        .where(and(eq(workspaceMembers.workspaceId, scope.workspaceId), eq(workspaceMembers.status, 'joined')));
      await tx.update(userSettings).set({ workspaceId: null, updatedAt: now }).where(eq(userSettings.workspaceId, scope.workspaceId));
      await tx
        .update(invitations)
        .set({ voidedAt: now })
        .where(and(eq(invitations.workspaceId, scope.workspaceId), isNull(invitations.usedAt), isNull(invitations.voidedAt)));
    });
    logger.info('[workspace] disbanded', { workspace: scope.workspaceId, by: scope.userId });
    return null;
  });

  const linkData = (c: Context<AppEnv>, token: string, expiresAt: Date) => ({
    inviteToken: token,
    inviteUrl: invitationUrl(originOf(c, deps.config.publicUrl), 'public', token),
    expiresAt: unixSeconds(expiresAt),
  });

  defineRoute(app, deps, teamEndpoints.publicInviteUrlGenerate, async ({ c, scope }) => {
    const key = await keys.get();
    const now = clock.now();
    const link = await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      const live = await livePublicInvitation(tx, scope.workspaceId, now);
      if (live) return { token: deriveInviteToken(key, live.id), expiresAt: live.expiresAt };
      return issuePublicInvitation(tx, { workspaceId: scope.workspaceId, createdBy: scope.userId, now, key });
    });
    return linkData(c, link.token, link.expiresAt);
  });

  defineRoute(app, deps, teamEndpoints.publicInviteUrlReset, async ({ c, scope }) => {
    const key = await keys.get();
    const now = clock.now();
    const link = await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      await tx
        .update(invitations)
        .set({ voidedAt: now })
        .where(and(eq(invitations.workspaceId, scope.workspaceId), eq(invitations.kind, 'public'), isNull(invitations.voidedAt)));
      return issuePublicInvitation(tx, { workspaceId: scope.workspaceId, createdBy: scope.userId, now, key });
    });
    logger.info('[workspace] public link reset', { workspace: scope.workspaceId, by: scope.userId });
    return linkData(c, link.token, link.expiresAt);
  });

  defineRoute(app, deps, teamEndpoints.inviteUrlList, async ({ c, scope }) => {
    const key = await keys.get();
    const now = clock.now();
    const rows = await db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, scope.workspaceId),
          isNull(invitations.usedAt),
          isNull(invitations.voidedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      // The public link first, then email invitations oldest first.
      .orderBy(desc(invitations.kind), asc(invitations.createdAt), asc(invitations.email), asc(invitations.id));
    const origin = originOf(c, deps.config.publicUrl);
    return {
      items: rows.map((r) => {
        const token = deriveInviteToken(key, r.id);
        return {
          kind: r.kind,
          email: r.email,
          inviteToken: token,
          inviteUrl: invitationUrl(origin, r.kind, token),
          expiresAt: unixSeconds(r.expiresAt),
        };
      }),
    };
  });
};

/** Workspace facts returned by create and join (members counted, never stored). */
export const workspaceInfoOf = async (db: Db, workspaceId: string) => {
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace || workspace.disbandedAt) throw fail(Code.NO_WORKSPACE);
  const [joined] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, 'joined')));
  return { workspaceId: workspace.id, workspaceName: workspace.name, memberCount: Number(joined?.n ?? 0) };
};

/**
 * The life of a team (SPEC §7 Workspace): members page, invitations by email and by public link,
 * joining, sync types, roles, leaving and disbanding.
 *
 * Who may call what is declared in the contract (src/contract/team.ts, src/contract/workspace.ts)
 * and enforced by defineRoute, which hands each handler the WorkspaceScope it guarantees. The rules
 * left here are about rows (SPEC §6): a manager has the owner's powers except disbanding and
 * except changing or removing the owner; nobody changes their own level or removes themselves
 * (members and managers leave instead); calls naming a workspace must name the caller's own
 * (FORBIDDEN otherwise). Every query on a tenant table goes through server/db/scoped.ts. Every
 * multi-row change runs in one transaction that locks the workspace row first, so a refused call
 * writes nothing.
 *
 * Links in answers and emails are built from the configured origin (PUBLIC_URL) only, never from
 * the request's Host header.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { teamEndpoints } from '../../src/contract/team';
import { workspaceEndpoints } from '../../src/contract/workspace';
import { refundRateLimits } from '../auth/rate-limit';
import { requireOwnWorkspace, type Scope, type WorkspaceScope } from '../auth/scope';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { currentWorkspaceIs, inWorkspace, scoped } from '../db/scoped';
import { invitations, userSettings, users, workspaceMembers, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import {
  configuredInvitationUrl,
  countInvitationEmails,
  deriveInviteToken,
  evaluateInvitation,
  findInvitation,
  invitationNotFound,
  issueEmailInvitations,
  issuePublicInvitation,
  liveEmailInvitations,
  livePublicInvitation,
  lockWorkspace,
  mailableRecipients,
  mailInvitations,
  redeemInvitation,
  voidEmailInvitations,
  type InviteKeySource,
} from '../invitations';
import { applyToLeave, closePendingApplications } from '../workspace/leave-applications';
import { memberColumns, toWireMember, workspaceInfoOf } from '../workspace/members';
import { requirePlanPermission, seatLimitOf, seatsInUse, unixSeconds } from '../workspace/plans';

/** The member row of a user in the workspace (invited or joined; not removed). */
const findMemberByUser = (conn: Db, scope: WorkspaceScope, userId: string) =>
  scoped(conn, scope).first(workspaceMembers, eq(workspaceMembers.userId, userId), ne(workspaceMembers.status, 'removed'));

export const registerTeamRoutes = (app: Hono<AppEnv>, deps: AppDeps, keys: InviteKeySource): void => {
  const { db, logger, clock } = deps;

  defineRoute(app, deps, teamEndpoints.workspacePage, async ({ scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'workspace', path: teamEndpoints.workspacePage.path });
    const total = await scoped(db, scope).count(workspaceMembers);
    const rows = await db
      .select(memberColumns)
      .from(workspaceMembers)
      .leftJoin(users, eq(users.id, workspaceMembers.userId))
      .where(inWorkspace(workspaceMembers, scope))
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.invitedEmail), asc(workspaceMembers.id))
      .limit(body.size)
      .offset((body.page - 1) * body.size);
    return { items: rows.map(toWireMember), total, page: body.page, size: body.size };
  });

  /**
   * Invites addresses by email (a pending one again: a resend). Email floods are bounded: each
   * email counts against the workspace's and the inviter's daily allowance (RATE_LIMITED when used
   * up, nothing written), and an address already mailed by this workspace within the resend
   * cooldown (or too often today) keeps its invitation and live link but gets no new email.
   * Invited rows carry no user id until the person joins (the list must not reveal accounts).
   */
  defineRoute(app, deps, teamEndpoints.inviteRecordCreate, async ({ scope, body }) => {
    const key = await keys.get();
    const now = clock.now();
    const rules = deps.config.rateLimits;
    const emails = [...new Set(body.emails)];
    const joinedOf = async (conn: Db) =>
      new Set(
        (await scoped(conn, scope).select(workspaceMembers, inArray(workspaceMembers.invitedEmail, emails), eq(workspaceMembers.status, 'joined'))).map(
          (m) => m.invitedEmail,
        ),
      );
    // Before the transaction (the counters are statements of their own): the emails this call
    // would send, counted against the daily allowances. Under the lock, only counted ones are sent.
    const joinedBefore = await joinedOf(db);
    const counted = await mailableRecipients(db, scope.workspaceId, emails.filter((e) => !joinedBefore.has(e)), now, rules);
    const tickets = await countInvitationEmails(db, { workspaceId: scope.workspaceId, senderId: scope.userId, count: counted.size, now, rules });
    let outcome: { invited: string[]; mailed: number; held: number };
    try {
      outcome = await db.transaction(async (tx) => {
        const workspace = await lockWorkspace(tx, scope.workspaceId);
        if (!workspace || workspace.disbandedAt) throw fail(Code.NO_WORKSPACE);
        const existing = await scoped(tx, scope).select(workspaceMembers, inArray(workspaceMembers.invitedEmail, emails));
        const byEmail = new Map(existing.map((m) => [m.invitedEmail, m]));
        // Joined members are skipped; invited ones get the invitation again on the same seat.
        const toInvite = emails.filter((e) => byEmail.get(e)?.status !== 'joined');
        const newSeats = toInvite.filter((e) => byEmail.get(e)?.status !== 'invited').length;
        if ((await seatsInUse(tx, workspace.id)) + newSeats > seatLimitOf(workspace)) throw fail(Code.MEMBER_EXCEEDED);
        for (const [i, email] of toInvite.entries()) {
          const row = byEmail.get(email);
          if (!row) {
            await tx.insert(workspaceMembers).values({
              id: randomUUID(),
              workspaceId: workspace.id,
              userId: null,
              invitedEmail: email,
              level: 'member',
              status: 'invited',
              createdAt: new Date(now.getTime() + i),
            });
          } else if (row.status === 'removed') {
            await scoped(tx, scope).update(
              workspaceMembers,
              { status: 'invited', level: 'member', userId: null, joinedAt: null },
              eq(workspaceMembers.id, row.id),
            );
          }
        }
        const allowed = await mailableRecipients(tx, workspace.id, toInvite, now, rules);
        const toMail = toInvite.filter((e) => allowed.has(e) && counted.has(e));
        const held = toInvite.filter((e) => !toMail.includes(e));
        // Held back: the live link stays as it is; an address without one (its invitation was
        // deleted) gets a new link that is not mailed (managers see it in the link list).
        const live = new Set((await liveEmailInvitations(tx, workspace.id, held, now)).map((inv) => inv.email));
        const base = { workspaceId: workspace.id, createdBy: scope.userId, now, key };
        await issueEmailInvitations(tx, { ...base, emails: held.filter((e) => !live.has(e)), mailedAt: null });
        const issued = await issueEmailInvitations(tx, { ...base, emails: toMail, mailedAt: now });
        await mailInvitations(deps, { workspaceName: workspace.name, inviter: scope.name || scope.email, issued, tx });
        return { invited: toInvite, mailed: toMail.length, held: held.length };
      });
    } catch (error) {
      await refundRateLimits(db, tickets);
      throw error;
    }
    logger.info('[workspace] invited', { workspace: scope.workspaceId, by: scope.userId, count: outcome.invited.length, mailed: outcome.mailed, held: outcome.held });
    return { invited: outcome.invited };
  });

  defineRoute(app, deps, teamEndpoints.inviteRecordDelete, async ({ scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'workspace', path: teamEndpoints.inviteRecordDelete.path });
    const targetUserId = body.targetUserId?.trim() || null;
    const email = body.email?.trim().toLowerCase() || null;
    if (!targetUserId && !email) throw fail(Code.VALIDATION, 'email: Enter the email of an invitation or a target_user_id');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      const row = targetUserId
        ? await findMemberByUser(tx, scope, targetUserId)
        : await scoped(tx, scope).first(workspaceMembers, eq(workspaceMembers.invitedEmail, email ?? ''), eq(workspaceMembers.status, 'invited'));
      if (!row) throw fail(Code.NOT_FOUND, targetUserId ? 'No such member in this workspace' : 'No pending invitation for this email');
      if (row.userId === scope.userId) throw fail(Code.FORBIDDEN, 'You cannot remove yourself; leave the workspace instead');
      if (row.level === 'admin') throw fail(Code.FORBIDDEN, 'The owner of the workspace cannot be removed');
      await voidEmailInvitations(tx, scope.workspaceId, row.invitedEmail, now);
      if (row.status === 'invited') {
        await scoped(tx, scope).delete(workspaceMembers, eq(workspaceMembers.id, row.id));
        return;
      }
      // removedAt: links issued until now do not let this person back in (server/invitations.ts).
      await scoped(tx, scope).update(workspaceMembers, { status: 'removed', removedAt: now }, eq(workspaceMembers.id, row.id));
      if (row.userId) {
        // SPEC §4: a pending application to leave is settled by the removal.
        await closePendingApplications(tx, scope, row.userId, scope.userId, now);
        await tx
          .update(userSettings)
          .set({ workspaceId: null, updatedAt: now })
          .where(and(eq(userSettings.userId, row.userId), currentWorkspaceIs(scope)));
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
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'workspace', path: teamEndpoints.syncTypeUpdate.path });
    const row = await findMemberByUser(db, scope, body.userId);
    if (!row) throw fail(Code.NOT_FOUND, 'No such member in this workspace');
    if (row.level === 'admin' && scope.role !== 'admin') throw fail(Code.FORBIDDEN, "Only the owner changes the owner's settings");
    // SPEC §1: auto sync is for the Pro plan and up; off and manual are open on every plan.
    if (body.syncType === 'auto') await requirePlanPermission(db, scope.workspaceId, 'auto_sync');
    await scoped(db, scope).update(workspaceMembers, { syncType: body.syncType }, eq(workspaceMembers.id, row.id));
    return null;
  });

  defineRoute(app, deps, teamEndpoints.userLevelUpdate, async ({ scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'workspace', path: teamEndpoints.userLevelUpdate.path });
    if (body.userId === scope.userId) throw fail(Code.FORBIDDEN, 'You cannot change your own role');
    const row = await findMemberByUser(db, scope, body.userId);
    if (!row) throw fail(Code.NOT_FOUND, 'No such member in this workspace');
    if (row.level === 'admin') throw fail(Code.FORBIDDEN, 'The role of the owner cannot be changed');
    await scoped(db, scope).update(workspaceMembers, { level: body.userLevel }, eq(workspaceMembers.id, row.id));
    logger.info('[workspace] role changed', { workspace: scope.workspaceId, by: scope.userId, target: body.userId, level: body.userLevel });
    return null;
  });

  /**
   * SPEC §4: leaving is by application to the administrator. This applies (the caller's own, even
   * with the source-user header) and answers the pending application; the member keeps access
   * until it is approved (server/routes/leave.ts, server/workspace/leave-applications.ts).
   */
  defineRoute(app, deps, teamEndpoints.workspaceLeave, async ({ scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'workspace', path: teamEndpoints.workspaceLeave.path });
    const application = await applyToLeave(db, scope, body.note?.trim() || null, clock.now());
    logger.info('[workspace] applied to leave', { workspace: scope.workspaceId, user: scope.userId });
    return application;
  });

  /** Owner only (declared access); refused while anyone else is joined or invited. */
  defineRoute(app, deps, teamEndpoints.workspaceDisband, async ({ scope, body }) => {
    requireOwnWorkspace(scope, body.workspaceId, { logger, area: 'workspace', path: teamEndpoints.workspaceDisband.path });
    const now = clock.now();
    await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      const ws = scoped(tx, scope);
      const others = await ws.count(workspaceMembers, inArray(workspaceMembers.status, ['joined', 'invited']), ne(workspaceMembers.level, 'admin'));
      if (others > 0) throw fail(Code.MEMBERS_REMAIN);
      await tx.update(workspaces).set({ disbandedAt: now }).where(eq(workspaces.id, scope.workspaceId));
      await ws.update(workspaceMembers, { status: 'removed' }, eq(workspaceMembers.status, 'joined'));
      await tx.update(userSettings).set({ workspaceId: null, updatedAt: now }).where(currentWorkspaceIs(scope));
      await ws.update(invitations, { voidedAt: now }, isNull(invitations.usedAt), isNull(invitations.voidedAt));
    });
    logger.info('[workspace] disbanded', { workspace: scope.workspaceId, by: scope.userId });
    return null;
  });

  const linkData = (token: string, expiresAt: Date) => ({
    inviteToken: token,
    inviteUrl: configuredInvitationUrl(deps.config, 'public', token),
    expiresAt: unixSeconds(expiresAt),
  });

  defineRoute(app, deps, teamEndpoints.publicInviteUrlGenerate, async ({ scope }) => {
    const key = await keys.get();
    const now = clock.now();
    const link = await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      const live = await livePublicInvitation(tx, scope.workspaceId, now);
      if (live) return { token: deriveInviteToken(key, live.id), expiresAt: live.expiresAt };
      return issuePublicInvitation(tx, { workspaceId: scope.workspaceId, createdBy: scope.userId, now, key });
    });
    return linkData(link.token, link.expiresAt);
  });

  defineRoute(app, deps, teamEndpoints.publicInviteUrlReset, async ({ scope }) => {
    const key = await keys.get();
    const now = clock.now();
    const link = await db.transaction(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      await scoped(tx, scope).update(invitations, { voidedAt: now }, eq(invitations.kind, 'public'), isNull(invitations.voidedAt));
      return issuePublicInvitation(tx, { workspaceId: scope.workspaceId, createdBy: scope.userId, now, key });
    });
    logger.info('[workspace] public link reset', { workspace: scope.workspaceId, by: scope.userId });
    return linkData(link.token, link.expiresAt);
  });

  defineRoute(app, deps, teamEndpoints.inviteUrlList, async ({ scope }) => {
    const key = await keys.get();
    const now = clock.now();
    const rows = await db
      .select()
      .from(invitations)
      .where(inWorkspace(invitations, scope, isNull(invitations.usedAt), isNull(invitations.voidedAt), gt(invitations.expiresAt, now)))
      // The public link first, then email invitations oldest first.
      .orderBy(desc(invitations.kind), asc(invitations.createdAt), asc(invitations.email), asc(invitations.id));
    return {
      items: rows.map((r) => {
        const token = deriveInviteToken(key, r.id);
        return {
          kind: r.kind,
          email: r.email,
          inviteToken: token,
          inviteUrl: configuredInvitationUrl(deps.config, r.kind, token),
          expiresAt: unixSeconds(r.expiresAt),
        };
      }),
    };
  });
};

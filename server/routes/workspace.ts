/**
 * Workspace endpoints the login gate needs: info, member list, create. The creator becomes the
 * admin; the workspace starts on the trial plan (14 days); invited emails become invited members
 * and get an invitation email each (server/invitations.ts), counted against the creator's daily
 * allowance of invitation emails. The rest of the team's life (pages, invitations, joining, roles,
 * leaving, disbanding) is in ./team.ts; server/app.ts registers both with one invitation key source.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { plans } from '../../src/contract/plans';
import { workspaceEndpoints } from '../../src/contract/workspace';
import { refundRateLimits } from '../auth/rate-limit';
import { isUniqueViolation } from '../db/errors';
import { inWorkspace, workspaceRowOf } from '../db/scoped';
import { userSettings, users, workspaceMembers, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { countInvitationEmails, issueEmailInvitations, mailInvitations, type InviteKeySource } from '../invitations';
import { memberColumns, toWireMember, workspaceInfoOf } from '../workspace/members';

const DAY_MS = 24 * 60 * 60 * 1000;

export const registerWorkspaceRoutes = (app: Hono<AppEnv>, deps: AppDeps, keys: InviteKeySource): void => {
  const { db, logger } = deps;

  defineRoute(app, deps, workspaceEndpoints.workspaceInfo, async ({ scope }) => workspaceInfoOf(db, scope.workspaceId));

  /** The members, not removed ones; invited rows show only their address (server/workspace/members.ts). */
  defineRoute(app, deps, workspaceEndpoints.workspaceList, async ({ scope }) => {
    const rows = await db
      .select(memberColumns)
      .from(workspaceMembers)
      .leftJoin(users, eq(users.id, workspaceMembers.userId))
      .where(inWorkspace(workspaceMembers, scope, ne(workspaceMembers.status, 'removed')))
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.invitedEmail));
    return { members: rows.map(toWireMember) };
  });

  defineRoute(app, deps, workspaceEndpoints.workspaceCreate, async ({ scope, body }) => {
    if (scope.workspaceId) throw fail(Code.ALREADY_JOINED);
    const now = deps.clock.now();
    const plan = plans.trial;
    const invites = [...new Set(body.inviteEmails)].filter((e) => e !== scope.email);
    if (1 + invites.length > plan.seats) throw fail(Code.MEMBER_EXCEEDED);
    const workspaceId = randomUUID();
    const key = invites.length ? await keys.get() : '';
    // Each invitation email counts against the creator's daily allowance (creating and disbanding
    // workspaces is no way around it); given back when nothing is created.
    const tickets = await countInvitationEmails(db, { workspaceId, senderId: scope.userId, count: invites.length, now, rules: deps.config.rateLimits });
    try {
      await db.transaction(async (tx) => {
        // A membership left "joined" in a disbanded workspace must not block a new one.
        const stale = await tx
          .select({ id: workspaceMembers.id })
          .from(workspaceMembers)
          .innerJoin(workspaces, workspaceRowOf(workspaceMembers))
          .where(and(eq(workspaceMembers.userId, scope.userId), eq(workspaceMembers.status, 'joined'), isNotNull(workspaces.disbandedAt)));
        if (stale.length) {
          await tx.update(workspaceMembers).set({ status: 'removed' }).where(inArray(workspaceMembers.id, stale.map((r) => r.id)));
        }
        await tx.insert(workspaces).values({
          id: workspaceId,
          name: body.workspaceName,
          planCode: plan.code,
          planStart: now,
          planEnd: new Date(now.getTime() + plan.periodDays * DAY_MS),
          createdAt: now,
        });
        await tx.insert(workspaceMembers).values([
          {
            id: randomUUID(),
            workspaceId,
            userId: scope.userId,
            invitedEmail: scope.email,
            level: 'admin',
            status: 'joined',
            createdAt: now,
            joinedAt: now,
          },
          ...invites.map((email, i) => ({
            id: randomUUID(),
            workspaceId,
            // No user id until the person joins: the member list must not reveal accounts.
            userId: null,
            invitedEmail: email,
            level: 'member' as const,
            status: 'invited' as const,
            // Keeps the order of the list stable: the admin first, then invitations as given.
            createdAt: new Date(now.getTime() + i + 1),
          })),
        ]);
        await tx
          .insert(userSettings)
          .values({ userId: scope.userId, workspaceId, updatedAt: now })
          .onConflictDoUpdate({ target: userSettings.userId, set: { workspaceId, updatedAt: now } });
        const issued = await issueEmailInvitations(tx, { workspaceId, emails: invites, createdBy: scope.userId, now, key, mailedAt: now });
        await mailInvitations(deps, { workspaceName: body.workspaceName, inviter: scope.name || scope.email, issued, tx });
      });
    } catch (error) {
      await refundRateLimits(db, tickets);
      if (isUniqueViolation(error)) throw fail(Code.ALREADY_JOINED);
      throw error;
    }
    logger.info('[workspace] created', { workspace: workspaceId, admin: scope.userId, invited: invites.length });
    return workspaceInfoOf(db, workspaceId);
  });
};

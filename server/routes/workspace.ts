/**
 * Workspace endpoints the login gate needs: info, member list, create. The creator becomes the
 * admin; the workspace starts on the trial plan (14 days); invited emails become invited members
 * and get an invitation email each (server/invitations.ts). The rest of the team's life (pages,
 * invitations, joining, roles, leaving, disbanding) is in ./team.ts, registered from here.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { Code } from '../../src/contract/codes';
import { plans } from '../../src/contract/plans';
import type { Scope } from '../auth/scope';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { userSettings, users, workspaceMembers, workspaces } from '../db/schema';
import type { AppDeps } from '../deps';
import { fail } from '../http/respond';
import { defineRoute, type AppEnv } from '../http/route';
import { createInviteKeySource, issueEmailInvitations, mailInvitations, type IssuedInvitation } from '../invitations';
import { findWorkspace } from './plan';
import { memberColumns, originOf, registerTeamRoutes, toWireMember } from './team';
import { workspaceEndpoints } from '../../src/contract/workspace';

const DAY_MS = 24 * 60 * 60 * 1000;


const workspaceInfo = async (db: Db, workspaceId: string) => {
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) throw fail(Code.NO_WORKSPACE);
  const [joined] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, 'joined')));
  return { workspaceId: workspace.id, workspaceName: workspace.name, memberCount: Number(joined?.n ?? 0) };
};

export const registerWorkspaceRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db, logger } = deps;
  const keys = createInviteKeySource(deps);
  registerTeamRoutes(app, deps, keys);

  defineRoute(app, deps, workspaceEndpoints.workspaceInfo, async ({ scope }) => {
    if (!scope.workspaceId) throw fail(Code.NO_WORKSPACE);
    return workspaceInfo(db, scope.workspaceId);
  });

  defineRoute(app, deps, workspaceEndpoints.workspaceList, async ({ scope }) => {
    if (!scope.workspaceId) throw fail(Code.NO_WORKSPACE);
    const rows = await db
      .select(memberColumns)
      .from(workspaceMembers)
      .leftJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, scope.workspaceId), ne(workspaceMembers.status, 'removed')))
      .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.invitedEmail));
    return {
      members: rows.map(toWireMember),
    };
  });

  defineRoute(app, deps, workspaceEndpoints.workspaceCreate, async ({ c, scope, body }) => {
    if (scope.workspaceId) throw fail(Code.ALREADY_JOINED);
    const now = deps.clock.now();
    const plan = plans.trial;
    const invites = [...new Set(body.inviteEmails)].filter((e) => e !== scope.email);
    if (1 + invites.length > plan.seats) throw fail(Code.MEMBER_EXCEEDED);
    const known = invites.length
      ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, invites))
      : [];
    const userIdOf = new Map(known.map((u) => [u.email, u.id]));
    const workspaceId = randomUUID();
    const key = invites.length ? await keys.get() : '';
    let issued: IssuedInvitation[] = [];
    try {
      await db.transaction(async (tx) => {
        // A membership left "joined" in a disbanded workspace must not block a new one.
        const stale = await tx
          .select({ id: workspaceMembers.id })
          .from(workspaceMembers)
          .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
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
            userId: userIdOf.get(email) ?? null,
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
        issued = await issueEmailInvitations(tx, { workspaceId, emails: invites, createdBy: scope.userId, now, key });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(Code.ALREADY_JOINED);
      throw error;
    }
    await mailInvitations(deps, { origin: originOf(c, deps.config.publicUrl), workspaceName: body.workspaceName, inviter: scope.name || scope.email, issued });
    logger.info('[workspace] created', { workspace: workspaceId, admin: scope.userId, invited: invites.length });
    return workspaceInfo(db, workspaceId);
  });
};

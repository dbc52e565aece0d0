/** User endpoints: user info, guide type, web user setting (language), plan/pay info. */
import { eq, isNotNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { encodePerms } from '../../src/contract/permissions';
import { planMask, type PlanCode } from '../../src/contract/plans';
import { roleItemsFor } from '../../src/contract/roles';
import { isAdminRole } from '../auth/scope';
import { guideTypeFor } from '../billing/survey';
import { inWorkspace } from '../db/scoped';
import { userSettings, workspaceMembers } from '../db/schema';
import type { AppDeps } from '../deps';
import { defineRoute, type AppEnv } from '../http/route';
import { effectiveSyncType, findWorkspace, planOf, seatLimitOf, seatsInUse, unixSeconds } from '../workspace/plans';
import { accountEndpoints, languages, type Language } from '../../src/contract/account';

const isLanguage = (value: unknown): value is Language => (languages as readonly unknown[]).includes(value);


export const registerUserRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db } = deps;

  const settingsOf = async (userId: string) => {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row ?? null;
  };

  defineRoute(app, deps, accountEndpoints.userInfo, async ({ scope }) => {
    const workspace = scope.workspaceId ? await findWorkspace(db, scope.workspaceId) : null;
    const syncTypes = scope.workspaceId
      ? await db
          .select({ userId: workspaceMembers.userId, syncType: workspaceMembers.syncType })
          .from(workspaceMembers)
          .where(inWorkspace(workspaceMembers, { workspaceId: scope.workspaceId }, eq(workspaceMembers.status, 'joined'), isNotNull(workspaceMembers.userId)))
          .orderBy(workspaceMembers.createdAt, workspaceMembers.invitedEmail)
      : [];
    return {
      userId: scope.userId,
      email: scope.email,
      name: scope.name,
      roles: scope.role ? roleItemsFor(scope.role) : [],
      isAdmin: isAdminRole(scope.role),
      // The sync type each member's syncing follows (a stored `auto` is `manual` below the Pro plan, SPEC §1).
      syncTypes: syncTypes.map((r) => ({ userId: r.userId ?? '', syncType: effectiveSyncType(workspace?.planCode, r.syncType) })),
      planGroup: planOf(workspace?.planCode).group,
    };
  });

  // SPEC §4 First-run guidance: 13 opens the payment-issue survey for the owner and managers (server/billing/survey.ts).
  defineRoute(app, deps, accountEndpoints.guideType, async ({ scope }) => {
    return { guideType: await guideTypeFor(db, scope, (await settingsOf(scope.userId))?.guideType ?? 0) };
  });

  defineRoute(
    app,
    deps,
    accountEndpoints.userSetting,
    async ({ scope, body }) => {
      if (body.language) {
        const now = deps.clock.now();
        await db
          .insert(userSettings)
          .values({ userId: scope.userId, workspaceId: scope.workspaceId, language: body.language, updatedAt: now })
          .onConflictDoUpdate({ target: userSettings.userId, set: { language: body.language, updatedAt: now } });
      }
      const settings = await settingsOf(scope.userId);
      const language = settings?.language;
      return {
        userId: scope.userId,
        email: scope.email,
        name: scope.name,
        language: isLanguage(language) ? language : null,
      };
    },
  );

  defineRoute(app, deps, accountEndpoints.payInfo, async ({ scope }) => {
    const workspace = scope.workspaceId ? await findWorkspace(db, scope.workspaceId) : null;
    const plan = planOf(workspace?.planCode);
    return {
      planCode: plan.code,
      planName: plan.name,
      planPriceTitle: plan.priceTitle,
      inviteLimit: workspace ? seatLimitOf(workspace) : plan.seats,
      inviteCount: workspace ? await seatsInUse(db, workspace.id) : 0,
      planStart: unixSeconds(workspace?.planStart),
      planEnd: unixSeconds(workspace?.planEnd),
      planGroup: plan.group,
      perms: encodePerms(planMask(plan.code as PlanCode), scope.userId),
    };
  });
};


/** User endpoints: user info, guide type, web user setting (language), plan/pay info. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { encodePerms } from '../../src/contract/permissions';
import { planMask, type PlanCode } from '../../src/contract/plans';
import { roleItemsFor } from '../../src/contract/roles';
import { isAdminRole, type Scope } from '../auth/scope';
import { userSettings, workspaceMembers } from '../db/schema';
import type { AppDeps } from '../deps';
import { defineRoute, type AppEnv } from '../http/route';
import { findWorkspace, planOf, seatsInUse, unixSeconds } from './plan';

const requireScope = (scope: Scope | null): Scope => {
  if (!scope) throw new Error('bearer endpoint without a scope');
  return scope;
};

export const registerUserRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db } = deps;

  const settingsOf = async (userId: string) => {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row ?? null;
  };

  defineRoute(app, deps, 'userInfo', async ({ scope: s }) => {
    const scope = requireScope(s);
    const workspace = scope.workspaceId ? await findWorkspace(db, scope.workspaceId) : null;
    const syncTypes = scope.workspaceId
      ? await db
          .select({ userId: workspaceMembers.userId, syncType: workspaceMembers.syncType })
          .from(workspaceMembers)
          .where(
            and(
              eq(workspaceMembers.workspaceId, scope.workspaceId),
              eq(workspaceMembers.status, 'joined'),
              isNotNull(workspaceMembers.userId),
            ),
          )
          .orderBy(workspaceMembers.createdAt, workspaceMembers.invitedEmail)
      : [];
    return {
      userId: scope.userId,
      email: scope.email,
      name: scope.name,
      roles: scope.role ? roleItemsFor(scope.role) : [],
      isAdmin: isAdminRole(scope.role),
      syncTypes: syncTypes.map((r) => ({ userId: r.userId ?? '', syncType: r.syncType })),
      planGroup: planOf(workspace?.planCode).group,
    };
  });

  defineRoute(app, deps, 'guideType', async ({ scope: s }) => {
    const scope = requireScope(s);
    return { guideType: (await settingsOf(scope.userId))?.guideType ?? 0 };
  });

  defineRoute(
    app,
    deps,
    'userSetting',
    async ({ scope: s, body }) => {
      const scope = requireScope(s);
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
        language: language === 'en' || language === 'zh-CN' || language === 'ar' ? language : null,
      };
    },
    { ignoreSourceUser: true },
  );

  defineRoute(app, deps, 'payInfo', async ({ scope: s }) => {
    const scope = requireScope(s);
    const workspace = scope.workspaceId ? await findWorkspace(db, scope.workspaceId) : null;
    const plan = planOf(workspace?.planCode);
    return {
      planCode: plan.code,
      planName: plan.name,
      planPriceTitle: plan.priceTitle,
      inviteLimit: plan.seats,
      inviteCount: workspace ? await seatsInUse(db, workspace.id) : 0,
      planStart: unixSeconds(workspace?.planStart),
      planEnd: unixSeconds(workspace?.planEnd),
      planGroup: plan.group,
      perms: encodePerms(planMask(plan.code as PlanCode), scope.userId),
    };
  });
};


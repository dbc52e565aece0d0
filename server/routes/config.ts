/**
 * Config list/update (SPEC §7): /admin/config/* is the workspace-wide admin config (admins and
 * managers only); /member/config/* is the config of the member the request acts for.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { WorkspaceScope } from '../auth/scope';
import type { Db } from '../db/client';
import { inWorkspace } from '../db/scoped';
import { configs } from '../db/schema';
import type { AppDeps } from '../deps';
import { defineRoute, type AppEnv } from '../http/route';
import { accountEndpoints } from '../../src/contract/account';

type ConfigScope = 'admin' | 'member';


const ownerOf = (kind: ConfigScope, scope: WorkspaceScope) => (kind === 'admin' ? null : scope.actingUserId);

const listConfig = async (db: Db, kind: ConfigScope, scope: WorkspaceScope) => {
  const owner = ownerOf(kind, scope);
  const rows = await db
    .select({ key: configs.key, value: configs.value })
    .from(configs)
    .where(inWorkspace(configs, scope, eq(configs.scope, kind), owner === null ? isNull(configs.userId) : eq(configs.userId, owner)))
    .orderBy(asc(configs.key));
  return { items: rows };
};

export const registerConfigRoutes = (app: Hono<AppEnv>, deps: AppDeps): void => {
  const { db } = deps;

  const update = async (kind: ConfigScope, scope: WorkspaceScope, items: { key: string; value: string }[]) => {
    const now = deps.clock.now();
    const owner = ownerOf(kind, scope);
    const latest = new Map(items.map((i) => [i.key, i.value]));
    await db.transaction(async (tx) => {
      for (const [key, value] of latest) {
        await tx
          .insert(configs)
          .values({ id: randomUUID(), workspaceId: scope.workspaceId, scope: kind, userId: owner, key, value, updatedAt: now })
          .onConflictDoUpdate({
            target: [configs.workspaceId, configs.scope, configs.userId, configs.key],
            set: { value: sql`excluded.value`, updatedAt: now },
          });
      }
    });
    return listConfig(db, kind, scope);
  };

  defineRoute(app, deps, accountEndpoints.adminConfigList, async ({ scope }) => listConfig(db, 'admin', scope));
  defineRoute(app, deps, accountEndpoints.adminConfigUpdate, async ({ scope, body }) => update('admin', scope, body.items));
  defineRoute(app, deps, accountEndpoints.memberConfigList, async ({ scope }) => listConfig(db, 'member', scope));
  defineRoute(app, deps, accountEndpoints.memberConfigUpdate, async ({ scope, body }) => update('member', scope, body.items));
};

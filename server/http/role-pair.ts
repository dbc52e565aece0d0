/**
 * One call served under both role prefixes (src/contract/role-pair.ts: the /admin endpoint and the
 * /member one): the lead, contact, tag and chat-list calls. The /admin endpoint's access (manager)
 * already refused members; the /member endpoint refuses the source-user header (its contract's
 * `sourceUser`), so there the owner is always the caller. The handler gets the Owner: the member
 * whose data the call works on (the scope's acting user) in the caller's workspace.
 */
import type { Hono } from 'hono';
import type { z } from 'zod/mini';
import type { RolePair } from '../../src/contract/role-pair';
import type { WorkspaceScope } from '../auth/scope';
import type { Owner } from '../db/scoped';
import type { AppDeps } from '../deps';
import { defineRoute, type AppEnv } from './route';

export const defineRolePair = <R extends z.ZodMiniType, A extends z.ZodMiniType>(
  app: Hono<AppEnv>,
  deps: AppDeps,
  pair: RolePair<R, A>,
  handler: (ctx: { body: z.output<R>; scope: WorkspaceScope; owner: Owner; clientAddress: string }) => Promise<z.output<A>>,
): void => {
  for (const endpoint of [pair.admin, pair.member]) {
    defineRoute(app, deps, endpoint, async ({ scope, body, clientAddress }) =>
      handler({ body, scope, owner: { workspaceId: scope.workspaceId, userId: scope.actingUserId }, clientAddress }),
    );
  }
};

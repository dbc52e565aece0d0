/**
 * The callers of an authorization matrix (SPEC §6) over the team world
 * (tests/server/support/team-world.ts): nobody, each person of workspace W, another workspace's
 * owner, a user with no workspace, and the member's and owner's extension sessions. `row` writes a
 * matrix line in that order; `callerTokens` gives each caller's bearer token (extension sessions
 * made once per suite: call `reset` in `beforeAll`) and `post` makes a call as that caller.
 */
import { createSession } from '../../../server/auth/sessions';
import type { Person, World } from './team-world';
import type { TestApp } from './test-app';

export type Caller = 'anonymous' | 'member' | 'manager' | 'admin' | 'otherAdmin' | 'outsider' | 'memberExtension' | 'adminExtension';
export const callers: Caller[] = ['anonymous', 'member', 'manager', 'admin', 'otherAdmin', 'outsider', 'memberExtension', 'adminExtension'];

export const row = (
  anonymous: number,
  member: number,
  manager: number,
  admin: number,
  otherAdmin: number,
  outsider: number,
  memberExtension: number,
  adminExtension: number,
): Record<Caller, number> => ({ anonymous, member, manager, admin, otherAdmin, outsider, memberExtension, adminExtension });

export const callerTokens = (app: () => TestApp, world: () => World) => {
  const extensionTokens = new Map<Person, string>();
  const tokens = {
    reset: () => extensionTokens.clear(),
    tokenOf: async (caller: Caller): Promise<string | undefined> => {
      if (caller === 'anonymous') return undefined;
      if (caller === 'memberExtension' || caller === 'adminExtension') {
        const person: Person = caller === 'memberExtension' ? 'member' : 'admin';
        if (!extensionTokens.has(person)) {
          const t = app();
          extensionTokens.set(person, (await createSession(t.db, world().who[person].userId, t.clock.now(), t.config, 'extension')).accessToken);
        }
        return extensionTokens.get(person);
      }
      return world().who[caller].accessToken;
    },
  };
  return {
    ...tokens,
    /** POSTs `body` to `path` as `caller` (signed out: no token), with extra `headers`. */
    post: async (path: string, caller: Caller, body: unknown, headers: Record<string, string> = {}) => {
      const token = await tokens.tokenOf(caller);
      return app().post(path, body, { ...(token ? { token } : {}), headers });
    },
  };
};

/**
 * The Scope of a request: who calls (from the bearer session), their workspace and role, and the
 * member they act for. Every query on workspace data is filtered by `workspaceId` (and, for
 * member-owned data, by `actingUserId`).
 *
 * Acting for another member (SOURCE_USER_HEADER, SPEC §6) is allowed only on an endpoint that
 * honours the header, when the caller is an admin or manager and the target is a joined member of
 * the same workspace. Anyone else sending the header, naming someone outside the workspace, or
 * sending it to an endpoint that acts on the caller only, gets FORBIDDEN and the attempt is logged.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Code } from '../../src/contract/codes';
import type { Role } from '../../src/contract/roles';
import type { Db } from '../db/client';
import { workspaceMembers, workspaces } from '../db/schema';
import { fail } from '../http/respond';
import type { Logger } from '../logger';
import type { SessionUser } from './sessions';

export type Scope = {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  /** Null when the user has no (live) workspace yet. */
  workspaceId: string | null;
  role: Role | null;
  /** The member whose data the request reads or writes: the caller, or the member they act for. */
  actingUserId: string;
};

export type WorkspaceScope = Scope & { workspaceId: string; role: Role };

export const hasWorkspace = (scope: Scope): scope is WorkspaceScope => scope.workspaceId !== null && scope.role !== null;
export const isAdminRole = (role: Role | null): boolean => role === 'admin' || role === 'manager';

/** Where a refused workspace id is logged: the area's prefix (`[chats] other workspace refused`) and the endpoint's path. */
export type ForeignWorkspaceLog = { logger: Logger; area: string; path: string };

/**
 * A request that names a workspace must name the caller's own (undefined: it names none): naming
 * another is refused (FORBIDDEN) and logged. One check for every body carrying a workspace id.
 */
export const requireOwnWorkspace = (scope: WorkspaceScope, workspaceId: string | undefined, log: ForeignWorkspaceLog): void => {
  if (workspaceId === undefined || workspaceId === scope.workspaceId) return;
  log.logger.warn(`[${log.area}] other workspace refused`, { user: scope.userId, target: workspaceId.slice(0, 80), path: log.path });
  throw fail(Code.FORBIDDEN);
};

/** The joined membership of a user in a workspace that is not disbanded, if any. */
export const findMembership = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ workspaceId: workspaceMembers.workspaceId, level: workspaceMembers.level })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.status, 'joined'), isNull(workspaces.disbandedAt)));
  return row ?? null;
};

export const buildScope = async (
  deps: { db: Db; logger: Logger },
  session: SessionUser,
  sourceUser: string | undefined,
  path: string,
  /** False for an endpoint that acts on the caller only (its contract says `sourceUser: 'refused'`). */
  mayActForOthers = true,
): Promise<Scope> => {
  // authenticateBearer reads the membership in its own query (one round trip per request).
  const membership = session.membership !== undefined ? session.membership : await findMembership(deps.db, session.userId);
  const scope: Scope = {
    sessionId: session.sessionId,
    userId: session.userId,
    email: session.email,
    name: session.name,
    workspaceId: membership?.workspaceId ?? null,
    role: membership?.level ?? null,
    actingUserId: session.userId,
  };
  const target = sourceUser?.trim();
  if (!target || target === session.userId) return scope;

  const refuse = (reason: string) => {
    deps.logger.warn('[scope] source-user refused', { reason, user: session.userId, target: target.slice(0, 80), path });
    return fail(Code.FORBIDDEN);
  };
  if (!mayActForOthers) throw refuse('this path acts on the caller only');
  if (!scope.workspaceId || !isAdminRole(scope.role)) throw refuse('caller is not an admin or manager');
  const [member] = await deps.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, scope.workspaceId),
        eq(workspaceMembers.userId, target),
        eq(workspaceMembers.status, 'joined'),
      ),
    );
  if (!member) throw refuse('target is not a joined member of the workspace');
  return { ...scope, actingUserId: target };
};

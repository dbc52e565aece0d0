/** Member rows as the member list and the members page show them, and the workspace facts of create and join. */
import { eq, sql } from 'drizzle-orm';
import { Code } from '../../src/contract/codes';
import type { WorkspaceMember } from '../../src/contract/workspace';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { workspaceFilter } from '../db/scoped';
import { users, workspaceMembers, workspaces } from '../db/schema';
import { fail } from '../http/respond';

/** A member row as the member list and page select it (joined with the person's account). */
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

type MemberRow = {
  userId: string | null;
  invitedEmail: string;
  email: string | null;
  name: string | null;
  status: WorkspaceMember['status'];
  level: WorkspaceMember['level'];
  number: string | null;
  syncType: WorkspaceMember['syncType'];
};

/**
 * The wire shape of a member row (SPEC §3 member). An invited row shows only the address it went
 * to (userId '' and name '') until the person joins: the list must not tell the team whether that
 * address already has an account.
 */
export const toWireMember = (r: MemberRow): WorkspaceMember => {
  const invited = r.status === 'invited';
  return {
    userId: invited ? '' : (r.userId ?? ''),
    email: invited ? r.invitedEmail : (r.email ?? r.invitedEmail),
    name: invited ? '' : (r.name ?? ''),
    status: r.status,
    level: r.level,
    number: r.number,
    syncType: r.syncType,
  };
};

/**
 * The workspace and its joined members' count in one query. The count is confined to the
 * workspace by its own condition (workspaceFilter: the members whose workspace is the row read).
 */
const workspaceFactsQuery = preparedFor((db) =>
  db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      disbandedAt: workspaces.disbandedAt,
      joined: sql<number>`(select count(*)::int from ${workspaceMembers} where ${workspaceFilter(workspaceMembers, workspaces.id, eq(workspaceMembers.status, 'joined'))})`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, sql.placeholder('workspaceId')))
    .prepare('workspace_facts'),
);

/** Workspace facts returned by info, create and join (members counted, never stored). */
export const workspaceInfoOf = async (db: Db, workspaceId: string) => {
  const [workspace] = await workspaceFactsQuery(db).execute({ workspaceId });
  if (!workspace || workspace.disbandedAt) throw fail(Code.NO_WORKSPACE);
  return { workspaceId: workspace.id, workspaceName: workspace.name, memberCount: Number(workspace.joined) };
};

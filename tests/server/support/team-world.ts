/**
 * A quick-to-rebuild world for the team tests (SPEC §7 Workspace): people are signed up once (sign-up hashes
 * passwords, which is slow); `rebuild()` then wipes every workspace and lays the teams out again
 * with direct inserts, keeping everyone's session.
 *
 * Workspace W (pro plan): admin, manager, member, target (a member the calls act on) and a
 * pending email invitation for pending@example.com. Workspace W2: otherAdmin. Workspace W3 (owner
 * host): a public link and email invitations for anyone the test asks for. outsider: no workspace.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { hashToken } from '../../../server/auth/tokens';
import { invitations, userSettings, workspaceMembers, workspaces } from '../../../server/db/schema';
import { deriveInviteToken, INVITE_VALID_MS, loadInviteKey } from '../../../server/invitations';
import { signUp, type SignedIn } from './accounts';
import type { TestApp } from './test-app';

export const people = ['admin', 'manager', 'member', 'target', 'otherAdmin', 'host', 'outsider'] as const;
export type Person = (typeof people)[number];

export type World = {
  who: Record<Person, SignedIn>;
  W: string;
  W2: string;
  W3: string;
  /** Wipes every workspace and lays the teams out again. */
  rebuild(options?: { planW?: string }): Promise<void>;
  /** A live invitation of a workspace, made directly in the database; returns its token. */
  invite(workspaceId: string, kind: 'email' | 'public', email?: string, options?: { expiresAt?: Date }): Promise<string>;
  /** Members and invitations of a workspace, for "nothing written" checks. */
  snapshot(workspaceId?: string): Promise<string>;
};

export const buildWorld = async (t: TestApp): Promise<World> => {
  await t.reset();
  const who = {} as Record<Person, SignedIn>;
  for (const p of people) who[p] = await signUp(t, `${p.toLowerCase()}@example.com`);
  const W = 'ws-main';
  const W2 = 'ws-other';
  const W3 = 'ws-host';

  const member = async (workspaceId: string, p: Person, level: 'admin' | 'manager' | 'member', order: number) => {
    const now = t.clock.now();
    await t.db.insert(workspaceMembers).values({
      id: randomUUID(),
      workspaceId,
      userId: who[p].userId,
      invitedEmail: who[p].email,
      level,
      status: 'joined',
      createdAt: new Date(now.getTime() + order),
      joinedAt: now,
    });
    await t.db
      .insert(userSettings)
      .values({ userId: who[p].userId, workspaceId, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { workspaceId } });
  };

  const world: World = {
    who,
    W,
    W2,
    W3,
    async rebuild(options = {}) {
      await t.db.execute(sql`DELETE FROM workspaces`);
      await t.db.execute(sql`DELETE FROM outbox`);
      await t.db.update(userSettings).set({ workspaceId: null });
      t.logger.lines.length = 0;
      const now = t.clock.now();
      for (const [id, name, plan] of [
        [W, 'Main team', options.planW ?? 'pro'],
        [W2, 'Other team', 'pro'],
        [W3, 'Host team', 'pro'],
      ] as const) {
        await t.db.insert(workspaces).values({ id, name, planCode: plan, planStart: now, planEnd: null, createdAt: now });
      }
      await member(W, 'admin', 'admin', 0);
      await member(W, 'manager', 'manager', 1);
      await member(W, 'member', 'member', 2);
      await member(W, 'target', 'member', 3);
      await member(W2, 'otherAdmin', 'admin', 0);
      await member(W3, 'host', 'admin', 0);
      await t.db.insert(workspaceMembers).values({
        id: randomUUID(),
        workspaceId: W,
        userId: null,
        invitedEmail: 'pending@example.com',
        level: 'member',
        status: 'invited',
        createdAt: new Date(now.getTime() + 4),
      });
      await world.invite(W, 'email', 'pending@example.com');
    },
    async invite(workspaceId, kind, email, options = {}) {
      const now = t.clock.now();
      const key = await loadInviteKey(t.db, t.config, now);
      const id = randomUUID();
      const token = deriveInviteToken(key, id);
      await t.db.insert(invitations).values({
        id,
        workspaceId,
        kind,
        email: kind === 'email' ? (email ?? null) : null,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: options.expiresAt ?? new Date(now.getTime() + INVITE_VALID_MS),
      });
      return token;
    },
    async snapshot(workspaceId = W) {
      const members = await t.db
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, workspaceId))
        .orderBy(asc(workspaceMembers.invitedEmail));
      const invites = await t.db.select().from(invitations).where(eq(invitations.workspaceId, workspaceId)).orderBy(asc(invitations.id));
      const [ws] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
      return JSON.stringify({ members, invites, ws });
    },
  };
  await world.rebuild();
  return world;
};

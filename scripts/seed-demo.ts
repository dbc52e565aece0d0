/**
 * `npm run seed:demo`: fills the configured database (same environment as the server: DATA_DIR or
 * DATABASE_URL) with a demo workspace "Demo Trading Co" on the Pro plan, with an admin, a manager
 * and two members whose passwords are printed. Re-running it updates the same rows (passwords are
 * set again to the printed ones), never duplicates them. The workspace also gets a pending email
 * invitation (invitee@demo.test) and a public invitation link, both printed; a re-run keeps them
 * while they are live (else issues new ones). Later issues extend `seedDemo`.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashSecret } from '../server/auth/passwords';
import { systemClock, type Clock } from '../server/clock';
import { makeConfig, readAppConfig, readServerEnv } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { invitations, userSettings, users, workspaceMembers, workspaces } from '../server/db/schema';
import {
  deriveInviteToken,
  invitationUrl,
  issueEmailInvitations,
  issuePublicInvitation,
  livePublicInvitation,
  loadInviteKey,
} from '../server/invitations';
import { plans } from '../src/contract/plans';

export const DEMO_WORKSPACE_NAME = 'Demo Trading Co';

export const demoUsers = [
  { email: 'admin@demo.test', password: 'demo-admin-pass', name: 'Dana Admin', level: 'admin', syncType: 'auto', number: '+1 555 0100' },
  { email: 'manager@demo.test', password: 'demo-manager-pass', name: 'Milo Manager', level: 'manager', syncType: 'manual', number: '+1 555 0101' },
  { email: 'member1@demo.test', password: 'demo-member1-pass', name: 'Mia Member', level: 'member', syncType: 'manual', number: '+1 555 0102' },
  { email: 'member2@demo.test', password: 'demo-member2-pass', name: 'Max Member', level: 'member', syncType: 'off', number: '+1 555 0103' },
] as const;

export const DEMO_INVITEE = 'invitee@demo.test';

export type DemoSeed = {
  workspaceId: string;
  userIds: Record<string, string>;
  /** The pending email invitation's link (opens /workspace/grant-access). */
  emailInviteUrl: string;
  /** The workspace's public invitation link (opens /workspace/invitation). */
  publicInviteUrl: string;
};

export type SeedOptions = {
  /** Origin put in the printed links (PUBLIC_URL, else http://HOST:PORT). */
  origin?: string;
  /** INVITE_SECRET of the server, if it has one (the links must be derived with the same key). */
  inviteSecret?: string | null;
};

export const seedDemo = async (db: Db, clock: Clock = systemClock, options: SeedOptions = {}): Promise<DemoSeed> => {
  const now = clock.now();
  const plan = plans.pro;
  const origin = options.origin ?? 'http://127.0.0.1:8787';
  const hashes = await Promise.all(demoUsers.map((u) => hashSecret(u.password)));
  const key = await loadInviteKey(db, makeConfig({ inviteSecret: options.inviteSecret ?? null }), now);
  return db.transaction(async (tx) => {
    const [existingWorkspace] = await tx.select().from(workspaces).where(eq(workspaces.name, DEMO_WORKSPACE_NAME)).limit(1);
    const workspaceId = existingWorkspace?.id ?? randomUUID();
    const planEnd = new Date(now.getTime() + plan.periodDays * 24 * 60 * 60 * 1000);
    if (existingWorkspace) {
      await tx.update(workspaces).set({ planCode: plan.code, disbandedAt: null }).where(eq(workspaces.id, workspaceId));
    } else {
      await tx.insert(workspaces).values({ id: workspaceId, name: DEMO_WORKSPACE_NAME, planCode: plan.code, planStart: now, planEnd, createdAt: now });
    }
    const userIds: Record<string, string> = {};
    for (const [i, u] of demoUsers.entries()) {
      const passwordHash = hashes[i]!;
      const [existing] = await tx.select().from(users).where(eq(users.email, u.email));
      const userId = existing?.id ?? randomUUID();
      if (existing) await tx.update(users).set({ passwordHash, name: u.name }).where(eq(users.id, userId));
      else await tx.insert(users).values({ id: userId, email: u.email, name: u.name, passwordHash, createdAt: now });
      userIds[u.email] = userId;

      const [member] = await tx
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.invitedEmail, u.email)));
      const memberValues = { userId, level: u.level, status: 'joined' as const, syncType: u.syncType, number: u.number };
      if (member) await tx.update(workspaceMembers).set(memberValues).where(eq(workspaceMembers.id, member.id));
      else {
        await tx.insert(workspaceMembers).values({
          id: randomUUID(),
          workspaceId,
          invitedEmail: u.email,
          ...memberValues,
          createdAt: new Date(now.getTime() + i),
          joinedAt: now,
        });
      }
      await tx
        .insert(userSettings)
        .values({ userId, workspaceId, updatedAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { workspaceId, updatedAt: now } });
    }

    // A pending email invitation, kept while it is live.
    const [invitee] = await tx
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.invitedEmail, DEMO_INVITEE)));
    if (invitee) await tx.update(workspaceMembers).set({ status: 'invited', level: 'member', userId: null, joinedAt: null }).where(eq(workspaceMembers.id, invitee.id));
    else {
      await tx.insert(workspaceMembers).values({
        id: randomUUID(),
        workspaceId,
        invitedEmail: DEMO_INVITEE,
        level: 'member',
        status: 'invited',
        createdAt: new Date(now.getTime() + demoUsers.length),
      });
    }
    const adminId = userIds[demoUsers[0].email]!;
    const [liveEmail] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, workspaceId),
          eq(invitations.kind, 'email'),
          eq(invitations.email, DEMO_INVITEE),
          isNull(invitations.usedAt),
          isNull(invitations.voidedAt),
          gt(invitations.expiresAt, now),
        ),
      );
    const emailToken = liveEmail
      ? deriveInviteToken(key, liveEmail.id)
      : (await issueEmailInvitations(tx, { workspaceId, emails: [DEMO_INVITEE], createdBy: adminId, now, key }))[0]!.token;
    const livePublic = await livePublicInvitation(tx, workspaceId, now);
    const publicToken = livePublic
      ? deriveInviteToken(key, livePublic.id)
      : (await issuePublicInvitation(tx, { workspaceId, createdBy: adminId, now, key })).token;
    return {
      workspaceId,
      userIds,
      emailInviteUrl: invitationUrl(origin, 'email', emailToken),
      publicInviteUrl: invitationUrl(origin, 'public', publicToken),
    };
  });
};

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const run = async () => {
    const env = readServerEnv();
    const config = readAppConfig();
    const origin = config.publicUrl;
    const database = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir });
    let seed: DemoSeed;
    try {
      seed = await seedDemo(database.db, systemClock, { origin, inviteSecret: config.inviteSecret });
    } finally {
      await database.close();
    }
    console.log(`Seeded "${DEMO_WORKSPACE_NAME}" (${plans.pro.name} plan) in ${env.databaseUrl ? 'DATABASE_URL' : resolve(env.dataDir)}:`);
    for (const u of demoUsers) console.log(`  ${u.level.padEnd(8)} ${u.email.padEnd(20)} password: ${u.password}`);
    console.log(`  pending email invitation for ${DEMO_INVITEE}: ${seed.emailInviteUrl}`);
    console.log(`  public invitation link (valid 7 days): ${seed.publicInviteUrl}`);
  };
  run().catch((error: unknown) => {
    console.error('[seed:demo] failed:', error);
    process.exit(1);
  });
}

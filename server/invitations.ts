/**
 * Invitations (SPEC §3 Invite, §9): email invitations bound to one address and redeemed once, and
 * the workspace's public link, usable by anyone signed in without a workspace until it expires
 * (7 days) or is reset. Both kinds are rows of `invitations`.
 *
 * Tokens: 256 bits, base64url, derived as HMAC-SHA256(invitation key, row id) where the row id is
 * itself random. Only sha256(token) is stored (the lookup key); the server can show a live link
 * again (invite dialog, link list) by deriving it from the id, which needs the key: INVITE_SECRET,
 * else a random key kept in `server_secrets` and shared by every server process.
 *
 * Email floods (SPEC §7): invitation emails to one address from one workspace have a resend
 * cooldown and a daily cap (`inviteResend`, `inviteRecipient`, counted from `mailed_at` under the
 * workspace lock); beyond them the invitation is kept but not mailed again. The routes also count
 * every invitation email against the workspace's and the inviter's daily allowance
 * (`inviteWorkspace`, `inviteSender`, rate_limits table).
 *
 * A member a manager removed cannot come back through a link issued before the removal
 * (`removed_at`): only an email invitation or a link made afterwards lets them in again.
 *
 * Seats and every multi-row change run in one transaction that first locks the workspace row
 * (SELECT ... FOR UPDATE), so two redemptions racing for the last seat give exactly one member on
 * PostgreSQL (the second waits, then counts the first), and on PGlite (one connection, transactions
 * run one after another).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { Code } from '../src/contract/codes';
import { INVITE_VALID_DAYS } from '../src/contract/workspace';
import { countRateHit, refundRateLimits, type RateTicket } from './auth/rate-limit';
import { hashToken } from './auth/tokens';
import type { Clock } from './clock';
import type { AppConfig, RateLimits } from './config';
import type { Db, Tx } from './db/client';
import { inWorkspace, scoped, workspaceRowOf } from './db/scoped';
import { invitations, serverSecrets, userSettings, workspaceMembers, workspaces, type InvitationKind } from './db/schema';
import { fail } from './http/respond';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import { seatLimitOf, seatsInUse } from './workspace/plans';

export const INVITE_VALID_MS = INVITE_VALID_DAYS * 24 * 60 * 60 * 1000;
const INVITE_KEY_NAME = 'invitation-key';

type Conn = Db | Tx;

/** The pages an invitation link opens (the front end lives under /crm/). */
export const invitationPaths: Record<InvitationKind, string> = {
  email: '/crm/workspace/grant-access',
  public: '/crm/workspace/invitation',
};

export const invitationUrl = (origin: string, kind: InvitationKind, token: string): string =>
  `${origin.replace(/\/+$/, '')}${invitationPaths[kind]}?invite_token=${encodeURIComponent(token)}`;

/** An invitation link on the configured origin (PUBLIC_URL), never on a request's Host header. */
export const configuredInvitationUrl = (config: Pick<AppConfig, 'publicUrl'>, kind: InvitationKind, token: string): string =>
  invitationUrl(config.publicUrl, kind, token);

export const deriveInviteToken = (key: string, invitationId: string): string =>
  createHmac('sha256', key).update(`invitation:${invitationId}`).digest('base64url');

const readKey = async (db: Db): Promise<string | undefined> => {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, INVITE_KEY_NAME));
  return row?.value;
};

/** The invitation key: INVITE_SECRET, else the one stored in the database (made on first use). */
export const loadInviteKey = async (db: Db, config: AppConfig, now: Date): Promise<string> => {
  if (config.inviteSecret) return config.inviteSecret;
  const existing = await readKey(db);
  if (existing) return existing;
  await db
    .insert(serverSecrets)
    .values({ name: INVITE_KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const made = await readKey(db);
  if (!made) throw new Error('the invitation key could not be stored');
  return made;
};

/** A per-app cache of the key (never read inside a transaction: PGlite has one connection). */
export const createInviteKeySource = (deps: { db: Db; config: AppConfig; clock: Clock }) => {
  let pending: Promise<string> | null = null;
  return {
    get(): Promise<string> {
      pending ??= loadInviteKey(deps.db, deps.config, deps.clock.now()).catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
  };
};
export type InviteKeySource = ReturnType<typeof createInviteKeySource>;

const newInvitationId = () => randomBytes(16).toString('hex');

/** Locks the workspace row for the rest of the transaction. */
export const lockWorkspace = async (tx: Tx, workspaceId: string) => {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  return row ?? null;
};

export type IssuedInvitation = { email: string; token: string; expiresAt: Date };

/** Voids the live email invitations of these addresses and issues one new invitation each. */
export const issueEmailInvitations = async (
  tx: Tx,
  input: {
    workspaceId: string;
    emails: string[];
    createdBy: string;
    now: Date;
    key: string;
    /** When their email is queued (the caller mails them in this transaction); null: not mailed. */
    mailedAt?: Date | null;
  },
): Promise<IssuedInvitation[]> => {
  if (!input.emails.length) return [];
  await scoped(tx, input).update(
    invitations,
    { voidedAt: input.now },
    eq(invitations.kind, 'email'),
    inArray(invitations.email, input.emails),
    isNull(invitations.usedAt),
    isNull(invitations.voidedAt),
  );
  const expiresAt = new Date(input.now.getTime() + INVITE_VALID_MS);
  const rows = input.emails.map((email) => {
    const id = newInvitationId();
    return { id, email, token: deriveInviteToken(input.key, id) };
  });
  await tx.insert(invitations).values(
    rows.map((r) => ({
      id: r.id,
      workspaceId: input.workspaceId,
      kind: 'email' as const,
      email: r.email,
      tokenHash: hashToken(r.token),
      createdBy: input.createdBy,
      createdAt: input.now,
      expiresAt,
      mailedAt: input.mailedAt ?? null,
    })),
  );
  return rows.map((r) => ({ email: r.email, token: r.token, expiresAt }));
};

/** Voids every live email invitation of one address in a workspace. */
export const voidEmailInvitations = async (tx: Tx, workspaceId: string, email: string, now: Date): Promise<void> => {
  await scoped(tx, { workspaceId }).update(
    invitations,
    { voidedAt: now },
    eq(invitations.kind, 'email'),
    eq(invitations.email, email),
    isNull(invitations.usedAt),
    isNull(invitations.voidedAt),
  );
};

/**
 * Counts `count` invitation emails against the workspace's and the inviter's daily allowances
 * (`inviteWorkspace`, `inviteSender`; rate_limits table, shared by every server process) and
 * throws RATE_LIMITED when either would be exceeded; a refused call's counts are given back, so
 * the allowance is exactly the emails sent. Runs before the caller's transaction (the counters
 * are statements of their own); returns the tickets, to give back when the call writes nothing.
 */
export const countInvitationEmails = async (
  db: Db,
  input: { workspaceId: string; senderId: string; count: number; now: Date; rules: Pick<RateLimits, 'inviteWorkspace' | 'inviteSender'> },
): Promise<RateTicket[]> => {
  if (input.count <= 0) return [];
  const one = [
    { bucket: `invite:workspace:${input.workspaceId}`, rule: input.rules.inviteWorkspace },
    { bucket: `invite:sender:${input.senderId}`, rule: input.rules.inviteSender },
  ];
  const tickets: RateTicket[] = [];
  let allowed = true;
  for (let i = 0; i < input.count; i++) {
    for (const check of one) {
      const hit = await countRateHit(db, check, input.now);
      tickets.push(hit.ticket);
      allowed &&= hit.allowed;
    }
  }
  if (allowed) return tickets;
  await refundRateLimits(db, tickets);
  throw fail(Code.RATE_LIMITED);
};

/** Email invitations of these addresses that can still be redeemed (not used, voided or expired). */
export const liveEmailInvitations = (conn: Conn, workspaceId: string, emails: string[], now: Date) =>
  emails.length
    ? scoped(conn, { workspaceId }).select(
        invitations,
        eq(invitations.kind, 'email'),
        inArray(invitations.email, emails),
        isNull(invitations.usedAt),
        isNull(invitations.voidedAt),
        gt(invitations.expiresAt, now),
      )
    : Promise.resolve([]);

/**
 * The addresses that may be mailed an invitation from this workspace now: fewer than
 * `inviteResend.limit` emails within its window (the resend cooldown) and fewer than
 * `inviteRecipient.limit` within its window, counted from the invitations' `mailed_at`. Read under
 * the workspace lock for the decision that counts; the routes read it once before, to know how
 * many emails to count against the daily allowances.
 */
export const mailableRecipients = async (
  conn: Conn,
  workspaceId: string,
  emails: string[],
  now: Date,
  rules: Pick<RateLimits, 'inviteResend' | 'inviteRecipient'>,
): Promise<Set<string>> => {
  if (!emails.length) return new Set();
  const longest = Math.max(rules.inviteResend.windowSeconds, rules.inviteRecipient.windowSeconds);
  const mailed = await conn
    .select({ email: invitations.email, mailedAt: invitations.mailedAt })
    .from(invitations)
    .where(
      inWorkspace(
        invitations,
        { workspaceId },
        inArray(invitations.email, emails),
        gt(invitations.mailedAt, new Date(now.getTime() - longest * 1000)),
      ),
    );
  const within = (email: string, windowSeconds: number) =>
    mailed.filter((m) => m.email === email && m.mailedAt && m.mailedAt.getTime() > now.getTime() - windowSeconds * 1000).length;
  return new Set(
    emails.filter(
      (e) => within(e, rules.inviteResend.windowSeconds) < rules.inviteResend.limit && within(e, rules.inviteRecipient.windowSeconds) < rules.inviteRecipient.limit,
    ),
  );
};

/**
 * Queues the invitation emails (inside `tx` when given, so they go only if it commits). Links use
 * the configured origin (`config.publicUrl`) only.
 */
export const mailInvitations = async (
  deps: { mailer: Mailer; logger: Logger; config: Pick<AppConfig, 'publicUrl'> },
  input: {
    /** @deprecated Ignored: links come from `deps.config.publicUrl`. Callers drop it. */
    origin?: string;
    workspaceName: string;
    inviter: string;
    issued: IssuedInvitation[];
    tx?: Tx;
  },
): Promise<void> => {
  for (const inv of input.issued) {
    const link = configuredInvitationUrl(deps.config, 'email', inv.token);
    await deps.mailer.send({
      to: inv.email,
      subject: `You are invited to join ${input.workspaceName}`,
      text: [
        `${input.inviter} invited you to the team workspace "${input.workspaceName}" on Chat CRM.`,
        '',
        `Accept the invitation: ${link}`,
        '',
        `The link is valid for ${INVITE_VALID_DAYS} days and can be used once, by ${inv.email}.`,
      ].join('\n'),
      link,
    }, { tx: input.tx });
  }
};

/** The live public link of a workspace (not voided, not expired), if any. */
export const livePublicInvitation = (conn: Conn, workspaceId: string, now: Date) =>
  scoped(conn, { workspaceId }).first(invitations, eq(invitations.kind, 'public'), isNull(invitations.voidedAt), gt(invitations.expiresAt, now));

/** Issues a new public link for the workspace (the caller voids the old one first when resetting). */
export const issuePublicInvitation = async (
  tx: Tx,
  input: { workspaceId: string; createdBy: string; now: Date; key: string },
): Promise<{ token: string; expiresAt: Date }> => {
  const id = newInvitationId();
  const token = deriveInviteToken(input.key, id);
  const expiresAt = new Date(input.now.getTime() + INVITE_VALID_MS);
  await tx.insert(invitations).values({
    id,
    workspaceId: input.workspaceId,
    kind: 'public',
    email: null,
    tokenHash: hashToken(token),
    createdBy: input.createdBy,
    createdAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
};

export type InvitationStatus = 'valid' | 'member' | 'expired' | 'alreadyJoined' | 'memberExceeded' | 'disbanded' | 'emailMismatch';

export const findInvitation = async (conn: Conn, token: string) => {
  const [row] = await conn.select().from(invitations).where(eq(invitations.tokenHash, hashToken(token)));
  return row ?? null;
};
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** The caller's joined membership in a live workspace (read inside the caller's transaction). */
const currentWorkspaceOf = async (conn: Conn, userId: string): Promise<string | null> => {
  const [row] = await conn
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .innerJoin(workspaces, workspaceRowOf(workspaceMembers))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.status, 'joined'), isNull(workspaces.disbandedAt)));
  return row?.workspaceId ?? null;
};

/**
 * What redeeming `inv` would answer for this caller, checked in this order: disbanded workspace,
 * already a member of it ('member': joining again changes nothing), joined elsewhere, email of
 * another person, expired/reset/used (or issued before a manager removed the caller: 'expired'
 * for them), no seat left.
 */
export const evaluateInvitation = async (
  conn: Conn,
  inv: InvitationRow,
  caller: { userId: string; email: string },
  now: Date,
): Promise<{ status: InvitationStatus; workspace: typeof workspaces.$inferSelect | null }> => {
  const [workspace] = await conn.select().from(workspaces).where(eq(workspaces.id, inv.workspaceId));
  if (!workspace || workspace.disbandedAt) return { status: 'disbanded', workspace: workspace ?? null };
  const current = await currentWorkspaceOf(conn, caller.userId);
  if (current === workspace.id) return { status: 'member', workspace };
  if (current) return { status: 'alreadyJoined', workspace };
  if (inv.kind === 'email' && inv.email !== caller.email) return { status: 'emailMismatch', workspace };
  if (inv.voidedAt || inv.expiresAt.getTime() <= now.getTime() || (inv.kind === 'email' && inv.usedAt)) {
    return { status: 'expired', workspace };
  }
  const own = await scoped(conn, { workspaceId: workspace.id }).first(workspaceMembers, eq(workspaceMembers.invitedEmail, caller.email));
  // Removed by a manager after this link was made: the link does not readmit them.
  if (own?.status === 'removed' && own.removedAt && inv.createdAt.getTime() <= own.removedAt.getTime()) {
    return { status: 'expired', workspace };
  }
  const taken = (await seatsInUse(conn, workspace.id)) - (own?.status === 'invited' ? 1 : 0);
  if (taken + 1 > seatLimitOf(workspace)) return { status: 'memberExceeded', workspace };
  return { status: 'valid', workspace };
};

const failureOf: Record<Exclude<InvitationStatus, 'valid' | 'member'>, () => Error> = {
  disbanded: () => fail(Code.WORKSPACE_DISBANDED),
  alreadyJoined: () => fail(Code.ALREADY_JOINED),
  emailMismatch: () => fail(Code.FORBIDDEN, 'This invitation was sent to another email address'),
  expired: () => fail(Code.INVITE_EXPIRED),
  memberExceeded: () => fail(Code.MEMBER_EXCEEDED),
};

export const invitationNotFound = () => fail(Code.NOT_FOUND, 'This invitation link is not valid');

/**
 * Redeems an invitation for the caller: the caller becomes a joined member (an email invitation is
 * used up; a pending email invitation of the same address is voided). Everything happens in one
 * transaction holding the workspace lock. Returns the workspace id.
 */
export const redeemInvitation = async (
  tx: Tx,
  input: { token: string; userId: string; email: string; now: Date },
): Promise<{ workspaceId: string; changed: boolean }> => {
  const inv = await findInvitation(tx, input.token);
  if (!inv) throw invitationNotFound();
  await lockWorkspace(tx, inv.workspaceId);
  const { status } = await evaluateInvitation(tx, inv, input, input.now);
  if (status === 'member') return { workspaceId: inv.workspaceId, changed: false };
  if (status !== 'valid') throw failureOf[status]();

  // A membership left "joined" in a disbanded workspace must not block this one.
  const stale = await tx
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, workspaceRowOf(workspaceMembers))
    .where(and(eq(workspaceMembers.userId, input.userId), eq(workspaceMembers.status, 'joined'), isNotNull(workspaces.disbandedAt)));
  if (stale.length) {
    await tx.update(workspaceMembers).set({ status: 'removed' }).where(inArray(workspaceMembers.id, stale.map((r) => r.id)));
  }

  const ws = scoped(tx, inv);
  const own = await ws.first(workspaceMembers, eq(workspaceMembers.invitedEmail, input.email));
  if (own) {
    await ws.update(
      workspaceMembers,
      { userId: input.userId, status: 'joined', level: own.status === 'invited' ? own.level : 'member', joinedAt: input.now, removedAt: null },
      eq(workspaceMembers.id, own.id),
    );
  } else {
    await tx.insert(workspaceMembers).values({
      id: randomUUID(),
      workspaceId: inv.workspaceId,
      userId: input.userId,
      invitedEmail: input.email,
      level: 'member',
      status: 'joined',
      createdAt: input.now,
      joinedAt: input.now,
    });
  }
  if (inv.kind === 'email') {
    await ws.update(invitations, { usedAt: input.now, usedBy: input.userId }, eq(invitations.id, inv.id));
  }
  await ws.update(
    invitations,
    { voidedAt: input.now },
    eq(invitations.kind, 'email'),
    eq(invitations.email, input.email),
    ne(invitations.id, inv.id),
    isNull(invitations.usedAt),
    isNull(invitations.voidedAt),
  );
  await tx
    .insert(userSettings)
    .values({ userId: input.userId, workspaceId: inv.workspaceId, updatedAt: input.now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { workspaceId: inv.workspaceId, updatedAt: input.now } });
  return { workspaceId: inv.workspaceId, changed: true };
};

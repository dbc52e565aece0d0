/** Small steps the server tests share: sign up through the API, create a workspace, add members. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { userSettings, users, workspaceMembers } from '../../../server/db/schema';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct-horse-9';

export type SignedIn = { email: string; userId: string; accessToken: string; cookie: string };

export const signUp = async (t: TestApp, email: string, password = PASSWORD, name?: string): Promise<SignedIn> => {
  const reg = await t.post('/api/wp/user/register', { email, password, ...(name ? { name } : {}) });
  expect(reg.code).toBe(100000);
  const code = await t.lastCode(email);
  const verified = await t.post('/api/wp/user/register/verify', { email, code });
  expect(verified.code).toBe(100000);
  const data = verified.data as { access_token: string };
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user || !verified.sessionCookie) throw new Error('sign-up did not create the user');
  return { email, userId: user.id, accessToken: data.access_token, cookie: verified.sessionCookie };
};

export const signIn = async (t: TestApp, email: string, password = PASSWORD): Promise<SignedIn> => {
  const res = await t.post('/api/wp/user/login', { email, password });
  expect(res.code).toBe(100000);
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return { email, userId: user!.id, accessToken: (res.data as { access_token: string }).access_token, cookie: res.sessionCookie! };
};

export const createWorkspace = async (t: TestApp, who: SignedIn, name = 'Acme', inviteEmails: string[] = []) => {
  const res = await t.post('/public/workspace/create', { workspace_name: name, invite_emails: inviteEmails }, { token: who.accessToken });
  expect(res.code).toBe(100000);
  return (res.data as { workspace_id: string }).workspace_id;
};

/** Puts a signed-up user into a workspace as a joined member at the given level. */
export const addMember = async (t: TestApp, workspaceId: string, who: SignedIn, level: 'manager' | 'member', status: 'joined' | 'invited' = 'joined') => {
  const now = t.clock.now();
  await t.db.insert(workspaceMembers).values({
    id: randomUUID(),
    workspaceId,
    userId: who.userId,
    invitedEmail: who.email,
    level,
    status,
    createdAt: now,
    joinedAt: status === 'joined' ? now : null,
  });
  if (status === 'joined') await t.db.update(userSettings).set({ workspaceId }).where(eq(userSettings.userId, who.userId));
};

/** An admin with a workspace, a manager and a member in it. */
export const teamOf = async (t: TestApp, prefix = 'team') => {
  const admin = await signUp(t, `${prefix}-admin@example.com`);
  const manager = await signUp(t, `${prefix}-manager@example.com`);
  const member = await signUp(t, `${prefix}-member@example.com`);
  const workspaceId = await createWorkspace(t, admin, `${prefix} workspace`);
  await addMember(t, workspaceId, manager, 'manager');
  await addMember(t, workspaceId, member, 'member');
  return { admin, manager, member, workspaceId };
};

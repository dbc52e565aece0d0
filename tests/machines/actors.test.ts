import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { Code } from '../../src/contract/codes';
import { nameOfEndpoint, type EndpointName } from '../../src/contract/all-endpoints';
import type { Endpoint } from '../../src/contract/endpoint';
import { languageMachine } from '../../src/machines/language.machine';
import { loginGateMachine } from '../../src/machines/login-gate.machine';
import { selectedMemberMachine } from '../../src/machines/selected-member.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import { accountMachine } from '../../src/machines/account.machine';
import { gateRulesOf } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';
import { createActors } from '../../src/services/actors';
import type { ApiClient, ApiResult } from '../../src/services/api/client';
import { createMemoryBackend, createStorage } from '../../src/services/storage';
import { adminUser, config, members, payInfo, workspace } from '../support/fixtures';

const rules = gateRulesOf(routeTable);

type Answers = Partial<Record<EndpointName, ApiResult<unknown> | Error>>;

const okResult = <T>(data: T): ApiResult<T> => ({ ok: true, raw: false, code: Code.OK, data, message: 'success' });
const codeResult = (code: number): ApiResult<never> => ({ ok: false, raw: false, code, data: null, message: 'no' });

const fakeApi = (answers: Answers) => {
  const calls: { name: EndpointName; body: unknown }[] = [];
  const call = (async (endpoint: Endpoint, body?: unknown) => {
    const name = nameOfEndpoint(endpoint);
    calls.push({ name, body });
    const answer = answers[name];
    if (answer === undefined) throw new Error(`unexpected call ${name}`);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as ApiClient['call'];
  return { api: { call } satisfies ApiClient, calls };
};

const setup = (answers: Answers, stored: Record<string, string> = {}) => {
  const { api, calls } = fakeApi(answers);
  const storage = createStorage(createMemoryBackend(stored));
  const loadLocale = vi.fn(async () => undefined);
  const openUrl = vi.fn<(url: string) => void>();
  const sendTo = vi.fn();
  const navigate = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  const doc = document.implementation.createHTMLDocument('t');
  const impl = createActors({ api, storage, loadLocale, openUrl, sendTo, navigate, document: doc, logoutUrl: '/bye' });
  return { impl, calls, storage, loadLocale, openUrl, sendTo, navigate, doc };
};

describe('createActors', () => {
  it('drives the login gate through the API: token, first load, workspace load, storage', async () => {
    const s = setup({
      token: okResult({ accessToken: 'fresh', expiresIn: 900 }),
      userInfo: okResult(adminUser),
      payInfo: okResult(payInfo),
      workspaceInfo: okResult(workspace),
      workspaceList: okResult({ members }),
      adminConfigList: okResult({ items: config }),
    });
    const gate = createActor(loginGateMachine.provide(s.impl.loginGate), { input: { rules } }).start();
    gate.send({ type: 'router.navigate', pathname: '/v2/home', search: '?invite_token=inv' });
    await waitFor(gate, (snap) => snap.hasTag('ready'));
    expect(s.calls.map((c) => c.name)).toEqual(['token', 'userInfo', 'payInfo', 'workspaceInfo', 'workspaceList', 'adminConfigList']);
    expect(s.calls.find((c) => c.name === 'workspaceInfo')?.body).toEqual({ inviteToken: 'inv' });
    expect(s.storage.get('accessToken')).toBe('fresh');
    // The obtained token tells the session actor of the system.
    expect(s.sendTo).toHaveBeenCalledWith('session', { type: 'session.signedIn' });
    expect(s.storage.get('userInfo')).toEqual(adminUser);
    expect(s.storage.get('planGroup')).toBe('pro');
    expect(gate.getSnapshot().context.members).toEqual(members);
    expect(s.navigate).not.toHaveBeenCalled();
  });

  it('a refused token sends the gate to /login; a user-info code other than 100000 too', async () => {
    const refused = setup({ token: codeResult(Code.NO_ACTIVE_ACCOUNT) });
    const gate = createActor(loginGateMachine.provide(refused.impl.loginGate), { input: { rules } }).start();
    gate.send({ type: 'router.navigate', pathname: '/contacts', search: '' });
    await waitFor(gate, (snap) => snap.hasTag('busy') && refused.navigate.mock.calls.length > 0);
    expect(refused.navigate.mock.calls[0]).toEqual(['/login?redirect=%2Fcontacts', { replace: true }]);

    const bad = setup(
      { userInfo: codeResult(Code.TOKEN_EXPIRED), payInfo: okResult(payInfo), workspaceInfo: okResult(workspace) },
      { accessToken: 'old' },
    );
    const gate2 = createActor(loginGateMachine.provide(bad.impl.loginGate), { input: { rules } }).start();
    gate2.send({ type: 'router.navigate', pathname: '/contacts', search: '' });
    await waitFor(gate2, () => bad.navigate.mock.calls.length > 0);
    expect(bad.navigate.mock.calls[0]).toEqual(['/login?redirect=%2Fcontacts', { replace: true }]);
  });

  it('signs out through the API and clears the token', async () => {
    const s = setup({ logout: codeResult(Code.LOGOUT_REDIRECT) }, { accessToken: 'tok' });
    const session = createActor(
      sessionMachine.provide({
        ...s.impl.session,
        // Outside the app system there is no root to announce to.
        actions: { ...s.impl.session.actions, announceSessionStarted: () => undefined, announceSessionEnded: () => undefined },
      }),
    ).start();
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
    session.send({ type: 'user.signOut' });
    await waitFor(session, (snap) => !snap.hasTag('signedIn') && !snap.hasTag('busy'));
    expect(s.storage.get('accessToken')).toBeNull();
    expect(s.openUrl).toHaveBeenCalledWith('/bye');
  });

  it('persists the selected member', () => {
    const s = setup({});
    const actor = createActor(
      selectedMemberMachine.provide({ actions: { ...s.impl.selectedMember.actions, announceSelection: () => undefined } }),
      { input: { stored: null } },
    ).start();
    actor.send({ type: 'members.loaded', self: { userId: adminUser.userId, roles: adminUser.roles }, members });
    actor.send({ type: 'user.select', userId: 'u-other' });
    expect(s.storage.get('selectedMember')).toBe('u-other');
  });

  it('loads, applies (lang, dir), persists and saves the language', async () => {
    const s = setup(
      { userSetting: okResult({ userId: 'u', email: 'e', name: 'n', language: 'ar' }) },
      { accessToken: 'tok' },
    );
    const actor = createActor(languageMachine.provide(s.impl.language), { input: { stored: null, browser: 'en-US' } }).start();
    await waitFor(actor, (snap) => snap.hasTag('ready'));
    expect(s.doc.documentElement.lang).toBe('en');
    actor.send({ type: 'user.choose', language: 'ar' });
    await waitFor(actor, (snap) => !snap.hasTag('busy') && snap.context.language === 'ar');
    expect(s.loadLocale.mock.calls).toEqual([['en'], ['ar']]);
    expect(s.doc.documentElement.lang).toBe('ar');
    expect(s.doc.documentElement.dir).toBe('rtl');
    expect(s.storage.get('language')).toBe('ar');
    expect(s.calls).toEqual([{ name: 'userSetting', body: { language: 'ar' } }]);
  });

  it('refreshes the account: user, workspace, members and the pay info; no workspace is an empty list, not a failure', async () => {
    const upgraded = { ...payInfo, planCode: 'growth', planName: 'Growth', inviteLimit: 50, planGroup: 'growth' };
    const s = setup({ userInfo: okResult(adminUser), workspaceInfo: okResult(workspace), payInfo: okResult(upgraded), workspaceList: okResult({ members }) }, { planGroup: 'pro' });
    const account = createActor(accountMachine.provide({ ...s.impl.account, actions: { announceMembers: () => undefined } })).start();
    account.send({ type: 'account.loaded', account: { userInfo: adminUser, payInfo, workspace, members: [], config } });
    account.send({ type: 'account.refresh' });
    await waitFor(account, (snap) => !snap.hasTag('busy'));
    expect(s.calls.map((c) => c.name)).toEqual(['userInfo', 'workspaceInfo', 'payInfo', 'workspaceList']);
    // After an upgrade (or seats bought) the app reads the new plan and seat limit, and the stored plan group follows.
    expect(account.getSnapshot().context).toMatchObject({ userInfo: adminUser, workspace, members, payInfo: upgraded, config, refreshFailed: false });
    expect(s.storage.get('planGroup')).toBe('growth');

    // The pay info failing alone keeps the one on show.
    const gone = setup({ userInfo: okResult(adminUser), workspaceInfo: codeResult(Code.NO_WORKSPACE), payInfo: new Error('network') });
    const left = createActor(accountMachine.provide({ ...gone.impl.account, actions: { announceMembers: () => undefined } })).start();
    left.send({ type: 'account.loaded', account: { userInfo: adminUser, payInfo, workspace, members, config } });
    left.send({ type: 'account.refresh' });
    await waitFor(left, (snap) => !snap.hasTag('busy'));
    expect(gone.calls.map((c) => c.name)).toEqual(['userInfo', 'workspaceInfo', 'payInfo']);
    expect(left.getSnapshot().context).toMatchObject({ workspace: null, members: [], payInfo, refreshFailed: false });
  });
});

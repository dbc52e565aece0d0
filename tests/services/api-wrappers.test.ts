import { describe, expect, it } from 'vitest';
import { accountApi, decodePayInfo } from '../../src/services/api/account';
import { workspaceApi } from '../../src/services/api/workspace';
import type { ApiClient, ApiResult } from '../../src/services/api/client';
import type { EndpointName } from '../../src/contract/endpoints';
import { encodePerms, maskOf } from '../../src/contract/permissions';
import type { PayInfo } from '../../src/contract/account';

const recordingClient = () => {
  const calls: Array<{ name: EndpointName; body: unknown }> = [];
  const client: ApiClient = {
    call: async (name, body) => {
      calls.push({ name, body });
      return { ok: false, raw: false, code: 0, data: null, message: '' } as ApiResult<never>;
    },
  };
  return { client, calls };
};

describe('endpoint wrappers', () => {
  it('account calls go to their endpoints with their bodies', async () => {
    const { client, calls } = recordingClient();
    const api = accountApi(client);
    await api.login({ email: 'a@b.co', password: 'pw' });
    await api.userInfo();
    await api.userSetting({ language: 'ar' });
    await api.userSetting();
    await api.changePassword({ oldPassword: 'a', newPassword: 'bbbbbbbb' });
    await api.token();
    expect(calls).toEqual([
      { name: 'login', body: { email: 'a@b.co', password: 'pw' } },
      { name: 'userInfo', body: undefined },
      { name: 'userSetting', body: { language: 'ar' } },
      { name: 'userSetting', body: {} },
      { name: 'changePassword', body: { oldPassword: 'a', newPassword: 'bbbbbbbb' } },
      { name: 'token', body: undefined },
    ]);
  });

  it('workspace calls go to their endpoints with their bodies', async () => {
    const { client, calls } = recordingClient();
    const api = workspaceApi(client);
    await api.info({ inviteToken: 'inv' });
    await api.info();
    await api.list();
    await api.create({ workspaceName: 'Acme' });
    expect(calls).toEqual([
      { name: 'workspaceInfo', body: { inviteToken: 'inv' } },
      { name: 'workspaceInfo', body: {} },
      { name: 'workspaceList', body: undefined },
      { name: 'workspaceCreate', body: { workspaceName: 'Acme' } },
    ]);
  });
});

describe('decodePayInfo', () => {
  const base: Omit<PayInfo, 'perms'> = {
    planCode: 'pro',
    planName: 'Pro',
    planPriceTitle: '$25/seat/month',
    inviteLimit: 10,
    inviteCount: 2,
    planStart: 1,
    planEnd: 0,
    planGroup: 'pro',
  };

  it('decodes the perms into the SPEC §3 permission bits for the signed-in user', () => {
    const payInfo: PayInfo = { ...base, perms: encodePerms(maskOf(['calender', 'export_contact']), 'u1') };
    const decoded = decodePayInfo(payInfo, 'u1');
    expect(decoded.planCode).toBe('pro');
    expect(decoded.permissions.calender).toBe(true);
    expect(decoded.permissions.export_contact).toBe(true);
    expect(decoded.permissions.ai_chatbot).toBe(false);
    expect(Object.values(decoded.permissions).filter(Boolean)).toHaveLength(2);
  });

  it('grants nothing for an unreadable value', () => {
    const decoded = decodePayInfo({ ...base, perms: 'garbage' }, 'u1');
    expect(Object.values(decoded.permissions).some(Boolean)).toBe(false);
  });
});

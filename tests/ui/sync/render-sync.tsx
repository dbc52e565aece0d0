/**
 * Renders the real app (routes, gate, layout, screens, long-lived flows) for the sync views through
 * tests/ui/harness.tsx's renderApp, with a fake extension the test gives handlers to, and the
 * account, pipeline and sync answers a member's workspace needs.
 */
import type { UserInfo } from '../../../src/contract/account';
import type { Lead } from '../../../src/contract/leads';
import { createFakeExtension, type FakeExtension, type FakeExtensionHandlers } from '../../../src/services/extension/fake';
import type { AppStorage } from '../../../src/services/storage';
import type { AppShell } from '../../../src/ui/app-actors';
import { memberUser } from '../../support/fixtures';
import { noTabs } from '../../support/lead-fixtures';
import { accountApi } from '../fake-account';
import { okResult, renderApp, type ApiHandlers, type FakeApi } from '../harness';

export type SyncWorld = {
  shell: AppShell;
  api: FakeApi;
  storage: AppStorage;
  extension: FakeExtension;
  location: () => string;
};

export type SyncWorldOptions = {
  path: string;
  extension?: FakeExtensionHandlers;
  storage?: Record<string, string>;
  user?: UserInfo;
  leads?: Lead[];
  guideType?: number;
  syncedChatCount?: number;
  browserLanguages?: readonly string[];
  extra?: ApiHandlers;
};

export async function renderSyncWorld(options: SyncWorldOptions): Promise<SyncWorld> {
  const user = options.user ?? memberUser;
  const leads = options.leads ?? [];
  const api = accountApi({
    user,
    extra: {
      guideType: () => okResult({ guideType: options.guideType ?? 0 }),
      syncStatus: () => okResult({ numbers: [], limit: 5, syncType: 'manual' as const, lastSyncTime: null, syncedChatCount: options.syncedChatCount ?? 0 }),
      memberUserTabs: () => okResult({ tabs: [noTabs] }),
      adminUserTabs: () => okResult({ tabs: [noTabs] }),
      memberLeadsCount: () => okResult({ items: [{ tabId: 0, openCount: leads.length, awaitReplyCount: 0 }], totalCount: leads.length }),
      adminLeadsCount: () => okResult({ items: [{ tabId: 0, openCount: leads.length, awaitReplyCount: 0 }], totalCount: leads.length }),
      memberLeadsList: () => okResult({ rows: leads, totalCount: leads.length }),
      adminLeadsList: () => okResult({ rows: leads, totalCount: leads.length }),
      ...options.extra,
    },
  });
  const extension = createFakeExtension(options.extension ?? {});
  await import('../../../src/ui/screens/sync/sync-overlays');
  const app = await renderApp({
    path: options.path,
    api,
    storage: { accessToken: 'tok', ...options.storage },
    bridge: extension,
    ...(options.browserLanguages ? { browserLanguages: options.browserLanguages } : {}),
  });
  return { shell: app.shell, api, storage: app.storage, extension, location: app.location };
}

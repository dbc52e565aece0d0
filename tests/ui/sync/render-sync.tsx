/**
 * Renders the real app (routes, gate, layout, screens, long-lived flows) for the sync views, like
 * tests/ui/harness.tsx's renderApp, with a fake extension the test gives handlers to, and the
 * account, pipeline and sync answers a member's workspace needs.
 */
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { waitFor as waitForActor } from 'xstate';
import type { UserInfo } from '../../../src/contract/account';
import type { Lead } from '../../../src/contract/leads';
import { loadLocaleAsync } from '../../../src/i18n/i18n-util.async';
import { createFakeExtension, type FakeExtension, type FakeExtensionHandlers } from '../../../src/services/extension/fake';
import { createMemoryBackend, createStorage, type AppStorage } from '../../../src/services/storage';
import { App, createAppShell } from '../../../src/ui/app';
import type { AppShell } from '../../../src/ui/app-actors';
import { createNavigator } from '../../../src/ui/navigator';
import { memberUser } from '../../support/fixtures';
import { noTabs } from '../../support/lead-fixtures';
import { accountApi } from '../fake-account';
import { BASENAME, okResult, type ApiHandlers, type FakeApi } from '../harness';

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
  const storage = createStorage(createMemoryBackend({ accessToken: 'tok', ...options.storage }));
  const extension = createFakeExtension(options.extension ?? {});
  const navigator = createNavigator();
  const shell = createAppShell({
    api,
    storage,
    bridge: extension,
    loadLocale: loadLocaleAsync,
    navigate: (to, o) => navigator.navigate(to, o),
    browserLanguages: options.browserLanguages ?? ['en-US'],
    recorder: null,
    openUrl: () => undefined,
  });
  await waitForActor(shell.actors.language, (s) => s.hasTag('ready'));
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter basename={BASENAME} initialEntries={[`${BASENAME}${options.path}`]}>
      {children}
    </MemoryRouter>
  );
  await Promise.all([import('../../../src/ui/layout/main-layout'), import('../../../src/ui/screens/sync/sync-overlays')]);
  render(<App shell={shell} Router={Router} navigator={navigator} />);
  await act(async () => {
    await Promise.resolve();
  });
  const location = () => {
    const l = navigator.location();
    if (!l) return '';
    const path = l.pathname.startsWith(BASENAME) ? l.pathname.slice(BASENAME.length) || '/' : l.pathname;
    return `${path}${l.search}`;
  };
  return { shell, api, storage, extension, location };
}

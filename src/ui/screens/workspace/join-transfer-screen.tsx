/**
 * /workspace/join-transfer (joinTransfer, SPEC §2: it skips the login gate): the page a join in
 * progress passes through. Its flow (src/machines/join-transfer.machine.ts, started by the app
 * system with the query's invite_token) moves the router on to the invitation page at once; this
 * page only says so meanwhile.
 *
 * Test ids: join-transfer-page (with join-transfer-page-message).
 */
import { useI18nContext } from '../../../i18n/i18n-react';
import { WorkspacePageFrame } from './workspace-page-frame';

export function JoinTransferScreen() {
  const { LL } = useI18nContext();
  const t = LL.onboarding.joinTransfer;
  return <WorkspacePageFrame testId="join-transfer-page" title={t.title()} message={<span role="status">{t.message()}</span>} busy />;
}

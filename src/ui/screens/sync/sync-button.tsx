/**
 * The pipeline's Sync button (SPEC §3 filter controls: sync button; §4 Chat sync flow): it sends
 * `user.sync` to the chat-sync flow and shows its spinner while the sync runs (tag `syncing`) and
 * "Checking…" while it is prepared (tag `checking`). Offered only on the person's own data: a
 * sync uploads the signed-in person's chats, not those of a member picked in the selector.
 *
 * Test ids: sync-button (data-state: idle | checking | syncing).
 */
import { useSelector } from '@xstate/react';
import { useI18nContext } from '../../../i18n/i18n-react';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { useFlow } from '../../app-actors';
import { useActsForSelf } from './use-sync-actors';

function SyncIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />
    </svg>
  );
}

export function SyncButton({ variant = 'outline' }: { variant?: 'outline' | 'solid' }) {
  const { LL } = useI18nContext();
  const t = LL.sync.button;
  const chatSync = useFlow('chatSync');
  const own = useActsForSelf();
  const syncing = useSelector(chatSync, (s) => s?.hasTag('syncing') ?? false);
  const checking = useSelector(chatSync, (s) => s?.hasTag('checking') ?? false);
  if (!own) return null;
  const busy = syncing || checking;
  return (
    <Button
      variant={variant}
      disabled={!chatSync || busy}
      aria-busy={busy || undefined}
      title={t.label()}
      onClick={() => chatSync?.send({ type: 'user.sync' })}
      data-testid="sync-button"
      data-state={syncing ? 'syncing' : checking ? 'checking' : 'idle'}
    >
      {syncing ? <Spinner /> : <SyncIcon />}
      {syncing ? t.syncing() : checking ? t.checking() : t.sync()}
    </Button>
  );
}

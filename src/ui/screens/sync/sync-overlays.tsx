/**
 * What the main layout shows for chat sync on every screen (SPEC §2 Layout dialogs): the first-run
 * guidance, the sync-button guidance mask and the outcome of Start chat. Loaded lazily by the main
 * layout together with the 'sync' texts, so nothing of it reaches the login page.
 */
import { css } from '../../../../styled-system/css';
import { GuideCard, SyncMaskCard } from './guide-card';
import { ChatNotice } from './sync-notice';
import { useFirstRunGuideActor } from './use-sync-actors';

export function SyncOverlays() {
  const guide = useFirstRunGuideActor();
  return guide ? (
    <>
      <GuideCard guide={guide} />
      <SyncMaskCard guide={guide} />
    </>
  ) : null;
}

/** Start chat's outcome at the top of the screen (the pipeline's lead cards start chats). */
export function SyncLayoutNotice() {
  return (
    <div className={css({ mb: '4', _empty: { display: 'none' } })}>
      <ChatNotice />
    </div>
  );
}

/**
 * What the main layout shows for chat sync on every screen (SPEC §2 Layout dialogs): stacked in a
 * corner (the inline end, at the bottom) so it stays in view wherever the page is scrolled, the
 * outcome of Start chat and the first-run guidance (`SyncOverlays`, with guide type 13's
 * payment-issue survey dialog, a modal); in the layout flow at the top
 * of the main content, the sync-button guidance mask (`SyncBanner`), which stays until closed and
 * so must never lie over the screen's controls. Loaded lazily by the main layout together with the
 * 'sync' texts, so nothing of it reaches the login page.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { css } from '../../../../styled-system/css';
import { loadAreas } from '../../../i18n/areas';
import { selectPaymentSurvey, type FirstRunGuideActorRef } from '../../../machines/first-run-guide.machine';
import { GuideCard, SyncMaskCard } from './guide-card';
import { ChatNotice } from './sync-notice';
import { useFlow } from '../../app-actors';

/**
 * Guide type 13's payment-issue survey (SPEC §4), the first-run guidance's child flow: its dialog
 * and the billing texts load only when the survey runs.
 */
const PaymentSurveyDialog = lazy(() =>
  Promise.all([import('../billing/payment-survey-dialog'), loadAreas(['billing'])]).then(([m]) => ({ default: m.PaymentSurveyDialog })),
);

function PaymentSurvey({ guide }: { guide: FirstRunGuideActorRef }) {
  const survey = useSelector(guide, selectPaymentSurvey);
  return survey ? (
    <Suspense fallback={null}>
      <PaymentSurveyDialog flow={survey} />
    </Suspense>
  ) : null;
}

const stack = css({
  position: 'fixed',
  insetInlineEnd: { base: '2', md: '6' },
  insetBlockEnd: { base: '2', md: '6' },
  zIndex: 'overlay',
  width: { base: 'calc(100vw - 1rem)', md: '26rem' },
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  // The stack's empty area lets clicks through; its cards take them.
  pointerEvents: 'none',
  _empty: { display: 'none' },
});
const chatNotice = css({ pointerEvents: 'auto', bg: 'bg.default', borderRadius: 'l3', boxShadow: 'lg', _empty: { display: 'none' } });

export function SyncOverlays() {
  const guide = useFlow('firstRunGuide');
  return (
    <>
      <div className={stack}>
        <div className={chatNotice}>
          <ChatNotice />
        </div>
        {guide ? <GuideCard guide={guide} /> : null}
      </div>
      {/* A modal in a portal of its own, outside the corner stack. */}
      {guide ? <PaymentSurvey guide={guide} /> : null}
    </>
  );
}

/** The sync-button guidance mask, in the flow of the main content (above the screen). */
export function SyncBanner() {
  const guide = useFlow('firstRunGuide');
  return guide ? <SyncMaskCard guide={guide} /> : null;
}

/**
 * The plan panel on the members page (SPEC §2 add seats, plan upgrade; §3 Plan / pay info; §4 the
 * payment-issue survey's answers, stored for the workspace's admins), driven by the 'planPanel'
 * flow (src/machines/plan-panel.machine.ts) that the app system starts beside the members list.
 * The owner and managers see the plan, its price, the seats used of the seat limit and the
 * period's end, "Add seats" (paid plans) and "Upgrade plan" (each opens a child flow's dialog, read
 * from the flow's snapshot), and a collapsible list of the payment feedback. Members see nothing.
 * Test ids: plan-panel, plan-panel-loading, plan-panel-error, plan-panel-retry, plan-panel-name,
 * plan-panel-price, plan-panel-seats, plan-panel-period-end, plan-panel-add-seats, plan-panel-upgrade,
 * plan-panel-feedback-toggle, plan-panel-feedback, plan-panel-feedback-loading, plan-panel-feedback-error,
 * plan-panel-feedback-retry, plan-panel-feedback-empty, plan-panel-feedback-item; the dialogs' own.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { managesTeam } from '../../../contract/roles';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import { buysSeats, type PlanPanelActorRef, type SurveyAnswer } from '../../../machines/plan-panel.machine';
import type { PlanUpgradeActorRef } from '../../../machines/plan-upgrade.machine';
import type { SeatPurchaseActorRef } from '../../../machines/seat-purchase.machine';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Heading, Text } from '../../components/heading';
import { UserSentence, UserText } from '../../components/user-text';
import { formatDay, PlanUpgradeDialog } from './plan-upgrade-dialog';
import { SeatPurchaseDialog } from './seat-purchase-dialog';

const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '5',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  bg: 'bg.default',
  minWidth: '0',
});
const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: '4',
  m: '0',
  '& dt': { color: 'fg.muted', textStyle: 'sm' },
  '& dd': { m: '0', fontWeight: 'medium', overflowWrap: 'anywhere' },
});
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const feedbackList = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '3' });
const feedbackItem = css({ display: 'flex', flexDirection: 'column', gap: '1', paddingInlineStart: '3', borderInlineStartWidth: '2px', borderColor: 'border.default' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });

/** SPEC §4 survey reasons 1 to 4 in the page's words. */
const reasonText = (LL: TranslationFunctions, reason: number): string => {
  const r = LL.billing.upgrade.panel.reasons;
  switch (reason) {
    case 1:
      return r.tooExpensive();
    case 2:
      return r.noPaymentMethod();
    case 3:
      return r.missingFeatures();
    default:
      return r.other();
  }
};

export function PlanPanel() {
  const ref = useFlow('planPanel');
  const role = useSelector(ref, (s) => s?.context.role);
  return ref && role && managesTeam(role) ? <PanelView flow={ref} /> : null;
}

function PanelView({ flow }: { flow: PlanPanelActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.upgrade.panel;
  const headingId = useId();
  const loading = useSelector(flow, (s) => s.hasTag('loading'));
  const failed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const payInfo = useSelector(flow, (s) => s.context.payInfo);
  const acting = useSelector(flow, (s) => s.hasTag('seats') || s.hasTag('upgrading'));
  const upgrade = useSelector(flow, (s) => s.children.planUpgrade as PlanUpgradeActorRef | undefined);
  const seats = useSelector(flow, (s) => s.children.seatPurchase as SeatPurchaseActorRef | undefined);
  return (
    <section className={panel} aria-labelledby={headingId} aria-busy={loading} data-testid="plan-panel">
      <Heading as="h2" size="lg" id={headingId}>
        {t.title()}
      </Heading>
      {loading && !payInfo ? (
        <Text muted data-testid="plan-panel-loading">
          {t.loading()}
        </Text>
      ) : null}
      {failed ? (
        <div className={row} data-testid="plan-panel-error">
          <InlineAlert status="error" title={t.failed()} />
          <Button variant="outline" size="sm" onClick={() => flow.send({ type: 'user.retry' })} data-testid="plan-panel-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}
      {payInfo ? (
        <>
          <dl className={facts}>
            <div>
              <dt>{t.plan()}</dt>
              <dd data-testid="plan-panel-name">{payInfo.planName}</dd>
            </div>
            <div>
              <dt>{t.price()}</dt>
              <dd data-testid="plan-panel-price">{payInfo.planPriceTitle}</dd>
            </div>
            <div>
              <dt>{t.seats()}</dt>
              <dd data-testid="plan-panel-seats">{t.seatsUsed({ used: payInfo.inviteCount, limit: payInfo.inviteLimit })}</dd>
            </div>
            <div>
              <dt>{t.periodEnd()}</dt>
              {/* SPEC §3: planEnd 0 means the plan has no end. */}
              <dd data-testid="plan-panel-period-end">{payInfo.planEnd > 0 ? formatDay(payInfo.planEnd, locale) : t.noEnd()}</dd>
            </div>
          </dl>
          <div className={row}>
            {buysSeats(payInfo) ? (
              <Button variant="outline" disabled={acting || loading} onClick={() => flow.send({ type: 'user.addSeats' })} data-testid="plan-panel-add-seats">
                {t.addSeats()}
              </Button>
            ) : null}
            <Button disabled={acting || loading} onClick={() => flow.send({ type: 'user.upgrade' })} data-testid="plan-panel-upgrade">
              {t.upgrade()}
            </Button>
          </div>
        </>
      ) : null}
      <Feedback flow={flow} />
      <SeatPurchaseDialog flow={seats} />
      <PlanUpgradeDialog flow={upgrade} />
    </section>
  );
}

/** The payment-issue survey's answers, collapsed until asked for. */
function Feedback({ flow }: { flow: PlanPanelActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.upgrade.panel;
  const regionId = useId();
  const open = useSelector(flow, (s) => s.hasTag('feedbackOpen'));
  const loading = useSelector(flow, (s) => s.hasTag('feedbackLoading'));
  const failed = useSelector(flow, (s) => s.hasTag('feedbackFailed'));
  const answers = useSelector(flow, (s) => s.context.feedback);
  return (
    <div>
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={open ? regionId : undefined} onClick={() => flow.send({ type: 'user.toggleFeedback' })} data-testid="plan-panel-feedback-toggle">
        {t.feedback()}
      </Button>
      {open ? (
        <div id={regionId} data-testid="plan-panel-feedback">
          {loading ? (
            <p className={muted} data-testid="plan-panel-feedback-loading">
              {t.feedbackLoading()}
            </p>
          ) : failed ? (
            <div className={row} data-testid="plan-panel-feedback-error">
              <InlineAlert status="error" title={t.feedbackFailed()} />
              <Button variant="outline" size="sm" onClick={() => flow.send({ type: 'user.retryFeedback' })} data-testid="plan-panel-feedback-retry">
                {t.retry()}
              </Button>
            </div>
          ) : answers && answers.length > 0 ? (
            <ul className={feedbackList}>
              {answers.map((a) => (
                <FeedbackItem key={a.id} answer={a} locale={locale} />
              ))}
            </ul>
          ) : (
            <p className={muted} data-testid="plan-panel-feedback-empty">
              {t.feedbackEmpty()}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}

function FeedbackItem({ answer, locale }: { answer: SurveyAnswer; locale: string }) {
  const { LL } = useI18nContext();
  const t = LL.billing.upgrade.panel;
  const date = formatDay(answer.createdAt, locale);
  return (
    <li className={feedbackItem} data-testid="plan-panel-feedback-item">
      <strong>{reasonText(LL, answer.reason)}</strong>
      {answer.note ? <UserText text={answer.note} /> : null}
      <span className={muted}>
        <UserSentence sentence={(email) => t.answeredBy({ email, date })} text={answer.email} />
      </span>
    </li>
  );
}

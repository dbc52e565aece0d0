/**
 * The plan upgrade dialog (SPEC §2 plan upgrade; §3 plan tiers; §7 subscription preview and
 * update; §8 'Your package has been successfully upgraded.'), rendered from the plan upgrade flow
 * (src/machines/plan-upgrade.machine.ts) that its owner (the plan panel, the feature-limit or the
 * export-limit dialog's flow) holds as a child: the view reads the flow's tags and context and
 * sends what the person does. Amounts are the server's integer cents, shown with `formatCents` in
 * the reader's locale.
 * Test ids: plan-upgrade-dialog, plan-period-<monthly|yearly>, plan-card-<code>, plan-option-<code>,
 * plan-upgrade-error, plan-upgrade-highest, plan-upgrade-pricing, plan-upgrade-amount,
 * plan-upgrade-subtotal, plan-upgrade-credit, plan-upgrade-discount, plan-upgrade-seats,
 * plan-upgrade-period-end, plan-upgrade-back, plan-upgrade-pay, plan-upgrade-checkout,
 * plan-upgrade-reopen, plan-upgrade-cancel, plan-upgrade-success, plan-upgrade-done, plan-upgrade-close.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import { formatCents } from '../../../contract/money';
import { plans, type PlanCode } from '../../../contract/plans';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import {
  addedFeatures,
  billingPeriods,
  offeredPeriods,
  upgradeOptions,
  type PlanUpgradeActorRef,
  type UpgradeError,
} from '../../../machines/plan-upgrade.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { UserSentence } from '../../components/user-text';

const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '3' });
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  '&[data-suggested=true]': { borderColor: 'colorPalette.default', borderWidth: '2px' },
});
const cardHead = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const name = css({ fontWeight: 'semibold', textStyle: 'md' });
const badge = css({ textStyle: 'xs', fontWeight: 'medium', paddingInline: '2', paddingBlock: '0.5', borderRadius: 'full', bg: 'colorPalette.a3', color: 'colorPalette.text' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const amounts = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: '4', rowGap: '1', m: '0', '& dd': { m: '0', textAlign: 'end', fontVariantNumeric: 'tabular-nums' } });
const due = css({ fontWeight: 'semibold' });

/** A plan's name in the page's language. */
export const planNameText = (LL: TranslationFunctions, code: PlanCode): string => LL.billing.upgrade.plans[code]();

/** Unix seconds as a date in the reader's locale. */
export const formatDay = (unixSeconds: number, locale: string): string => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(unixSeconds * 1000));

/** The price of one seat for one period, in the reader's locale ("$25.00 per seat per month"). */
export const seatPriceText = (LL: TranslationFunctions, code: PlanCode, locale: string): string => {
  const amount = formatCents(plans[code].seatPriceCents, locale);
  return plans[code].yearly ? LL.billing.money.perSeatYear({ amount }) : LL.billing.money.perSeatMonth({ amount });
};

/** Why the last step did not go through, in the page's words (the server's and the provider's own words inert). */
function UpgradeErrorText({ error }: { error: UpgradeError }) {
  const { LL } = useI18nContext();
  const t = LL.billing.upgrade;
  if (error.kind === 'network') return <>{t.failed()}</>;
  if (error.kind === 'server') return error.message ? <UserSentence sentence={(message) => t.refused({ message })} text={error.message} /> : <>{t.failed()}</>;
  if (error.status === 'failed') return error.message ? <UserSentence sentence={(message) => t.payment.failedWith({ message })} text={error.message} /> : <>{t.payment.failed()}</>;
  return <>{error.status === 'canceled' ? t.payment.canceled() : t.payment.expired()}</>;
}

export function PlanUpgradeDialog({ flow }: { flow: PlanUpgradeActorRef | undefined }) {
  return flow ? <UpgradeDialog flow={flow} /> : null;
}

function UpgradeDialog({ flow }: { flow: PlanUpgradeActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.billing.upgrade;
  const highest = useSelector(flow, (s) => s.hasTag('highest'));
  const confirm = useSelector(flow, (s) => s.hasTag('confirm'));
  const checkout = useSelector(flow, (s) => s.hasTag('checkout'));
  const success = useSelector(flow, (s) => s.hasTag('success'));
  const planCode = useSelector(flow, (s) => s.context.planCode);
  const error = useSelector(flow, (s) => s.context.error);
  const close = () => flow.send({ type: 'user.close' });
  const title = (confirm || checkout) && planCode ? t.confirmTitle({ plan: planNameText(LL, planCode) }) : t.title();
  const footer = success ? (
    <Button onClick={close} data-testid="plan-upgrade-done">
      {t.done()}
    </Button>
  ) : highest ? (
    <Button variant="outline" onClick={close} data-testid="plan-upgrade-close">
      {t.close()}
    </Button>
  ) : confirm ? (
    <ConfirmButtons flow={flow} />
  ) : checkout ? (
    <CheckoutButtons flow={flow} />
  ) : (
    <Button variant="outline" onClick={close} data-testid="plan-upgrade-close">
      {t.close()}
    </Button>
  );
  return (
    <ModalDialog open onClose={close} title={title} closeLabel={t.close()} data-testid="plan-upgrade-dialog" footer={footer}>
      {error && !success ? <InlineAlert status="error" title={<UpgradeErrorText error={error} />} data-testid="plan-upgrade-error" /> : null}
      {success ? (
        <p role="status" data-testid="plan-upgrade-success">
          {t.success()}
        </p>
      ) : highest ? (
        <p data-testid="plan-upgrade-highest">{t.highest()}</p>
      ) : confirm ? (
        <Amounts flow={flow} />
      ) : checkout ? (
        <p role="status" data-testid="plan-upgrade-checkout">
          {t.checkoutWaiting()}
        </p>
      ) : (
        <Choices flow={flow} />
      )}
    </ModalDialog>
  );
}

/** The upgrades of the current plan in the chosen period, with what each adds. */
function Choices({ flow }: { flow: PlanUpgradeActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.upgrade;
  const { currentPlanCode, suggested, period, planCode } = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const offered = offeredPeriods(currentPlanCode);
  const names = (codes: readonly string[]) => new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(codes);
  return (
    <>
      <p className={muted}>{t.lead({ plan: planNameText(LL, currentPlanCode) })}</p>
      <div role="group" aria-label={t.period()} className={row}>
        {billingPeriods.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={p === period ? 'solid' : 'outline'}
            aria-pressed={p === period}
            disabled={busy || !offered.includes(p)}
            onClick={() => flow.send({ type: 'user.period', period: p })}
            data-testid={`plan-period-${p}`}
          >
            {p === 'monthly' ? t.monthly() : t.yearly()}
          </Button>
        ))}
      </div>
      <ul className={list}>
        {upgradeOptions(currentPlanCode, period).map((code) => {
          const adds = addedFeatures(currentPlanCode, code);
          const label = planNameText(LL, code);
          return (
            <li key={code} className={card} data-suggested={code === suggested} data-testid={`plan-card-${code}`}>
              <div className={cardHead}>
                <span className={name}>{label}</span>
                {code === suggested ? <span className={badge}>{t.recommended()}</span> : null}
              </div>
              <span>{seatPriceText(LL, code, locale)}</span>
              <span className={muted}>{t.seats({ count: plans[code].seats })}</span>
              <span className={muted}>{adds.length > 0 ? t.adds({ features: names(adds.map((f) => t.features[f]())) }) : t.sameFeatures()}</span>
              <div>
                <Button
                  size="sm"
                  disabled={busy}
                  loading={busy && planCode === code}
                  loadingText={t.pricing()}
                  aria-label={t.chooseLabel({ plan: label })}
                  onClick={() => flow.send({ type: 'user.choose', planCode: code })}
                  data-testid={`plan-option-${code}`}
                >
                  {t.choose()}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {busy ? (
        <p role="status" className={muted} data-testid="plan-upgrade-pricing">
          {t.pricing()}
        </p>
      ) : null}
    </>
  );
}

/** The server's preview: subtotal, credit, discount, the amount due, the seats and the new period's end. */
function Amounts({ flow }: { flow: PlanUpgradeActorRef }) {
  const { LL, locale } = useI18nContext();
  const m = LL.billing.money;
  const t = LL.billing.upgrade;
  const preview = useSelector(flow, (s) => s.context.preview);
  if (!preview) return null;
  const money = (cents: number) => formatCents(cents, locale, preview.currency);
  return (
    <>
      <dl className={amounts}>
        <dt>{m.subtotal()}</dt>
        <dd data-testid="plan-upgrade-subtotal">{money(preview.subtotal)}</dd>
        {preview.credit > 0 ? (
          <>
            <dt>{m.credit()}</dt>
            <dd data-testid="plan-upgrade-credit">{money(-preview.credit)}</dd>
          </>
        ) : null}
        {preview.discount > 0 ? (
          <>
            <dt>{m.discount()}</dt>
            <dd data-testid="plan-upgrade-discount">{money(-preview.discount)}</dd>
          </>
        ) : null}
        <dt className={due}>{m.amountDue()}</dt>
        <dd className={due} data-testid="plan-upgrade-amount">
          {money(preview.amountDue)}
        </dd>
      </dl>
      <p className={muted} data-testid="plan-upgrade-seats">
        {t.newSeats({ count: preview.seats })}
      </p>
      <p className={muted} data-testid="plan-upgrade-period-end">
        {t.periodEnd({ date: formatDay(preview.periodEnd, locale) })}
      </p>
      {preview.amountDue === 0 ? <p className={muted}>{t.nothingToPay()}</p> : null}
    </>
  );
}

function ConfirmButtons({ flow }: { flow: PlanUpgradeActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.billing.upgrade;
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const nothingDue = useSelector(flow, (s) => s.context.preview?.amountDue === 0);
  return (
    <>
      <Button variant="outline" disabled={busy} onClick={() => flow.send({ type: 'user.back' })} data-testid="plan-upgrade-back">
        {t.back()}
      </Button>
      <Button loading={busy} onClick={() => flow.send({ type: 'user.pay' })} data-testid="plan-upgrade-pay">
        {nothingDue ? t.upgradeNow() : t.pay()}
      </Button>
    </>
  );
}

function CheckoutButtons({ flow }: { flow: PlanUpgradeActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.billing.upgrade;
  return (
    <>
      <Button variant="outline" onClick={() => flow.send({ type: 'user.cancel' })} data-testid="plan-upgrade-cancel">
        {t.checkoutCancel()}
      </Button>
      <Button variant="outline" onClick={() => flow.send({ type: 'user.reopen' })} data-testid="plan-upgrade-reopen">
        {t.checkoutOpen()} <span className={muted}>{t.newTab()}</span>
      </Button>
    </>
  );
}

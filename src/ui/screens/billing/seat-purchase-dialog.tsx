/**
 * The Add seats dialog (SPEC §2 add seats; §4 Add seats: a confirmation checkbox, unchecked makes
 * the pay button shake; §5 seats to add, minimum 1; §8 the server's message on a failure; §9 the
 * price as cents / 100 with two decimals), rendered from the seat purchase flow
 * (src/machines/seat-purchase.machine.ts) that its owner (the Usage limit dialog's flow, the plan
 * panel) holds as a child: the view reads the flow's tags and context and sends what the person
 * does. Amounts are the server's integer cents shown with `formatCents` in the page's language;
 * the server's and the provider's words are shown inert (UserText).
 *
 * The kit's modal dialog (Ark: focus trap, Escape and × close); the quantity field, the checkbox
 * (a visible native one, as the payment-issue survey's radios) and the buttons are native
 * controls in a form (Pay submits it). The Pay
 * button shakes while the flow's `shake` tag is on (a CSS animation); with reduced motion it does
 * not move but flashes an outline, and the checkbox's error text says what is missing either way.
 * Logical CSS properties only (right to left).
 *
 * Test ids: seat-purchase-dialog, seat-quantity, seat-quantity-error, seat-price, seat-price-loading,
 * seat-price-unit, seat-price-subtotal, seat-price-discount, seat-price-total, seat-price-prorated,
 * seat-price-error, seat-price-retry, seat-confirm, seat-confirm-error, seat-pay, seat-cancel,
 * seat-error, seat-notice, seat-waiting, seat-checkout-link, seat-waiting-cancel.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { MAX_SEATS_TO_ADD } from '../../../contract/billing';
import { formatCents } from '../../../contract/money';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { QuantityError, SeatPurchaseActorRef, SeatPurchaseError, SeatPurchaseNotice } from '../../../machines/seat-purchase.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { UserSentence } from '../../components/user-text';

const column = css({ display: 'flex', flexDirection: 'column', gap: '4', minInlineSize: '0' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const amounts = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: '4',
  rowGap: '1',
  m: '0',
  '& dt': { color: 'fg.muted' },
  '& dd': { m: '0', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});
const due = css({ fontWeight: 'semibold' });
const priceBox = css({ display: 'flex', flexDirection: 'column', gap: '2', minBlockSize: '16' });
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const link = css({ color: 'colorPalette.text', textDecoration: 'underline', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' } });
const errorLine = css({ color: 'fg.error', textStyle: 'sm', marginBlockStart: '1' });
/** A native checkbox (the one control the person and the journeys click), in the accent colour. */
const confirmLabel = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  cursor: 'pointer',
  textStyle: 'sm',
  '& input': {
    accentColor: 'var(--colors-color-palette-default)',
    flexShrink: '0',
    inlineSize: '4',
    blockSize: '4',
    marginBlockStart: '0.5',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  },
});
/**
 * SPEC §4: the Pay button shakes while the flow says so (`data-shake`). The keyframes move along
 * the inline axis and back, the same in both directions; reduced motion gets an outline instead.
 */
const payButton = css({
  '&[data-shake=true]': {
    animation: 'seat-pay-shake 0.5s ease-in-out',
    outline: '2px solid',
    outlineColor: 'fg.error',
    outlineOffset: '2px',
    _motionReduce: { animation: 'none' },
  },
});
const SHAKE_KEYFRAMES =
  '@keyframes seat-pay-shake{0%,100%{translate:0}15%,55%{translate:-6px}35%,75%{translate:6px}}';

/** The quantity field's error in the page's language. */
const quantityErrorText = (LL: TranslationFunctions, error: QuantityError): string => {
  const t = LL.billing.seats;
  switch (error) {
    case 'min':
      return t.quantityMin();
    case 'whole':
      return t.quantityWhole();
    case 'max':
      return t.quantityMax({ max: MAX_SEATS_TO_ADD });
  }
};

/** Why the last payment did not go through, in the page's language (SPEC §8: the server's or provider's words). */
const purchaseErrorText = (LL: TranslationFunctions, error: SeatPurchaseError) => {
  const t = LL.billing.seats;
  if (error.kind === 'network') return t.failed();
  if (error.kind === 'payment') return error.message ? <UserSentence sentence={(message) => t.declined({ message })} text={error.message} /> : t.declinedAny();
  return error.message ? <UserSentence sentence={(message) => t.refused({ message })} text={error.message} /> : t.failed();
};

const noticeText = (LL: TranslationFunctions, notice: SeatPurchaseNotice): string => LL.billing.seats[notice]();

/** The dialog of the seat purchase its owner started (`flow`), or nothing while none runs. */
export function SeatPurchaseDialog({ flow }: { flow: SeatPurchaseActorRef | undefined }) {
  return flow ? <SeatPurchaseView key={flow.sessionId} flow={flow} /> : null;
}

function SeatPurchaseView({ flow: ref }: { flow: SeatPurchaseActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.seats;
  const formId = useId();
  const priceId = useId();
  const confirmErrorId = useId();
  const open = useSelector(ref, (s) => s.status === 'active');
  const loading = useSelector(ref, (s) => s.hasTag('priceLoading'));
  const priced = useSelector(ref, (s) => s.hasTag('priced'));
  const priceFailed = useSelector(ref, (s) => s.hasTag('priceFailed'));
  const shake = useSelector(ref, (s) => s.hasTag('shake'));
  const paying = useSelector(ref, (s) => s.hasTag('paying'));
  const waiting = useSelector(ref, (s) => s.hasTag('waiting'));
  const { quantityText, quantityError, quote, priceError, confirmed, confirmMissing, error, notice, checkoutUrl } = useSelector(ref, (s) => s.context);

  const money = (cents: number) => formatCents(cents, locale, quote?.currency);
  const priceErrorText =
    priceError?.kind === 'server' && priceError.message ? <UserSentence sentence={(message) => t.priceRefused({ message })} text={priceError.message} /> : t.priceFailed();

  return (
    <ModalDialog
      open={open}
      onClose={() => ref.send({ type: 'user.close' })}
      title={t.title()}
      description={t.lead()}
      closeLabel={t.close()}
      data-testid="seat-purchase-dialog"
      footer={
        waiting ? null : (
          <>
            <Button variant="outline" onClick={() => ref.send({ type: 'user.close' })} data-testid="seat-cancel">
              {t.cancel()}
            </Button>
            <Button
              type="submit"
              form={formId}
              loading={paying}
              loadingText={t.paying()}
              className={payButton}
              data-shake={shake}
              aria-describedby={priceId}
              data-testid="seat-pay"
            >
              {quote && priced ? t.payAmount({ amount: money(quote.total) }) : t.pay()}
            </Button>
          </>
        )
      }
    >
      {/* React hoists and dedupes the keyframes into the document head. */}
      <style href="seat-pay-shake" precedence="default">
        {SHAKE_KEYFRAMES}
      </style>
      {waiting ? (
        <div className={column} role="status" data-testid="seat-waiting">
          <p>{LL.billing.checkout.waiting()}</p>
          <div className={row}>
            {checkoutUrl ? (
              <a href={checkoutUrl} target="_blank" rel="noopener noreferrer" className={link} data-testid="seat-checkout-link">
                {LL.billing.checkout.openAgain()} <span className={muted}>{LL.billing.checkout.newTab()}</span>
              </a>
            ) : null}
            <Button variant="outline" onClick={() => ref.send({ type: 'user.cancel' })} data-testid="seat-waiting-cancel">
              {LL.billing.checkout.stop()}
            </Button>
          </div>
        </div>
      ) : (
        <form
          id={formId}
          noValidate
          className={column}
          aria-busy={paying}
          onSubmit={(e) => {
            e.preventDefault();
            ref.send({ type: 'user.pay' });
          }}
        >
          <TextField
            label={t.quantity()}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS_TO_ADD}
            step={1}
            required
            disabled={paying}
            value={quantityText}
            onChange={(e) => ref.send({ type: 'user.quantity', value: e.target.value })}
            errorText={quantityError ? quantityErrorText(LL, quantityError) : undefined}
            helperText={t.quantityHint({ max: MAX_SEATS_TO_ADD })}
            errorTestId="seat-quantity-error"
            data-testid="seat-quantity"
          />
          <section className={priceBox} id={priceId} aria-live="polite" aria-busy={loading} aria-label={t.price()} data-testid="seat-price">
            {loading ? (
              <p className={muted} data-testid="seat-price-loading">
                {t.pricing()}
              </p>
            ) : null}
            {quote && priced ? (
              <>
                <dl className={amounts}>
                  <dt>{t.unitPrice()}</dt>
                  <dd data-testid="seat-price-unit">{money(quote.unitAmount)}</dd>
                  <dt>{t.subtotal()}</dt>
                  <dd data-testid="seat-price-subtotal">{money(quote.subtotal)}</dd>
                  {quote.discount > 0 ? (
                    <>
                      <dt>{t.discount()}</dt>
                      <dd data-testid="seat-price-discount">−{money(quote.discount)}</dd>
                    </>
                  ) : null}
                  <dt className={due}>{t.total()}</dt>
                  <dd className={due} data-testid="seat-price-total">
                    {money(quote.total)}
                  </dd>
                </dl>
                <p className={muted} data-testid="seat-price-prorated">
                  {t.prorated({ date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(quote.periodEnd * 1000)) })}
                </p>
              </>
            ) : null}
            {priceFailed ? (
              <div className={row}>
                <InlineAlert status="error" title={priceErrorText} data-testid="seat-price-error" />
                <Button variant="outline" size="sm" onClick={() => ref.send({ type: 'user.retry' })} data-testid="seat-price-retry">
                  {t.retry()}
                </Button>
              </div>
            ) : null}
          </section>
          <div>
            <label className={confirmLabel}>
              <input
                type="checkbox"
                checked={confirmed}
                disabled={paying}
                aria-invalid={confirmMissing}
                aria-describedby={confirmMissing ? confirmErrorId : undefined}
                onChange={(e) => ref.send({ type: 'user.confirm', checked: e.currentTarget.checked })}
                data-testid="seat-confirm"
              />
              <span>{t.confirm()}</span>
            </label>
            {confirmMissing ? (
              <p id={confirmErrorId} className={errorLine} role="alert" data-testid="seat-confirm-error">
                {t.confirmRequired()}
              </p>
            ) : null}
          </div>
        </form>
      )}
      {notice ? <InlineAlert status="info" title={noticeText(LL, notice)} data-testid="seat-notice" /> : null}
      {error ? <InlineAlert status="error" title={purchaseErrorText(LL, error)} data-testid="seat-error" /> : null}
    </ModalDialog>
  );
}

/**
 * The payment-issue survey dialog (SPEC §2 Dialogs: payment-issue survey; §4 reasons 1 to 4, the
 * 10% coupon and alternate payment methods), rendered from the survey's flow
 * (src/machines/payment-survey.machine.ts), the first-run guidance's child for guide type 13. The
 * kit's modal dialog (Ark: focus trap, Escape and × close); the reasons are a native radio group
 * (arrow keys move between them), the payment methods toggle buttons (aria-pressed). Amounts are
 * integer cents shown with `formatCents` in the page's language; the provider's and the server's
 * words are shown inert (UserText). Logical CSS properties only (right to left).
 *
 * Test ids: payment-survey-dialog, survey-issue, survey-provider-message, survey-later,
 * survey-reason-1..4, survey-reason-error, survey-note, survey-note-count, survey-note-error,
 * survey-submit, survey-thanks, survey-coupon, survey-coupon-applied, survey-method-card|bank|wallet,
 * survey-method-current, survey-retry, survey-following, survey-checkout-link, survey-back,
 * survey-amount, survey-failure, survey-paid, survey-error, survey-reload, survey-close.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import { paymentMethods, SURVEY_COUPON_PERCENT, SURVEY_NOTE_MAX, type PaymentIssue, type PaymentMethod, type SurveyReason } from '../../../contract/billing';
import { formatCents } from '../../../contract/money';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { CallError } from '../../../machines/answer';
import { checkoutLinkOf, OTHER_REASON, surveyReasonList, type PaymentSurveyActorRef, type RetryFailure } from '../../../machines/payment-survey.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { FieldFrame } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { Spinner } from '../../components/spinner';
import { UserSentence } from '../../components/user-text';

const column = css({ display: 'flex', flexDirection: 'column', gap: '4', minInlineSize: '0' });
const fieldset = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0', minInlineSize: '0' });
const legend = css({ fontWeight: 'medium', textStyle: 'sm', mb: '1', p: '0' });
const radio = css({ display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer', textStyle: 'sm', '& input': { accentColor: 'var(--colors-color-palette-default)', flexShrink: '0' } });
const errorLine = css({ color: 'fg.error', textStyle: 'sm' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const offer = css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '3', borderBlockStartWidth: '1px', borderColor: 'border.default' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const link = css({ color: 'colorPalette.default', textDecoration: 'underline', textStyle: 'sm', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' } });
const counter = css({ color: 'fg.muted', textStyle: 'xs', textAlign: 'end' });
const summary = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', bg: 'bg.subtle', borderRadius: 'l2' });

type SurveyTexts = TranslationFunctions['billing']['survey'];

const reasonText = (t: SurveyTexts, reason: SurveyReason): string =>
  reason === 1 ? t.reasons.tooExpensive() : reason === 2 ? t.reasons.noPaymentMethod() : reason === 3 ? t.reasons.missingFeatures() : t.reasons.other();

const methodText = (t: SurveyTexts, method: PaymentMethod): string => t.method[method]();

/** A refusal with the server's words, or the general failure of a call lost on the way. */
function CallErrorAlert({ t, error }: { t: SurveyTexts; error: CallError }) {
  const title = error.kind === 'server' && error.message !== '' ? <UserSentence sentence={(message) => t.refused({ message })} text={error.message} /> : t.failed();
  return <InlineAlert status="error" title={title} data-testid="survey-error" />;
}

/** What failed: the seats or the plan, when, and the provider's words. */
function IssueSummary({ t, issue, locale }: { t: SurveyTexts; issue: PaymentIssue; locale: string }) {
  const plan = issue.planCode ? t.plans[issue.planCode]() : '';
  const what =
    issue.kind === 'seats' && issue.planCode
      ? t.whatFailed.seats({ count: issue.seatQuantity ?? 0, plan })
      : issue.kind === 'plan' && issue.planCode
        ? t.whatFailed.plan({ plan })
        : t.whatFailed.other();
  const date = issue.failedAt === null ? null : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(issue.failedAt * 1000));
  return (
    <div className={summary} data-testid="survey-issue">
      <Text>{what}</Text>
      {date ? <Text muted>{t.failedOn({ date })}</Text> : null}
      {issue.message ? (
        <Text muted data-testid="survey-provider-message">
          <UserSentence sentence={(message) => t.providerSaid({ message })} text={issue.message} />
        </Text>
      ) : null}
    </div>
  );
}

function FailureAlert({ t, failure }: { t: SurveyTexts; failure: RetryFailure }) {
  return (
    <InlineAlert
      status="error"
      title={t.failure[failure.status]()}
      description={failure.message ? <UserSentence sentence={(message) => t.providerSaid({ message })} text={failure.message} /> : undefined}
      data-testid="survey-failure"
    />
  );
}

export function PaymentSurveyDialog({ flow }: { flow: PaymentSurveyActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.billing.survey;
  const id = useId();
  const formId = `${id}form`;
  const counterId = `${id}count`;
  const offersId = `${id}offers`;
  const methodsId = `${id}methods`;
  const active = useSelector(flow, (s) => s.status === 'active');
  const hidden = useSelector(flow, (s) => s.hasTag('hidden'));
  const loadFailed = useSelector(flow, (s) => s.hasTag('loadFailed'));
  const asking = useSelector(flow, (s) => s.hasTag('asking'));
  const offers = useSelector(flow, (s) => s.hasTag('offers'));
  const following = useSelector(flow, (s) => s.hasTag('following'));
  const paid = useSelector(flow, (s) => s.hasTag('paid'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const submitting = useSelector(flow, (s) => s.hasTag('submitting'));
  const couponBusy = useSelector(flow, (s) => s.hasTag('couponBusy'));
  const methodBusy = useSelector(flow, (s) => s.hasTag('methodBusy'));
  const retrying = useSelector(flow, (s) => s.hasTag('retrying'));
  const c = useSelector(flow, (s) => s.context);
  const close = () => flow.send({ type: 'user.close' });
  const checkoutLink = checkoutLinkOf(c);
  const amount = c.status ? formatCents(c.status.amount, locale, c.status.currency) : null;

  const closeButton = (
    <Button variant={asking || loadFailed ? 'ghost' : 'outline'} disabled={submitting} onClick={close} data-testid="survey-close">
      {asking || loadFailed ? t.notNow() : t.close()}
    </Button>
  );
  const footer = loadFailed ? (
    <>
      {closeButton}
      <Button loading={busy} loadingText={t.loading()} onClick={() => flow.send({ type: 'user.reload' })} data-testid="survey-reload">
        {t.reload()}
      </Button>
    </>
  ) : asking ? (
    <>
      {closeButton}
      <Button type="submit" form={formId} loading={submitting} loadingText={t.submitting()} data-testid="survey-submit">
        {t.submit()}
      </Button>
    </>
  ) : (
    closeButton
  );

  return (
    <ModalDialog open={active && !hidden} onClose={close} title={t.title()} closeLabel={t.close()} footer={footer} data-testid="payment-survey-dialog">
      <div className={column}>
        {loadFailed ? (
          <>
            <Text>{t.loadFailed()}</Text>
            {c.error ? <CallErrorAlert t={t} error={c.error} /> : null}
          </>
        ) : null}
        {c.issue && (asking || offers) ? <IssueSummary t={t} issue={c.issue} locale={locale} /> : null}
        {asking ? (
          <form
            id={formId}
            noValidate
            className={column}
            aria-busy={submitting}
            onSubmit={(e) => {
              e.preventDefault();
              flow.send({ type: 'user.submit' });
            }}
          >
            <fieldset className={fieldset} disabled={submitting} aria-describedby={c.formError === 'reasonRequired' ? `${id}reason-error` : undefined}>
              <legend className={legend}>{t.question()}</legend>
              {surveyReasonList.map((reason) => (
                <label key={reason} className={radio}>
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    checked={c.reason === reason}
                    onChange={() => flow.send({ type: 'user.reason', reason })}
                    data-testid={`survey-reason-${reason}`}
                  />
                  {reasonText(t, reason)}
                </label>
              ))}
              {c.formError === 'reasonRequired' ? (
                <p id={`${id}reason-error`} role="alert" className={errorLine} data-testid="survey-reason-error">
                  {t.reasonRequired()}
                </p>
              ) : null}
            </fieldset>
            {c.reason === OTHER_REASON ? (
              <FieldFrame label={t.note()} readOnly={submitting} errorText={c.formError === 'noteTooLong' ? t.noteTooLong({ max: SURVEY_NOTE_MAX }) : undefined} errorTestId="survey-note-error">
                {(describedBy) => (
                  <>
                    <FieldTextarea
                      className={textarea({ size: 'md' })}
                      name="note"
                      rows={3}
                      maxLength={SURVEY_NOTE_MAX}
                      value={c.note}
                      aria-describedby={[describedBy, counterId].filter(Boolean).join(' ')}
                      onChange={(e) => flow.send({ type: 'user.note', note: e.currentTarget.value })}
                      dir="auto"
                      data-testid="survey-note"
                    />
                    <span id={counterId} className={counter} data-testid="survey-note-count">
                      {t.noteCount({ count: c.note.length, max: SURVEY_NOTE_MAX })}
                    </span>
                  </>
                )}
              </FieldFrame>
            ) : null}
            <p className={muted} data-testid="survey-later">
              {t.later()}
            </p>
          </form>
        ) : null}
        {offers ? (
          <section className={column} aria-labelledby={offersId}>
            <Text id={offersId} data-testid="survey-thanks">
              {t.thanks()}
            </Text>
            <div className={offer}>
              <Heading as="h3" size="sm">
                {t.coupon.title()}
              </Heading>
              {c.percentOff !== null ? (
                <Text role="status" data-testid="survey-coupon-applied">
                  {t.coupon.applied({ percent: c.percentOff })}
                </Text>
              ) : (
                <div className={row}>
                  <Button
                    variant="outline"
                    disabled={!c.couponAvailable || (busy && !couponBusy) || following}
                    loading={couponBusy}
                    loadingText={t.coupon.taking()}
                    onClick={() => flow.send({ type: 'user.coupon' })}
                    data-testid="survey-coupon"
                  >
                    {t.coupon.take({ percent: SURVEY_COUPON_PERCENT })}
                  </Button>
                </div>
              )}
            </div>
            <div className={offer} role="group" aria-labelledby={methodsId}>
              <Heading as="h3" size="sm" id={methodsId}>
                {t.method.title()}
              </Heading>
              <div className={row}>
                {paymentMethods.map((method) => (
                  <Button
                    key={method}
                    variant={c.method === method ? 'solid' : 'outline'}
                    aria-pressed={c.method === method}
                    disabled={(busy && c.choosing !== method) || following}
                    loading={methodBusy && c.choosing === method}
                    loadingText={t.method.saving()}
                    onClick={() => flow.send({ type: 'user.method', method })}
                    data-testid={`survey-method-${method}`}
                  >
                    {methodText(t, method)}
                  </Button>
                ))}
              </div>
              <Text muted role="status" data-testid="survey-method-current">
                {c.notice === 'methodSaved' ? t.method.saved({ method: methodText(t, c.method) }) : t.method.current({ method: methodText(t, c.method) })}
              </Text>
            </div>
            <div className={offer}>
              <Heading as="h3" size="sm">
                {t.retry.title()}
              </Heading>
              {following ? (
                <div className={column} role="status" data-testid="survey-following">
                  <Text>
                    <Spinner className={css({ verticalAlign: 'middle', marginInlineEnd: '1' })} />
                    {t.retry.waiting()}
                  </Text>
                  {amount ? <Text data-testid="survey-amount">{t.retry.amount({ amount })}</Text> : null}
                  <div className={row}>
                    {checkoutLink ? (
                      <a href={checkoutLink} target="_blank" rel="noopener noreferrer" className={link} data-testid="survey-checkout-link">
                        {t.retry.openAgain()}
                        <span className={css({ srOnly: true })}> {t.newTab()}</span>
                      </a>
                    ) : null}
                    <Button variant="ghost" onClick={() => flow.send({ type: 'user.back' })} data-testid="survey-back">
                      {t.retry.back()}
                    </Button>
                  </div>
                </div>
              ) : (
                <div className={row}>
                  <Button disabled={busy && !retrying} loading={retrying} loadingText={t.retry.busy()} onClick={() => flow.send({ type: 'user.retry' })} data-testid="survey-retry">
                    {t.retry.button()}
                  </Button>
                </div>
              )}
              {c.failure && !following ? <FailureAlert t={t} failure={c.failure} /> : null}
            </div>
          </section>
        ) : null}
        {paid ? (
          <>
            <InlineAlert status="success" title={t.paid()} data-testid="survey-paid" />
            {amount ? <Text data-testid="survey-amount">{t.retry.amount({ amount })}</Text> : null}
          </>
        ) : null}
        {c.error && !loadFailed ? <CallErrorAlert t={t} error={c.error} /> : null}
      </div>
    </ModalDialog>
  );
}

/**
 * The number check dialog (SPEC §2 Other panels: assistant tools; SPEC §5 "Check tools need country
 * code and phone number"), opened from the header's Assistant tools menu. It renders the number
 * check's flow (src/machines/number-check.machine.ts) that the assistant tools' flow started, and
 * sends `user.*` events; nothing here decides anything.
 *
 * One number: country code and phone, the answer (has an account or not, with the profile name when
 * the service gives it) and Start chat for a found one. A list: up to NUMBER_CHECK_MAX numbers with
 * a default country code; what the reading found (numbers, invalid entries, merged repeats), the
 * progress with Cancel, the results by status (a virtual list: a thousand rows stay light), and the
 * found ones added as leads into a chosen tab, with the import's outcome counts.
 * Numbers and names are marked sensitive (the privacy switch blurs them) and isolated (<bdi>).
 *
 * Test ids: number-check-dialog, number-check-mode-single, number-check-mode-list,
 * number-check-country, number-check-phone, number-check-submit, number-check-result,
 * number-check-start-chat, number-check-stop, number-check-list, number-check-default-code,
 * number-check-list-error, number-check-list-submit, number-check-summary,
 * number-check-progress, number-check-cancel, number-check-stopped, number-check-filter-<filter>,
 * number-check-rows, number-check-row, number-check-tab, number-check-add, number-check-outcome,
 * number-check-add-failed, number-check-tabs-failed, number-check-new-list.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { textarea } from '../../../../styled-system/recipes';
import { NO_TAB_ID } from '../../../contract/leads';
import { NUMBER_CHECK_MAX } from '../../../contract/number-check';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import { countResults, resultFilters, resultRows, type ResultRow } from '../../../machines/number-check-list';
import type { NumberCheckActorRef, Stop } from '../../../machines/number-check.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { FieldErrorText, FieldHelperText, FieldLabel, FieldRoot, TextField } from '../../components/field';
import { SimpleSelect } from '../../components/select';
import { sensitive } from '../../components/sensitive';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../components/tabs';
import { UserText } from '../../components/user-text';
import { VirtualList } from '../../components/virtual-list';
import { visibleText } from '../../components/visible-text';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', pt: '4' });
const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end' });
const grow = css({ flex: '1 1 12rem', minWidth: '0' });
const code = css({ flex: '0 1 9rem', minWidth: '0' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const facts = css({ display: 'flex', flexWrap: 'wrap', gap: '4', m: '0', textStyle: 'sm', '& dt': { color: 'fg.muted' }, '& dd': { m: '0', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' } });
const fact = css({ display: 'flex', flexDirection: 'column' });
const track = css({ height: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden', width: 'full' });
const fill = css({ height: 'full', bg: 'colorPalette.default', transitionProperty: 'width', transitionDuration: 'fast', _motionReduce: { transition: 'none' } });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const resultCard = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2' });
const resultRow = css({ display: 'flex', alignItems: 'center', gap: '3', height: 'full', px: '2', borderBottomWidth: '1px', borderColor: 'border.subtle', textStyle: 'sm', minWidth: '0' });
const cellNumber = css({ flex: '0 0 auto', fontVariantNumeric: 'tabular-nums' });
const cellName = css({ flex: '1 1 auto', minWidth: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const cellStatus = css({ flex: '0 0 auto', color: 'fg.muted', '&[data-status=found]': { color: 'colorPalette.default', fontWeight: 'medium' }, '&[data-status=invalid]': { color: 'fg.error' } });

/** The dialog of the number check flow its owner started. */
export function NumberCheckDialog({ flow }: { flow: NumberCheckActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.numberCheck;
  const open = useSelector(flow, (s) => s.status === 'active');
  const mode = useSelector(flow, (s) => s.context.mode);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  return (
    <ModalDialog open={open} onClose={() => flow.send({ type: 'user.close' })} title={t.title()} description={t.lead()} closeLabel={t.close()} data-testid="number-check-dialog">
      <TabsRoot value={mode} onValueChange={(d) => flow.send({ type: d.value === 'list' ? 'user.showList' : 'user.showSingle' })}>
        <TabsList>
          <TabsTrigger value="single" disabled={busy && mode !== 'single'} data-testid="number-check-mode-single">
            {t.modes.single()}
          </TabsTrigger>
          <TabsTrigger value="list" disabled={busy && mode !== 'list'} data-testid="number-check-mode-list">
            {t.modes.list()}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="single">
          <SingleCheck flow={flow} />
        </TabsContent>
        <TabsContent value="list">
          <ListCheck flow={flow} />
        </TabsContent>
      </TabsRoot>
    </ModalDialog>
  );
}

const stopText = (LL: TranslationFunctions, stop: Stop): string => LL.assistant.numberCheck.stops[stop]();

function SingleCheck({ flow }: { flow: NumberCheckActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.numberCheck;
  const { countryCode, phone, singleErrors, single, singleStop } = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('reading') || s.hasTag('asking'));
  const codeError = singleErrors.countryCode === 'required' ? t.errors.countryCodeRequired() : singleErrors.countryCode === 'unknown' ? t.errors.countryCodeUnknown() : undefined;
  const phoneError = singleErrors.phone === null ? undefined : singleErrors.phone === 'required' ? t.errors.phoneRequired() : t.problems[singleErrors.phone]();
  return (
    <form
      className={stack}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'user.check' });
      }}
    >
      <div className={row}>
        <TextField
          className={code}
          label={t.countryCode()}
          required
          inputMode="tel"
          autoComplete="off"
          value={countryCode}
          onChange={(e) => flow.send({ type: 'user.changeCountryCode', value: e.target.value })}
          errorText={codeError}
          helperText={t.countryCodeHint()}
          dir="ltr"
          data-testid="number-check-country"
          errorTestId="number-check-country-error"
        />
        <TextField
          className={grow}
          label={t.phone()}
          required
          type="tel"
          autoComplete="off"
          value={phone}
          onChange={(e) => flow.send({ type: 'user.changePhone', value: e.target.value })}
          errorText={phoneError}
          dir="ltr"
          data-testid="number-check-phone"
          errorTestId="number-check-phone-error"
          {...sensitive}
        />
      </div>
      <div className={row}>
        <Button type="submit" loading={busy} loadingText={t.checking()} data-testid="number-check-submit">
          {t.check()}
        </Button>
      </div>
      {singleStop ? <InlineAlert status="error" title={stopText(LL, singleStop)} data-testid="number-check-stop" /> : null}
      {single && !busy ? (
        <div className={resultCard} role="status" data-testid="number-check-result" data-status={single.exists ? 'found' : 'notFound'}>
          <bdi dir="ltr" className={cellNumber} {...sensitive}>
            {single.international}
          </bdi>
          {single.name ? <UserText className={cellName} text={single.name} {...sensitive} /> : null}
          <span className={cellStatus} data-status={single.exists ? 'found' : 'notFound'}>
            {single.exists ? t.status.found() : t.status.notFound()}
          </span>
          {single.exists ? (
            <Button size="sm" variant="outline" onClick={() => flow.send({ type: 'user.startChat' })} data-testid="number-check-start-chat">
              {t.startChat()}
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function ListCheck({ flow }: { flow: NumberCheckActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.assistant.numberCheck;
  const editing = useSelector(flow, (s) => s.hasTag('listForm') || s.hasTag('parsing'));
  const parsing = useSelector(flow, (s) => s.hasTag('parsing'));
  const { listText, defaultCode, listError } = useSelector(flow, (s) => s.context);
  const max = new Intl.NumberFormat(locale).format(NUMBER_CHECK_MAX);
  if (!editing) return <ListResults flow={flow} />;
  const errorText = listError === null ? null : listError === 'tooMany' ? t.listErrors.tooMany({ max }) : t.listErrors[listError]();
  return (
    <form
      className={stack}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'user.submitList' });
      }}
    >
      <FieldRoot invalid={listError === 'empty' || listError === 'tooMany' || listError === 'failed'} required>
        <FieldLabel>{t.list()}</FieldLabel>
        <FieldTextarea
          className={cx(textarea({ size: 'md' }))}
          rows={6}
          dir="ltr"
          value={listText}
          onChange={(e) => flow.send({ type: 'user.changeList', value: e.target.value })}
          data-testid="number-check-list"
          {...sensitive}
        />
        {errorText && listError !== 'defaultCodeUnknown' ? <FieldErrorText data-testid="number-check-list-error">{errorText}</FieldErrorText> : <FieldHelperText>{t.listHint({ max })}</FieldHelperText>}
      </FieldRoot>
      <TextField
        label={t.defaultCode()}
        inputMode="tel"
        autoComplete="off"
        dir="ltr"
        value={defaultCode}
        onChange={(e) => flow.send({ type: 'user.changeDefaultCode', value: e.target.value })}
        errorText={listError === 'defaultCodeUnknown' ? t.listErrors.defaultCodeUnknown() : undefined}
        helperText={t.defaultCodeHint()}
        data-testid="number-check-default-code"
        errorTestId="number-check-default-code-error"
      />
      <div className={row}>
        <Button type="submit" loading={parsing} loadingText={t.checking()} data-testid="number-check-list-submit">
          {t.checkList()}
        </Button>
      </div>
    </form>
  );
}

function ListResults({ flow }: { flow: NumberCheckActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.assistant.numberCheck;
  const nf = new Intl.NumberFormat(locale);
  const { numbers, invalid, duplicates, checked, stopped, filter } = useSelector(flow, (s) => s.context);
  const checking = useSelector(flow, (s) => s.hasTag('checking'));
  // Recomputed only when the answers or the filter change (a thousand rows, sorted by line).
  const counts = useMemo(() => countResults(numbers, invalid), [numbers, invalid]);
  const rows = useMemo(() => resultRows(numbers, invalid, filter), [numbers, invalid, filter]);
  const percent = numbers.length === 0 ? 100 : Math.round((checked / numbers.length) * 100);
  return (
    <div className={stack}>
      <dl className={facts} data-testid="number-check-summary">
        <div className={fact}>
          <dt>{t.summary.numbers()}</dt>
          <dd data-testid="number-check-summary-numbers">{nf.format(numbers.length)}</dd>
        </div>
        <div className={fact}>
          <dt>{t.summary.invalid()}</dt>
          <dd data-testid="number-check-summary-invalid">{nf.format(invalid.length)}</dd>
        </div>
        <div className={fact}>
          <dt>{t.summary.duplicates()}</dt>
          <dd data-testid="number-check-summary-duplicates">{nf.format(duplicates)}</dd>
        </div>
      </dl>
      {numbers.length > 0 ? (
        <div data-testid="number-check-progress">
          <div className={track} role="progressbar" aria-label={t.progressLabel()} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className={fill} style={{ width: `${percent}%` }} />
          </div>
          <p className={muted} aria-live="polite">
            {t.progress({ checked: nf.format(checked), total: nf.format(numbers.length) })}
          </p>
        </div>
      ) : null}
      {checking ? (
        <div className={row}>
          <Button variant="outline" onClick={() => flow.send({ type: 'user.cancel' })} data-testid="number-check-cancel">
            {t.cancel()}
          </Button>
        </div>
      ) : null}
      {stopped ? <InlineAlert status={stopped === 'cancelled' ? 'info' : 'error'} title={stopText(LL, stopped)} data-testid="number-check-stopped" /> : null}
      <div className={chips} role="group" aria-label={t.filters.label()}>
        {resultFilters.map((f) => (
          <Button
            key={f}
            size="xs"
            variant={filter === f ? 'solid' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => flow.send({ type: 'user.filter', filter: f })}
            data-testid={`number-check-filter-${f}`}
          >
            {t.filters[f]()} <bdi>{nf.format(f === 'all' ? numbers.length + invalid.length : counts[f])}</bdi>
          </Button>
        ))}
      </div>
      <VirtualList
        label={t.resultsLabel()}
        items={rows}
        getKey={(r) => (r.kind === 'number' ? `n${r.phone}` : `i${r.line}:${r.text}`)}
        rowHeight={40}
        height="14rem"
        renderItem={(r) => <ResultLine row={r} />}
        itemTestId={() => 'number-check-row'}
        empty={t.noRows()}
        data-testid="number-check-rows"
      />
      {!checking ? <AddFound flow={flow} found={counts.found} /> : null}
      {!checking ? (
        <div className={row}>
          <Button variant="ghost" onClick={() => flow.send({ type: 'user.newList' })} data-testid="number-check-new-list">
            {t.newList()}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ResultLine({ row: r }: { row: ResultRow }) {
  const { LL, locale } = useI18nContext();
  const t = LL.assistant.numberCheck;
  const nf = new Intl.NumberFormat(locale);
  if (r.kind === 'invalid') {
    return (
      <div className={resultRow} data-status="invalid">
        <span className={muted}>{t.line({ line: nf.format(r.line) })}</span>
        <UserText className={cellName} text={r.text} {...sensitive} />
        <span className={cellStatus} data-status="invalid">
          {t.problems[r.problem]()}
        </span>
      </div>
    );
  }
  return (
    <div className={resultRow} data-status={r.status}>
      <bdi dir="ltr" className={cellNumber} {...sensitive}>
        {r.international}
      </bdi>
      {r.name ? <UserText className={cellName} text={r.name} {...sensitive} /> : <span className={cellName} />}
      <span className={cellStatus} data-status={r.status}>
        {t.status[r.status]()}
      </span>
    </div>
  );
}

function AddFound({ flow, found }: { flow: NumberCheckActorRef; found: number }) {
  const { LL, locale } = useI18nContext();
  const t = LL.assistant.numberCheck;
  const nf = new Intl.NumberFormat(locale);
  const { tabs, tabId, tabsFailed, outcome } = useSelector(flow, (s) => s.context);
  const loadingTabs = useSelector(flow, (s) => s.hasTag('loadingTabs'));
  const adding = useSelector(flow, (s) => s.hasTag('adding'));
  if (found === 0) return null;
  const options = tabs.map((tab) => ({ value: String(tab.id), label: tab.id === NO_TAB_ID ? t.noTabs() : visibleText(tab.name) }));
  return (
    <section className={stack} aria-label={t.addTitle()}>
      <p className={css({ fontWeight: 'semibold' })}>{t.addTitle()}</p>
      {tabsFailed ? <InlineAlert status="error" title={t.tabsFailed()} data-testid="number-check-tabs-failed" /> : null}
      <div className={row}>
        <div className={grow}>
          <SimpleSelect
            label={t.tab()}
            options={options}
            value={String(tabId)}
            onValueChange={(v) => (v === '' ? undefined : flow.send({ type: 'user.chooseTab', tabId: Number(v) }))}
            disabled={loadingTabs || adding || tabs.length === 0}
            data-testid="number-check-tab"
          />
        </div>
        <Button loading={adding} loadingText={t.adding()} disabled={loadingTabs || tabs.length === 0} onClick={() => flow.send({ type: 'user.addFound' })} data-testid="number-check-add">
          {t.add()} <bdi>({nf.format(found)})</bdi>
        </Button>
      </div>
      {outcome?.ok ? (
        <dl className={facts} role="status" data-testid="number-check-outcome">
          {(['added', 'updated', 'unchanged', 'skipped'] as const).map((k) => (
            <div className={fact} key={k}>
              <dt>{t.counts[k]()}</dt>
              <dd data-testid={`number-check-outcome-${k}`}>{nf.format(outcome.counts[k])}</dd>
            </div>
          ))}
        </dl>
      ) : outcome ? (
        <InlineAlert status="error" title={t.addFailed({ message: outcome.message })} data-testid="number-check-add-failed" />
      ) : null}
    </section>
  );
}

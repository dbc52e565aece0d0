/**
 * The group tool's dialog (SPEC §2 Other panels: assistant tools, group tool): a group's
 * participants read through the extension, exported as CSV or added as leads to a tab. The flow is
 * the group-tool machine (src/machines/group-tool.machine.ts), a child the assistant tools start
 * when the person opens it; this view renders the ref it is given and sends `user.*`.
 *
 * Names, phones and group names are marked sensitive (the privacy switch blurs them) and shown
 * inert (UserText); phones read left to right in every language. Logical CSS properties only (RTL).
 * Test ids: group-tool-dialog, group-tool-status, group-tool-stop, group-tool-retry, group-tool-group
 * (data-chat-id), group-tool-back, group-tool-select-all, group-tool-row (data-phone), group-tool-row-select,
 * group-tool-selected, group-tool-export, group-tool-add, group-tool-tab, group-tool-confirm,
 * group-tool-counts, group-tool-count (data-count), group-tool-add-failed.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import { NO_TAB_ID } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectStep, selectSelection, type GroupToolActorRef, type GroupToolStep } from '../../../machines/group-tool.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { ModalDialog } from '../../components/dialog';
import { SimpleSelect } from '../../components/select';
import { sensitive } from '../../components/sensitive';
import { UserSentence, UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';

export type GroupToolDialogProps = {
  /** The group-tool flow the assistant tools started (none: the dialog is closed). */
  flow: GroupToolActorRef | undefined;
};

const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0', maxHeight: 'max(12rem, calc(100dvh - 20rem))', overflowY: 'auto' });
const groupButton = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  width: '100%',
  textAlign: 'start',
  paddingInline: '3',
  paddingBlock: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
});
const heading = css({ textStyle: 'md', fontWeight: 'semibold', m: '0' });
const scroller = css({ overflow: 'auto', maxHeight: 'max(12rem, calc(100dvh - 22rem))', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2' });
const table = css({ width: '100%', borderCollapse: 'collapse', textStyle: 'sm', '& th, & td': { paddingInline: '3', paddingBlock: '2', textAlign: 'start', borderBlockEndWidth: '1px', borderColor: 'border.subtle' } });
const headCell = css({ position: 'sticky', insetBlockStart: '0', bg: 'bg.subtle', fontWeight: 'semibold' });
const phone = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
const badge = css({ display: 'inline-block', paddingInline: '2', borderRadius: 'full', bg: 'colorPalette.subtle.bg', color: 'colorPalette.subtle.fg', textStyle: 'xs' });
const counts = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(7rem, 1fr))', gap: '3', m: '0' });
const countBox = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2', p: '3', '& dt': { color: 'fg.muted', textStyle: 'xs' }, '& dd': { m: '0', textStyle: 'xl', fontWeight: 'semibold' } });

export function GroupToolDialog({ flow }: GroupToolDialogProps) {
  return flow ? <GroupToolView flow={flow} /> : null;
}

function GroupToolView({ flow: ref }: { flow: GroupToolActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.groupTool;
  const step = useSelector(ref, selectStep);
  const done = useSelector(ref, (s) => s.status === 'done');
  const group = useSelector(ref, (s) => s.context.group);
  const { selected, total } = useSelector(ref, selectSelection);
  const send = ref.send;

  const footer = footerOf(step, { selected, t, send });

  return (
    <ModalDialog
      open={!done}
      onClose={() => send({ type: 'user.close' })}
      title={t.title()}
      description={t.description()}
      closeLabel={t.close()}
      data-testid="group-tool-dialog"
      footer={footer}
    >
      {group && step !== 'picking' && step !== 'loadingGroups' && step !== 'groupsFailed' && step !== 'noGroups' ? (
        <h3 className={heading}>
          <UserText text={group.name} {...sensitive} data-testid="group-tool-group-name" />
        </h3>
      ) : null}
      <StepBody flow={ref} step={step} total={total} />
    </ModalDialog>
  );
}

type Texts = ReturnType<typeof useI18nContext>['LL']['assistant']['groupTool'];

/** The buttons of each step (none where the body holds them). */
function footerOf(step: GroupToolStep, { selected, t, send }: { selected: number; t: Texts; send: GroupToolActorRef['send'] }) {
  switch (step) {
    case 'participants':
      return (
        <>
          <Button variant="outline" onClick={() => send({ type: 'user.back' })} data-testid="group-tool-back">
            {t.backToGroups()}
          </Button>
          <ExportButton selected={selected} t={t} send={send} />
          <Button disabled={selected === 0} onClick={() => send({ type: 'user.addAsLeads' })} data-testid="group-tool-add">
            {t.addAsLeads()}
          </Button>
        </>
      );
    case 'loadingTabs':
    case 'tabsFailed':
    case 'choosingTab':
      return (
        <>
          <Button variant="outline" onClick={() => send({ type: 'user.back' })} data-testid="group-tool-back">
            {t.cancel()}
          </Button>
          <Button disabled={step !== 'choosingTab'} onClick={() => send({ type: 'user.confirmAdd' })} data-testid="group-tool-confirm">
            {t.confirmAdd({ count: selected })}
          </Button>
        </>
      );
    case 'added':
    case 'addFailed':
      return (
        <Button variant="outline" onClick={() => send({ type: 'user.back' })} data-testid="group-tool-back">
          {t.backToParticipants()}
        </Button>
      );
    default:
      return undefined;
  }
}

function ExportButton({ selected, t, send }: { selected: number; t: Texts; send: GroupToolActorRef['send'] }) {
  // The file's column titles and admin mark in the page's language, as the contacts export's headers.
  const headers = [t.columns.name(), t.columns.phone(), t.columns.admin()];
  return (
    <Button variant="outline" disabled={selected === 0} onClick={() => send({ type: 'user.export', headers, adminMark: t.adminMark() })} data-testid="group-tool-export">
      {t.exportCsv()}
    </Button>
  );
}

function Status({ text }: { text: string }) {
  return (
    <p className={muted} role="status" data-testid="group-tool-status">
      {text}
    </p>
  );
}

function Retry({ flow, label }: { flow: GroupToolActorRef; label: string }) {
  return (
    <Button variant="outline" onClick={() => flow.send({ type: 'user.retry' })} data-testid="group-tool-retry">
      {label}
    </Button>
  );
}

function StepBody({ flow: ref, step, total }: { flow: GroupToolActorRef; step: GroupToolStep; total: number }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.groupTool;
  const stop = useSelector(ref, (s) => s.context.stop);
  const stopText = stop ? t.stop[stop]() : '';
  switch (step) {
    case 'loadingGroups':
      return <Status text={t.loadingGroups()} />;
    case 'groupsFailed':
      return (
        <>
          <InlineAlert status="error" title={stopText} data-testid="group-tool-stop" />
          <div className={row}>
            <Retry flow={ref} label={t.retry()} />
          </div>
        </>
      );
    case 'noGroups':
      return (
        <>
          <p className={muted}>{t.noGroups()}</p>
          <div className={row}>
            <Retry flow={ref} label={t.retry()} />
          </div>
        </>
      );
    case 'picking':
      return <GroupList flow={ref} />;
    case 'readingParticipants':
      return <Status text={t.readingParticipants()} />;
    case 'participantsFailed':
      return (
        <>
          <InlineAlert status="error" title={stopText} data-testid="group-tool-stop" />
          <div className={row}>
            <Retry flow={ref} label={t.retry()} />
            <Button variant="outline" onClick={() => ref.send({ type: 'user.back' })} data-testid="group-tool-back">
              {t.backToGroups()}
            </Button>
          </div>
        </>
      );
    case 'participantsEmpty':
      return (
        <>
          <p className={muted}>{t.empty()}</p>
          <div className={row}>
            <Button variant="outline" onClick={() => ref.send({ type: 'user.back' })} data-testid="group-tool-back">
              {t.backToGroups()}
            </Button>
          </div>
        </>
      );
    case 'participants':
      return <ParticipantsTable flow={ref} total={total} />;
    case 'loadingTabs':
      return <Status text={t.loadingTabs()} />;
    case 'tabsFailed':
      return (
        <>
          <InlineAlert status="error" title={t.tabsFailed()} />
          <div className={row}>
            <Retry flow={ref} label={t.retry()} />
          </div>
        </>
      );
    case 'choosingTab':
      return <TabChoice flow={ref} />;
    case 'adding':
      return <Status text={t.adding()} />;
    case 'added':
      return <Outcome flow={ref} />;
    case 'addFailed':
      return <AddFailed flow={ref} />;
    case 'closed':
      return null;
  }
}

function GroupList({ flow: ref }: { flow: GroupToolActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.groupTool;
  const groups = useSelector(ref, (s) => s.context.groups);
  return (
    <>
      <p className={muted}>{t.pickHint()}</p>
      <ul className={list} aria-label={t.groups()}>
        {groups.map((g) => (
          <li key={g.chatWhatsappId}>
            <button type="button" className={groupButton} onClick={() => ref.send({ type: 'user.pickGroup', chatWhatsappId: g.chatWhatsappId })} data-testid="group-tool-group" data-chat-id={g.chatWhatsappId}>
              <UserText text={g.name} {...sensitive} />
              <span className={muted}>{t.size({ count: g.size })}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function ParticipantsTable({ flow: ref, total }: { flow: GroupToolActorRef; total: number }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.groupTool;
  const participants = useSelector(ref, (s) => s.context.participants);
  const selected = useSelector(ref, (s) => s.context.selected);
  const chosen = new Set(selected);
  const all = selected.length === total ? true : selected.length === 0 ? false : 'indeterminate';
  return (
    <>
      <div className={row}>
        <Checkbox checked={all} onCheckedChange={() => ref.send({ type: 'user.toggleAll' })} data-testid="group-tool-select-all">
          {t.selectAll()}
        </Checkbox>
        <span className={muted} aria-live="polite" data-testid="group-tool-selected">
          {t.selected({ selected: selected.length, total })}
        </span>
      </div>
      <div className={scroller}>
        <table className={table}>
          <thead>
            <tr>
              <th className={headCell} scope="col">
                <span className={css({ srOnly: true })}>{t.selectAll()}</span>
              </th>
              <th className={headCell} scope="col">
                {t.columns.name()}
              </th>
              <th className={headCell} scope="col">
                {t.columns.phone()}
              </th>
              <th className={headCell} scope="col">
                {t.columns.admin()}
              </th>
            </tr>
          </thead>
          <tbody>
            {participants.map((p) => (
              <tr key={p.phone} data-testid="group-tool-row" data-phone={p.phone}>
                <td>
                  <Checkbox
                    checked={chosen.has(p.phone)}
                    onCheckedChange={() => ref.send({ type: 'user.toggle', phone: p.phone })}
                    aria-label={t.selectOne({ name: visibleText(p.name ?? p.international) })}
                    data-testid="group-tool-row-select"
                  />
                </td>
                <td>{p.name === null ? <span className={muted}>{t.noName()}</span> : <UserText text={p.name} {...sensitive} />}</td>
                <td>
                  <bdi dir="ltr" className={phone} {...sensitive}>
                    {p.international}
                  </bdi>
                </td>
                <td>{p.isAdmin ? <span className={badge}>{t.adminMark()}</span> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function TabChoice({ flow: ref }: { flow: GroupToolActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.groupTool;
  const tabs = useSelector(ref, (s) => s.context.tabs);
  const tabId = useSelector(ref, (s) => s.context.tabId);
  const options = tabs.map((tab) => ({ value: String(tab.id), label: tab.id === NO_TAB_ID ? t.noTabs() : visibleText(tab.name) }));
  return (
    <SimpleSelect
      label={t.tab()}
      options={options}
      value={tabId === null ? '' : String(tabId)}
      onValueChange={(value) => ref.send({ type: 'user.chooseTab', tabId: Number(value) })}
      data-testid="group-tool-tab"
    />
  );
}

function Outcome({ flow: ref }: { flow: GroupToolActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.groupTool;
  const outcome = useSelector(ref, (s) => s.context.outcome);
  if (!outcome?.ok) return null;
  const items = [
    ['added', t.counts.added(), outcome.counts.added],
    ['updated', t.counts.updated(), outcome.counts.updated],
    ['unchanged', t.counts.unchanged(), outcome.counts.unchanged],
    ['skipped', t.counts.skipped(), outcome.counts.skipped],
  ] as const;
  return (
    <>
      <dl className={counts} aria-label={t.outcome()} data-testid="group-tool-counts">
        {items.map(([key, label, value]) => (
          <div key={key} className={countBox} data-testid="group-tool-count" data-count={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {outcome.counts.skipped > 0 ? <p className={muted}>{t.skippedHint()}</p> : null}
    </>
  );
}

function AddFailed({ flow: ref }: { flow: GroupToolActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.assistant.groupTool;
  const outcome = useSelector(ref, (s) => s.context.outcome);
  const message = outcome && !outcome.ok ? outcome.message : '';
  return (
    <>
      <InlineAlert
        status="error"
        title={message === '' ? t.addFailedPlain() : <UserSentence sentence={(m) => t.addFailed({ message: m })} text={message} />}
        data-testid="group-tool-add-failed"
      />
      <div className={row}>
        <Retry flow={ref} label={t.retry()} />
      </div>
    </>
  );
}

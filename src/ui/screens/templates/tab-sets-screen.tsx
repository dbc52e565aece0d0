/**
 * /template-center/tabs (SPEC §2; §3 Team templates: group name, group priority, name, message
 * type, status, update time; §6 admins only): the team pipeline tab sets, sorted by group priority,
 * with the add / edit dialog (the tab names a list to add to and remove from), delete after a
 * confirmation, and Apply: a confirmation that says what applying does, then the outcome (name
 * clashes kept apart, members at the tab limit). Driven by the tab-sets flow and its child, the
 * dialog's flow; every text a person wrote is shown inert (UserText).
 *
 * Test ids: tab-sets-page, tab-sets-add, tab-sets-table, tab-set-row-<name>, tab-set-edit-<id>,
 * tab-set-delete-<id>, tab-set-apply-<id>; the dialog tab-set-dialog (-save, -cancel, -error),
 * tab-set-group-name, tab-set-priority, tab-set-name, tab-set-message-type, tab-set-status,
 * tab-set-tab-<index>, tab-set-tab-remove-<index>, tab-set-new-tab, tab-set-add-tab, and the
 * errors tab-set-<field>-error; tab-set-confirm-delete, tab-set-confirm-apply, confirm-ok,
 * confirm-cancel; tab-set-result (tab-set-clash-row, tab-set-full-row), tab-set-result-close.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import type { TabSet } from '../../../contract/templates';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TabSetFormActorRef } from '../../../machines/tab-set-form.machine';
import { sortedSets, type TabSetsActorRef } from '../../../machines/tab-sets.machine';
import { refusalPlaceOf } from '../../../machines/template-notices';
import { useFlow } from '../../app-actors';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ModalDialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { SimpleSelect } from '../../components/select';
import { UserSentence, UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { formatDateTime } from './format';
import { TemplateCenterFrame } from './template-center-nav';
import {
  rowActions,
  cellText,
  ConfirmDialog,
  errorLine,
  fieldErrorText,
  fieldset,
  FormDialog,
  grid2,
  legend,
  muted,
  noWrap,
  refusalText,
  sectionHead,
} from './template-parts';

const chips = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  listStyle: 'none',
  p: '0',
  m: '0',
});
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  textStyle: 'xs',
  paddingInlineStart: '2',
  paddingBlock: '0.5',
  borderRadius: 'full',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  whiteSpace: 'nowrap',
});
const plainChip = css({ paddingInlineEnd: '2' });
const chipRemove = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  inlineSize: '6',
  blockSize: '6',
  borderRadius: 'full',
  cursor: 'pointer',
  color: 'fg.muted',
  _hover: { bg: 'bg.emphasized', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
  _disabled: { cursor: 'not-allowed', opacity: '0.6' },
});
const addLine = css({
  display: 'flex',
  alignItems: 'flex-end',
  gap: '2',
  '& > :first-child': { flex: '1', minInlineSize: '0' },
});
const resultList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  listStyle: 'none',
  p: '0',
  m: '0',
  maxHeight: '40dvh',
  overflowY: 'auto',
});
const resultRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  justifyContent: 'space-between',
  p: '2',
  borderRadius: 'l2',
  bg: 'bg.subtle',
  textStyle: 'sm',
  overflowWrap: 'anywhere',
});
const resultHead = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  paddingInline: '2',
  textStyle: 'xs',
  color: 'fg.muted',
  fontWeight: 'medium',
});
const bulletList = css({
  listStyle: 'disc',
  paddingInlineStart: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  textStyle: 'sm',
});

export function TabSetsScreen() {
  const ref = useFlow('tabSets');
  return ref ? <TabSetsView flow={ref} /> : null;
}

function TabSetsView({ flow: ref }: { flow: TabSetsActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.templates;
  const s = t.tabSets;
  const busy = useSelector(ref, (snap) => snap.hasTag('busy'));
  const loading = useSelector(ref, (snap) => snap.hasTag('loading'));
  const failed = useSelector(ref, (snap) => snap.hasTag('loadFailed'));
  const confirmDelete = useSelector(ref, (snap) => snap.hasTag('confirmDelete'));
  const confirmApply = useSelector(ref, (snap) => snap.hasTag('confirmApply'));
  const applied = useSelector(ref, (snap) => snap.hasTag('applied'));
  const items = useSelector(ref, (snap) => snap.context.items);
  const target = useSelector(ref, (snap) => snap.context.target);
  const result = useSelector(ref, (snap) => snap.context.result);
  const form = useSelector(ref, (snap) => snap.children.tabSetForm as TabSetFormActorRef | undefined);
  const rows = useMemo(() => sortedSets(items), [items]);

  const columns = useMemo<DataTableColumn<TabSet>[]>(
    () => [
      {
        id: 'groupName',
        header: s.columns.groupName(),
        cell: (set) => <UserText className={cellText} text={set.groupName} />,
      },
      {
        id: 'groupPriority',
        header: s.columns.groupPriority(),
        align: 'end',
        cell: (set) => <bdi>{set.groupPriority}</bdi>,
      },
      {
        id: 'name',
        header: s.columns.name(),
        cell: (set) => (
          <div
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '1',
            })}
          >
            <UserText className={cellText} text={set.name} />
            <ul className={chips} aria-label={s.columns.tabs()}>
              {set.tabNames.map((name, i) => (
                <li key={i} className={`${chip} ${plainChip}`}>
                  <UserText text={name} />
                </li>
              ))}
            </ul>
          </div>
        ),
      },
      {
        id: 'messageType',
        header: s.columns.messageType(),
        cell: (set) => <span className={noWrap}>{s.messageType[set.messageType]()}</span>,
      },
      {
        id: 'status',
        header: s.columns.status(),
        cell: (set) => <span className={noWrap}>{t.status[set.status]()}</span>,
      },
      {
        id: 'updatedAt',
        header: t.updatedAt(),
        cell: (set) => (
          <span className={css({ display: 'flex', flexDirection: 'column' })}>
            <span className={noWrap}>{formatDateTime(set.updatedAt, locale)}</span>
            {set.appliedAt !== null ? <span className={muted}>{s.appliedAt({ date: formatDateTime(set.appliedAt, locale) })}</span> : null}
          </span>
        ),
      },
      {
        id: 'actions',
        header: t.actions(),
        hideHeader: true,
        cell: (set) => (
          <div className={rowActions}>
            <Button
              size="sm"
              disabled={busy || set.status === 'paused'}
              title={set.status === 'paused' ? s.pausedHint() : undefined}
              aria-label={s.applyOf({ name: visibleText(set.name) })}
              onClick={() => ref.send({ type: 'user.apply', set })}
              data-testid={`tab-set-apply-${set.id}`}
            >
              {s.apply()}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={s.editOf({ name: visibleText(set.name) })}
              onClick={() => ref.send({ type: 'user.edit', set })}
              data-testid={`tab-set-edit-${set.id}`}
            >
              {t.edit()}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              aria-label={s.deleteOf({ name: visibleText(set.name) })}
              onClick={() => ref.send({ type: 'user.delete', set })}
              data-testid={`tab-set-delete-${set.id}`}
            >
              {t.delete()}
            </Button>
          </div>
        ),
      },
    ],
    [s, t, ref, busy, locale],
  );

  return (
    <TemplateCenterFrame testId="tab-sets-page" busy={busy}>
      <div className={sectionHead}>
        <div>
          <Heading as="h2" size="lg">
            {s.title()}
          </Heading>
          <Text muted>{s.lead()}</Text>
        </div>
        <Button onClick={() => ref.send({ type: 'user.add' })} disabled={loading || failed} data-testid="tab-sets-add">
          {s.add()}
        </Button>
      </div>
      <DataTable
        label={s.title()}
        columns={columns}
        data={rows}
        getRowId={(set) => set.id}
        rowTestId={(set) => `tab-set-row-${set.name}`}
        status={failed ? 'error' : loading && rows.length === 0 ? 'loading' : 'ready'}
        onRetry={() => ref.send({ type: 'user.retry' })}
        texts={{
          empty: s.empty(),
          loading: s.loading(),
          error: s.loadFailed(),
          retry: t.retry(),
        }}
        data-testid="tab-sets-table"
      />

      <TabSetDialog flow={form} />

      <ConfirmDialog
        open={confirmDelete}
        busy={busy}
        title={target ? <UserSentence sentence={(name) => s.confirmDelete.title({ name })} text={target.name} /> : ''}
        body={<p>{s.confirmDelete.body()}</p>}
        ok={s.confirmDelete.ok()}
        onCancel={() => ref.send({ type: 'user.cancel' })}
        onConfirm={() => ref.send({ type: 'user.confirm' })}
        testId="tab-set-confirm-delete"
      />
      <ConfirmDialog
        open={confirmApply}
        busy={busy}
        title={target ? <UserSentence sentence={(name) => s.confirmApply.title({ name })} text={target.name} /> : ''}
        body={
          <div
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '3',
            })}
          >
            <p>{s.confirmApply.body()}</p>
            <ul className={chips}>
              {(target?.tabNames ?? []).map((name, i) => (
                <li key={i} className={`${chip} ${plainChip}`}>
                  <UserText text={name} />
                </li>
              ))}
            </ul>
            <ul className={bulletList}>
              <li>{s.confirmApply.keeps()}</li>
              <li>{s.confirmApply.clashes()}</li>
              <li>{s.confirmApply.limit()}</li>
            </ul>
          </div>
        }
        ok={s.confirmApply.ok()}
        onCancel={() => ref.send({ type: 'user.cancel' })}
        onConfirm={() => ref.send({ type: 'user.confirm' })}
        testId="tab-set-confirm-apply"
      />
      <ModalDialog
        open={applied}
        onClose={() => ref.send({ type: 'user.close' })}
        title={s.result.title()}
        closeLabel={t.close()}
        data-testid="tab-set-result"
        footer={
          <Button onClick={() => ref.send({ type: 'user.close' })} data-testid="tab-set-result-close">
            {t.close()}
          </Button>
        }
      >
        {result ? (
          <div
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '3',
            })}
          >
            <p data-testid="tab-set-result-counts">
              {s.result.members({ count: result.members })} · {s.result.tabsCreated({ count: result.tabsCreated })}
            </p>
            <h3 className={legend}>{s.result.clashes()}</h3>
            {result.clashes.length === 0 ? (
              <p className={muted}>{s.result.noClashes()}</p>
            ) : (
              <ul className={resultList} aria-label={s.result.clashes()}>
                <li className={resultHead} aria-hidden="true">
                  <span>{s.result.member()}</span>
                  <span>{s.result.tab()}</span>
                </li>
                {result.clashes.map((c, i) => (
                  <li key={i} className={resultRow} data-testid="tab-set-clash-row">
                    <UserText text={c.email} />
                    <UserText text={c.tabName} />
                  </li>
                ))}
              </ul>
            )}
            {result.full.length > 0 ? (
              <>
                <h3 className={legend}>{s.result.full()}</h3>
                <ul className={resultList} aria-label={s.result.full()}>
                  {result.full.map((m) => (
                    <li key={m.userId} className={resultRow} data-testid="tab-set-full-row">
                      <UserText text={m.email} />
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </ModalDialog>
    </TemplateCenterFrame>
  );
}

/** The add / edit dialog: the child flow the tab sets flow started (none: closed). */
function TabSetDialog({ flow }: { flow: TabSetFormActorRef | undefined }) {
  return flow ? <TabSetForm flow={flow} /> : null;
}

function TabSetForm({ flow: ref }: { flow: TabSetFormActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.templates;
  const s = t.tabSets;
  const f = s.form;
  const saving = useSelector(ref, (snap) => snap.hasTag('saving'));
  const open = useSelector(ref, (snap) => snap.status === 'active');
  const id = useSelector(ref, (snap) => snap.context.id);
  const draft = useSelector(ref, (snap) => snap.context.draft);
  const errors = useSelector(ref, (snap) => snap.context.errors);
  const formError = useSelector(ref, (snap) => snap.context.formError);
  const place = refusalPlaceOf(formError);
  const change = (patch: Parameters<typeof changeEvent>[0]) => ref.send(changeEvent(patch));
  const tabsError = fieldErrorText(LL, errors.tabNames);
  const newTabError = fieldErrorText(LL, errors.newTab);
  return (
    <FormDialog
      open={open}
      title={id === null ? f.addTitle() : f.editTitle()}
      testId="tab-set-dialog"
      saving={saving}
      onCancel={() => ref.send({ type: 'user.cancel' })}
      onSubmit={() => ref.send({ type: 'user.submit' })}
      formError={formError && place === 'form' ? refusalText(LL, formError) : undefined}
    >
      <div className={grid2}>
        <TextField
          label={f.groupName()}
          name="groupName"
          required
          value={draft.groupName}
          placeholder={f.groupNamePlaceholder()}
          readOnly={saving}
          errorText={fieldErrorText(LL, errors.groupName)}
          errorTestId="tab-set-groupName-error"
          onChange={(e) => change({ groupName: e.currentTarget.value })}
          dir="auto"
          data-testid="tab-set-group-name"
        />
        <TextField
          label={f.groupPriority()}
          name="groupPriority"
          inputMode="numeric"
          required
          value={draft.groupPriority}
          helperText={f.groupPriorityHint()}
          readOnly={saving}
          errorText={fieldErrorText(LL, errors.groupPriority)}
          errorTestId="tab-set-groupPriority-error"
          onChange={(e) => change({ groupPriority: e.currentTarget.value })}
          data-testid="tab-set-priority"
        />
      </div>
      <TextField
        label={f.name()}
        name="name"
        required
        value={draft.name}
        placeholder={f.namePlaceholder()}
        readOnly={saving}
        errorText={place === 'name' ? t.errors.setNameTaken() : fieldErrorText(LL, errors.name)}
        errorTestId="tab-set-name-error"
        onChange={(e) => change({ name: e.currentTarget.value })}
        dir="auto"
        data-testid="tab-set-name"
      />
      <div className={grid2}>
        <SimpleSelect
          label={f.messageType()}
          options={(['all', 'single', 'group'] as const).map((v) => ({
            value: v,
            label: s.messageType[v](),
          }))}
          value={draft.messageType}
          disabled={saving}
          onValueChange={(v) => {
            if (v === 'all' || v === 'single' || v === 'group') change({ messageType: v });
          }}
          data-testid="tab-set-message-type"
        />
        <SimpleSelect
          label={f.status()}
          options={(['active', 'paused'] as const).map((v) => ({
            value: v,
            label: t.status[v](),
          }))}
          value={draft.status}
          disabled={saving}
          onValueChange={(v) => {
            if (v === 'active' || v === 'paused') change({ status: v });
          }}
          data-testid="tab-set-status"
        />
      </div>
      <fieldset className={fieldset}>
        <legend className={legend}>{f.tabs()}</legend>
        <p className={muted}>{f.tabsHint()}</p>
        {draft.tabNames.length === 0 ? (
          <p className={muted}>{f.noTabs()}</p>
        ) : (
          <ul className={chips}>
            {draft.tabNames.map((name, index) => (
              <li key={`${index}-${name}`} className={chip} data-testid={`tab-set-tab-${index}`}>
                <UserText text={name} />
                <button
                  type="button"
                  className={chipRemove}
                  disabled={saving}
                  aria-label={f.removeTab({ name: visibleText(name) })}
                  onClick={() => ref.send({ type: 'user.removeTab', index })}
                  data-testid={`tab-set-tab-remove-${index}`}
                >
                  <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                    <path d="M18 6 6 18M6 6l12 12" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={addLine}>
          <TextField
            label={f.newTab()}
            value={draft.newTab}
            placeholder={f.newTabPlaceholder()}
            readOnly={saving}
            errorText={newTabError}
            errorTestId="tab-set-newTab-error"
            onChange={(e) => change({ newTab: e.currentTarget.value })}
            onKeyDown={(e) => {
              // Enter adds the tab (instead of submitting the form).
              if (e.key === 'Enter') {
                e.preventDefault();
                ref.send({ type: 'user.addTab' });
              }
            }}
            dir="auto"
            data-testid="tab-set-new-tab"
          />
          <Button
            variant="outline"
            disabled={saving}
            onClick={() => ref.send({ type: 'user.addTab' })}
            data-testid="tab-set-add-tab"
            className={css({ alignSelf: newTabError ? 'center' : 'flex-end' })}
          >
            {f.addTab()}
          </Button>
        </div>
        {tabsError ? (
          <p className={errorLine} role="alert" data-testid="tab-set-tabNames-error">
            {tabsError}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

const changeEvent = (
  patch: Partial<{
    groupName: string;
    groupPriority: string;
    name: string;
    messageType: 'all' | 'single' | 'group';
    status: 'active' | 'paused';
    newTab: string;
  }>,
) => ({ type: 'user.change', patch }) as const;

/**
 * /settings/workspace-members (inside the main layout): the workspace's members, 20 a page, with
 * the actions the caller's role allows (SPEC §2, §4, §6), on the kit's data table and pagination.
 * Driven by the team-members flow, which the app system starts while the screen is on screen: the
 * view reads its tags and context, and what a row offers from its selectors (`rowActionsOf`,
 * `exitOf`, `managesList`); confirmations are opened by its `confirm` tag, and the invite dialog is
 * its child `invite` (started by `user.invite`; the flow reloads the list when invitations went out).
 * Leaving is by application (SPEC §4): the member's side (Leave, the dialog, the pending
 * application with Withdraw) and the deciders' list of pending applications (Approve, Decline) are
 * the flow's children `leaveApplication` and `leaveReview`, rendered by ./leave-application.tsx.
 * Above the list, the owner and managers see the plan panel (../billing/plan-panel.tsx, its own flow).
 * Test ids: members-page, members-table, member-row-<email>, member-role-<email>,
 * member-sync-<email>, member-remove-<email>, member-resend-<email>, member-delete-invite-<email>,
 * members-invite, members-leave, members-disband, members-error, members-notice,
 * members-auto-sync-note (auto sync not in the plan: the `auto` option disabled), members-retry
 * (a page failed while another is on screen), members-pages,
 * members-confirm, confirm-ok, confirm-cancel, usage-limit-dialog; the table's table-loading-row,
 * table-empty-row, table-error-row, table-retry; the pagination's pagination-prev/-next/-page-<n>.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { syncTypes, type SyncType } from '../../../contract/roles';
import type { WorkspaceMember } from '../../../contract/workspace';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectWorkspaceName } from '../../../machines/account.machine';
import type { InviteMembersActorRef } from '../../../machines/invite-members.machine';
import type { LeaveApplicationActorRef, LeaveReviewActorRef } from '../../../machines/leave-application.machine';
import {
  autoSyncLockedOf,
  exitOf,
  managesList,
  MEMBERS_PAGE_SIZE,
  pageCount,
  rowActionsOf,
  sortedRows,
  type TeamMembersActorRef,
  type Viewer,
} from '../../../machines/team-members.machine';
import { useAppActors, useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ModalDialog } from '../../components/dialog';
import { UserSentence, UserText } from '../../components/user-text';
import { Heading, Text } from '../../components/heading';
import { Pagination } from '../../components/pagination';
import { SimpleSelect } from '../../components/select';
import { PlanPanel } from '../billing/plan-panel';
import { InviteMembersDialog } from './invite-members';
import { LeaveApplicationStatus, LeaveButton, LeaveReviewPanel } from './leave-application';
import { SyncHealthLine } from './sync-health-line';
import { refusalText, UsageLimitDialog } from './usage-limit-dialog';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '4', md: '8' }, maxWidth: '6xl' });
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' });
const actionsRow = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const noWrap = css({ whiteSpace: 'nowrap' });
const muted = css({ color: 'fg.muted' });
const pager = css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' });

export function MembersScreen() {
  const ref = useFlow('teamMembers');
  return ref ? <MembersView flow={ref} /> : null;
}

function MembersView({ flow: ref }: { flow: TeamMembersActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.team;
  const { account } = useAppActors();
  const workspaceName = useSelector(account, selectWorkspaceName);
  const role = useSelector(ref, (s) => s.context.role);
  const selfId = useSelector(ref, (s) => s.context.selfId);
  const invite = useSelector(ref, (s) => s.children.invite as InviteMembersActorRef | undefined);
  // Leaving by application (SPEC §4): the member's side and the deciders' side, children of this flow.
  const leaving = useSelector(ref, (s) => s.children.leaveApplication as LeaveApplicationActorRef | undefined);
  const review = useSelector(ref, (s) => s.children.leaveReview as LeaveReviewActorRef | undefined);

  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const confirming = useSelector(ref, (s) => s.hasTag('confirm'));
  const rows = useSelector(ref, (s) => sortedRows(s.context));
  const autoLocked = useSelector(ref, (s) => autoSyncLockedOf(s.context));
  const { total, page: current, pending, error, done, sort } = useSelector(ref, (s) => s.context);
  const viewer: Viewer = useMemo(() => ({ role, selfId }), [role, selfId]);
  const manages = managesList(viewer);
  const exit = exitOf(role);
  const pages = pageCount(total);

  const confirmText = (() => {
    switch (pending?.kind) {
      case 'remove':
        return { title: <UserSentence sentence={(email) => t.confirm.removeTitle({ email })} text={pending.email} />, body: t.confirm.removeBody() };
      case 'deleteInvite':
        return { title: <UserSentence sentence={(email) => t.confirm.deleteInviteTitle({ email })} text={pending.email} />, body: t.confirm.deleteInviteBody() };
      case 'disband':
        return { title: t.confirm.disbandTitle(), body: t.confirm.disbandBody() };
      default:
        return { title: '', body: '' };
    }
  })();

  const columns = useMemo<DataTableColumn<WorkspaceMember>[]>(() => {
    const roleOptions = [
      { value: 'manager', label: t.role.manager() },
      { value: 'member', label: t.role.member() },
    ];
    // SPEC §1: auto sync is for the Pro plan; below it `auto` shows disabled (the note says why).
    const syncOptions = syncTypes.map((v) => ({ value: v, label: t.sync[v](), disabled: v === 'auto' && autoLocked }));
    return [
      {
        id: 'email',
        header: t.columns.email(),
        sortable: true,
        cell: (m) => (
          <>
            <UserText text={m.email} /> {rowActionsOf(viewer, m).self ? <span className={muted}>{t.you()}</span> : null}
            <SyncHealthLine members={ref} member={m} />
          </>
        ),
      },
      {
        id: 'role',
        header: t.columns.role(),
        cell: (m) =>
          rowActionsOf(viewer, m).changeRole ? (
            <MemberSelect
              actor={ref}
              label={t.columns.role()}
              options={roleOptions}
              value={m.level}
              onChange={(v) => ref.send({ type: 'user.changeRole', userId: m.userId, level: v === 'manager' ? 'manager' : 'member' })}
              testId={`member-role-${m.email}`}
            />
          ) : (
            t.role[m.level]()
          ),
      },
      {
        id: 'number',
        header: t.columns.number(),
        cell: (m) => <span className={noWrap}>{m.number ? <bdi dir="ltr">{m.number}</bdi> : t.noNumber()}</span>,
      },
      {
        id: 'syncType',
        header: t.columns.syncType(),
        cell: (m) =>
          rowActionsOf(viewer, m).changeSync ? (
            <MemberSelect
              actor={ref}
              label={t.columns.syncType()}
              options={syncOptions}
              value={m.syncType}
              onChange={(v) => ref.send({ type: 'user.changeSync', userId: m.userId, syncType: v as SyncType })}
              testId={`member-sync-${m.email}`}
            />
          ) : (
            t.sync[m.syncType]()
          ),
      },
      { id: 'status', header: t.columns.status(), cell: (m) => t.status[m.status]() },
      { id: 'actions', header: t.columns.actions(), cell: (m) => <RowButtons actor={ref} member={m} viewer={viewer} /> },
    ];
  }, [t, ref, viewer, autoLocked]);

  return (
    <section className={page} data-testid="members-page" aria-busy={busy}>
      <div className={head}>
        <div>
          <Heading as="h1" size="2xl">
            {t.title()}
          </Heading>
          <Text muted>{t.lead({ workspace: workspaceName })}</Text>
        </div>
        <div className={actionsRow}>
          {manages ? (
            <Button onClick={() => ref.send({ type: 'user.invite' })} data-testid="members-invite">
              {t.invite()}
            </Button>
          ) : null}
          {exit === 'leave' ? (
            <LeaveButton flow={leaving} />
          ) : (
            <Button variant="outline" onClick={() => ref.send({ type: 'user.disband' })} data-testid="members-disband">
              {t.disband()}
            </Button>
          )}
        </div>
      </div>

      <PlanPanel />

      <LeaveApplicationStatus flow={leaving} />
      <LeaveReviewPanel flow={review} />

      {done ? <InlineAlert status="success" title={t.done[done]()} data-testid="members-notice" /> : null}
      {manages && autoLocked ? <InlineAlert status="info" title={t.autoSyncNote()} data-testid="members-auto-sync-note" /> : null}
      {error ? <InlineAlert status="error" title={refusalText(LL, error)} data-testid="members-error" /> : null}
      {failed && rows.length > 0 ? (
        // The page on screen stays; the table's own error row is for a list with nothing to show.
        <div className={actionsRow}>
          <InlineAlert status="error" title={t.loadFailed()} />
          <Button variant="outline" onClick={() => ref.send({ type: 'user.retry' })} data-testid="members-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}

      <DataTable
        label={t.title()}
        columns={columns}
        data={rows}
        getRowId={(m) => m.userId || m.email}
        rowTestId={(m) => `member-row-${m.email}`}
        status={failed && rows.length === 0 ? 'error' : loading ? 'loading' : 'ready'}
        onRetry={() => ref.send({ type: 'user.retry' })}
        texts={{ empty: t.empty(), loading: t.loading(), error: t.loadFailed(), retry: t.retry() }}
        sort={sort}
        onSortChange={(s) => ref.send({ type: 'user.sort', sort: s })}
        columnVisibility={{ actions: manages }}
        data-testid="members-table"
      />

      {pages > 1 || current > 1 ? (
        <div className={pager} data-testid="members-pages">
          <Text muted aria-hidden="true">
            {t.page({ page: current, pages })}
          </Text>
          <Pagination
            count={total}
            pageSize={MEMBERS_PAGE_SIZE}
            page={current}
            disabled={busy}
            onPageChange={(p) => ref.send({ type: 'user.page', page: p })}
            labels={{ root: t.page({ page: current, pages }), prev: t.previous(), next: t.next(), page: (n) => t.pageN({ page: n }) }}
          />
        </div>
      ) : null}

      <ModalDialog
        open={confirming}
        onClose={() => ref.send({ type: 'user.cancel' })}
        title={confirmText.title}
        description={confirmText.body}
        role="alertdialog"
        data-testid="members-confirm"
        footer={
          <>
            <Button variant="outline" onClick={() => ref.send({ type: 'user.cancel' })} data-testid="confirm-cancel">
              {t.confirm.cancel()}
            </Button>
            <Button onClick={() => ref.send({ type: 'user.confirm' })} data-testid="confirm-ok">
              {t.confirm.ok()}
            </Button>
          </>
        }
      />
      <UsageLimitDialog flow={ref} />
      <InviteMembersDialog flow={invite} />
    </section>
  );
}

/** A role or sync-type select in a row, disabled while the machine is busy. */
function MemberSelect({
  actor,
  label,
  options,
  value,
  onChange,
  testId,
}: {
  actor: TeamMembersActorRef;
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <SimpleSelect
      label={label}
      options={options}
      value={value}
      size="sm"
      hideLabel
      disabled={busy}
      onValueChange={(v) => {
        if (v && v !== value) onChange(v);
      }}
      data-testid={testId}
    />
  );
}

/** The buttons a row offers the viewer (remove, resend, delete an invitation, invite again). */
function RowButtons({ actor, member: m, viewer }: { actor: TeamMembersActorRef; member: WorkspaceMember; viewer: Viewer }) {
  const { LL } = useI18nContext();
  const t = LL.team;
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const can = rowActionsOf(viewer, m);
  return (
    <div className={actionsRow}>
      {can.remove ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'user.remove', userId: m.userId, email: m.email })} data-testid={`member-remove-${m.email}`}>
          {t.remove()}
        </Button>
      ) : null}
      {can.resend ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'user.resend', email: m.email })} data-testid={`member-resend-${m.email}`}>
          {t.resend()}
        </Button>
      ) : null}
      {can.deleteInvite ? (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'user.deleteInvite', email: m.email })} data-testid={`member-delete-invite-${m.email}`}>
          {t.deleteInvite()}
        </Button>
      ) : null}
      {can.reinvite ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'user.resend', email: m.email })} data-testid={`member-resend-${m.email}`}>
          {t.reinvite()}
        </Button>
      ) : null}
    </div>
  );
}

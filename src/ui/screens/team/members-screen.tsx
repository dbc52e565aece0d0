/**
 * /settings/workspace-members (inside the main layout): the workspace's members, 20 a page, with
 * the actions the caller's role allows (SPEC §2, §4, §6). Driven by the team-members machine;
 * confirmations are opened by its `confirming` state.
 * Test ids: members-page, member-row-<email>, member-role-<email>, member-sync-<email>,
 * member-remove-<email>, member-resend-<email>, member-delete-invite-<email>, members-invite,
 * members-leave, members-disband, members-error, members-retry, members-loading, members-empty, members-confirm,
 * confirm-ok, confirm-cancel, usage-limit-dialog.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { css } from '../../../../styled-system/css';
import { RoleLevel } from '../../../contract/roles';
import type { SyncType } from '../../../contract/roles';
import { WORKSPACE_PATH } from '../../../machines/constants';
import {
  canManage,
  MEMBERS_PAGE_SIZE,
  teamMembersMachine,
  type ActionAnswer,
  type LoadPageInput,
  type MembersPage,
  type RunActionInput,
  type TeamRole,
} from '../../../machines/team-members.machine';
import { useI18nContext } from '../../../i18n/i18n-react';
import { useAppShell } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { Heading, Text } from '../../components/heading';
import { SimpleSelect } from '../../components/select';
import type { ApiClient } from '../../../services/api/client';
import { InviteMembers } from './invite-members';
import { loadSeatsLogic, refusalText, UsageLimitDialog } from './usage-limit-dialog';
import { teamEndpoints } from '../../../contract/team';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '4', md: '8' }, maxWidth: '6xl' });
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' });
const actionsRow = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const tableWrap = css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2', bg: 'bg.default' });
const table = css({ width: 'full', borderCollapse: 'collapse', '& th, & td': { textAlign: 'start', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.subtle', verticalAlign: 'middle' }, '& th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'sm', whiteSpace: 'nowrap' } });
const noWrap = css({ whiteSpace: 'nowrap' });
const mutedCell = css({ color: 'fg.muted' });
const pager = css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'flex-end' });

/** The caller's role on this screen from the gate's user info (admin level 1 owner, level 3 manager). */
export const teamRoleOf = (roles: readonly { code: string; level: number }[]): TeamRole => {
  if (roles.some((r) => r.code === 'admin' && r.level === RoleLevel.admin)) return 'admin';
  if (roles.some((r) => r.code === 'admin' && r.level === RoleLevel.manager)) return 'manager';
  return 'member';
};

const answerOf = (r: Awaited<ReturnType<ApiClient['call']>>): ActionAnswer =>
  r.ok && !r.raw ? { ok: true } : { ok: false, code: r.code ?? 0, message: r.message };

export function MembersScreen() {
  const { actors } = useAppShell();
  const workspaceId = useSelector(actors.gate, (s) => s.context.workspace?.workspaceId ?? '');
  const workspaceName = useSelector(actors.gate, (s) => s.context.workspace?.workspaceName ?? '');
  const selfId = useSelector(actors.gate, (s) => s.context.userInfo?.userId ?? '');
  const role = useSelector(actors.gate, (s) => teamRoleOf(s.context.userInfo?.roles ?? []));
  // Remount when the person or their role changes, so the machine starts from the right input.
  return <MembersView key={`${workspaceId}:${selfId}:${role}`} workspaceId={workspaceId} workspaceName={workspaceName} selfId={selfId} role={role} />;
}

function MembersView({ workspaceId, workspaceName, selfId, role }: { workspaceId: string; workspaceName: string; selfId: string; role: TeamRole }) {
  const { LL } = useI18nContext();
  const { services, actors } = useAppShell();
  const { api } = services;
  const navigate = useNavigate();
  const t = LL.team;

  const ref = useActorRef(
    teamMembersMachine.provide({
      actors: {
        loadPage: fromPromise<MembersPage, LoadPageInput>(async ({ input }) => {
          const r = await api.call(teamEndpoints.workspacePage, { workspaceId: input.workspaceId, page: input.page, size: MEMBERS_PAGE_SIZE });
          if (!r.ok || r.raw) throw new Error(r.message);
          return { items: r.data.items, total: r.data.total };
        }),
        runAction: fromPromise<ActionAnswer, RunActionInput>(async ({ input }) => {
          const { action, workspaceId: ws } = input;
          switch (action.kind) {
            case 'role':
              return answerOf(await api.call(teamEndpoints.userLevelUpdate, { userLevel: action.level, userId: action.userId, workspaceId: ws }));
            case 'sync':
              return answerOf(await api.call(teamEndpoints.syncTypeUpdate, { syncType: action.syncType, userId: action.userId, workspaceId: ws }));
            case 'remove':
              return answerOf(await api.call(teamEndpoints.inviteRecordDelete, { workspaceId: ws, targetUserId: action.userId }));
            case 'deleteInvite':
              return answerOf(await api.call(teamEndpoints.inviteRecordDelete, { workspaceId: ws, email: action.email }));
            case 'resend':
              return answerOf(await api.call(teamEndpoints.inviteRecordCreate, { emails: [action.email] }));
            case 'leave':
              return answerOf(await api.call(teamEndpoints.workspaceLeave, { workspaceId: ws }));
            case 'disband':
              return answerOf(await api.call(teamEndpoints.workspaceDisband, { workspaceId: ws }));
          }
        }),
        loadSeats: loadSeatsLogic(api),
      },
      actions: {
        leftWorkspace: () => {
          // The gate decides for /workspace (not this screen's path, which it would keep as `to`).
          actors.gate.send({ type: 'gate.reload', pathname: WORKSPACE_PATH });
          void navigate(WORKSPACE_PATH, { replace: true });
        },
      },
    }),
    { input: { workspaceId, selfId, role } },
  );

  const loading = useSelector(ref, (s) => s.matches('loading'));
  const failed = useSelector(ref, (s) => s.matches('failed'));
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const confirming = useSelector(ref, (s) => s.hasTag('confirm'));
  const usageLimit = useSelector(ref, (s) => s.matches('usageLimit'));
  const { items, total, page: current, pending, error, done, seats } = useSelector(ref, (s) => s.context);
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const manages = canManage(role);

  const confirmText = (() => {
    switch (pending?.kind) {
      case 'remove':
        return { title: t.confirm.removeTitle({ email: pending.email }), body: t.confirm.removeBody() };
      case 'deleteInvite':
        return { title: t.confirm.deleteInviteTitle({ email: pending.email }), body: t.confirm.deleteInviteBody() };
      case 'leave':
        return { title: t.confirm.leaveTitle(), body: t.confirm.leaveBody() };
      case 'disband':
        return { title: t.confirm.disbandTitle(), body: t.confirm.disbandBody() };
      default:
        return { title: '', body: '' };
    }
  })();

  const roleOptions = [
    { value: 'manager', label: t.role.manager() },
    { value: 'member', label: t.role.member() },
  ];
  const syncOptions = (['off', 'manual', 'auto'] as const).map((v) => ({ value: v, label: t.sync[v]() }));

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
          {manages ? <InviteMembers triggerTestId="members-invite" onInvited={() => ref.send({ type: 'members.changed' })} /> : null}
          {role !== 'admin' ? (
            <Button variant="outline" onClick={() => ref.send({ type: 'user.leave' })} data-testid="members-leave">
              {t.leave()}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => ref.send({ type: 'user.disband' })} data-testid="members-disband">
              {t.disband()}
            </Button>
          )}
        </div>
      </div>

      {done ? <InlineAlert status="success" title={t.done[done === 'leave' || done === 'disband' ? 'remove' : done]()} data-testid="members-notice" /> : null}
      {error ? <InlineAlert status="error" title={refusalText(LL, error)} data-testid="members-error" /> : null}
      {failed ? (
        <div className={actionsRow}>
          <InlineAlert status="error" title={t.loadFailed()} />
          <Button variant="outline" onClick={() => ref.send({ type: 'user.retry' })} data-testid="members-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}

      <div className={tableWrap}>
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">{t.columns.email()}</th>
              <th scope="col">{t.columns.role()}</th>
              <th scope="col">{t.columns.number()}</th>
              <th scope="col">{t.columns.syncType()}</th>
              <th scope="col">{t.columns.status()}</th>
              {manages ? <th scope="col">{t.columns.actions()}</th> : null}
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && loading ? (
              <tr>
                <td colSpan={manages ? 6 : 5} className={mutedCell} data-testid="members-loading">
                  {t.loading()}
                </td>
              </tr>
            ) : null}
            {items.length === 0 && !loading && !failed ? (
              <tr>
                <td colSpan={manages ? 6 : 5} data-testid="members-empty">
                  {t.empty()}
                </td>
              </tr>
            ) : null}
            {items.map((m) => {
              const self = m.userId !== '' && m.userId === selfId;
              const editable = manages && m.status === 'joined' && !self && m.level !== 'admin';
              return (
                <tr key={m.userId || m.email} data-testid={`member-row-${m.email}`}>
                  <td>
                    {m.email} {self ? <span className={css({ color: 'fg.muted' })}>{t.you()}</span> : null}
                  </td>
                  <td>
                    {editable ? (
                      <SimpleSelect
                        label={t.columns.role()}
                        options={roleOptions}
                        value={m.level}
                        size="sm"
                        hideLabel
                        disabled={busy}
                        onValueChange={(v) => v && v !== m.level && ref.send({ type: 'user.changeRole', userId: m.userId, level: v === 'manager' ? 'manager' : 'member' })}
                        data-testid={`member-role-${m.email}`}
                      />
                    ) : (
                      t.role[m.level]()
                    )}
                  </td>
                  <td className={noWrap}>{m.number ? <bdi dir="ltr">{m.number}</bdi> : t.noNumber()}</td>
                  <td>
                    {manages && m.status === 'joined' && (role === 'admin' || m.level !== 'admin') ? (
                      <SimpleSelect
                        label={t.columns.syncType()}
                        options={syncOptions}
                        value={m.syncType}
                        size="sm"
                        hideLabel
                        disabled={busy}
                        onValueChange={(v) => v && v !== m.syncType && ref.send({ type: 'user.changeSync', userId: m.userId, syncType: v as SyncType })}
                        data-testid={`member-sync-${m.email}`}
                      />
                    ) : (
                      t.sync[m.syncType]()
                    )}
                  </td>
                  <td>{t.status[m.status]()}</td>
                  {manages ? (
                    <td>
                      <div className={actionsRow}>
                        {editable ? (
                          <Button size="sm" variant="outline" disabled={busy} onClick={() => ref.send({ type: 'user.remove', userId: m.userId, email: m.email })} data-testid={`member-remove-${m.email}`}>
                            {t.remove()}
                          </Button>
                        ) : null}
                        {m.status === 'invited' ? (
                          <>
                            <Button size="sm" variant="outline" disabled={busy} onClick={() => ref.send({ type: 'user.resend', email: m.email })} data-testid={`member-resend-${m.email}`}>
                              {t.resend()}
                            </Button>
                            <Button size="sm" variant="ghost" disabled={busy} onClick={() => ref.send({ type: 'user.deleteInvite', email: m.email })} data-testid={`member-delete-invite-${m.email}`}>
                              {t.deleteInvite()}
                            </Button>
                          </>
                        ) : null}
                        {m.status === 'removed' ? (
                          <Button size="sm" variant="outline" disabled={busy} onClick={() => ref.send({ type: 'user.resend', email: m.email })} data-testid={`member-resend-${m.email}`}>
                            {t.reinvite()}
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {pages > 1 || current > 1 ? (
        <nav className={pager} aria-label={t.page({ page: current, pages })}>
          <Button size="sm" variant="outline" disabled={busy || current <= 1} onClick={() => ref.send({ type: 'user.page', page: current - 1 })}>
            {t.previous()}
          </Button>
          <span>{t.page({ page: current, pages })}</span>
          <Button size="sm" variant="outline" disabled={busy || current >= pages} onClick={() => ref.send({ type: 'user.page', page: current + 1 })}>
            {t.next()}
          </Button>
        </nav>
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
      <UsageLimitDialog open={usageLimit} seats={seats} onClose={() => ref.send({ type: 'user.close' })} />
    </section>
  );
}

/**
 * /workspace/grant-access (an email invitation) and /workspace/invitation (a public link):
 * standalone pages, open without a workspace, that accept the invitation in `invite_token`
 * (SPEC §2, §7). Driven by the invitation machine: the page names the workspace and the
 * invitation's status, and joins; refusals go to their own pages (token expired, already joined,
 * member exceeded, disbanded).
 * Test ids: grant-access-page / invitation-page (root), grant-access-join / invitation-join,
 * invitation-workspace, invitation-status, invitation-error, invitation-retry, invitation-missing,
 * invitation-mismatch, invitation-create-own, invitation-sign-out.
 */
import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { css } from '../../../../styled-system/css';
import { WORKSPACE_PATH } from '../../../machines/constants';
import type { InvitationActorRef, InvitationPage } from '../../../machines/invitation.machine';
import { useI18nContext } from '../../../i18n/i18n-react';
import { useAppShell, useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { Text } from '../../components/heading';
import { pageActions, pageNote, WorkspacePageFrame } from './workspace-page-frame';

const facts = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2', columnGap: '4', m: '0' });
const factName = css({ color: 'fg.muted', textStyle: 'sm' });
const factValue = css({ fontWeight: 'medium', m: '0' });

const testIds: Record<InvitationPage, { page: string; join: string }> = {
  grantAccess: { page: 'grant-access-page', join: 'grant-access-join' },
  invitation: { page: 'invitation-page', join: 'invitation-join' },
};

/** The route's flow (src/services/flows/workspace-flows.ts) starts with it: the query's token, the person's email. */
function AcceptInvitation({ page }: { page: InvitationPage }) {
  const ref = useFlow('invitation');
  return ref ? <InvitationView page={page} flow={ref} /> : null;
}

function InvitationView({ page, flow: ref }: { page: InvitationPage; flow: InvitationActorRef }) {
  const { LL } = useI18nContext();
  const { actors } = useAppShell();
  const navigate = useNavigate();
  const userEmail = useSelector(ref, (s) => s.context.userEmail);
  const missingToken = useSelector(ref, (s) => s.hasTag('missingToken'));
  const emailMismatch = useSelector(ref, (s) => s.hasTag('emailMismatch'));
  const loadFailed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const ready = useSelector(ref, (s) => s.hasTag('ready'));
  const info = useSelector(ref, (s) => s.context.info);
  const error = useSelector(ref, (s) => s.context.error);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const t = LL.onboarding.invitation;
  const ids = testIds[page];

  const signOut = (
    <Button variant="ghost" data-testid="invitation-sign-out" onClick={() => actors.session.send({ type: 'user.signOut' })}>
      {LL.layout.userMenu.signOut()}
    </Button>
  );
  const createOwn = (
    <Button variant="outline" data-testid="invitation-create-own" onClick={() => void navigate(WORKSPACE_PATH)}>
      {t.createOwn()}
    </Button>
  );
  const title = page === 'grantAccess' ? t.titleGrantAccess() : t.titleInvitation();

  if (missingToken) {
    return (
      <WorkspacePageFrame testId={ids.page} title={t.missingTitle()} message={t.missingBody()}>
        <div className={pageActions} data-testid="invitation-missing">
          {signOut}
          {createOwn}
        </div>
      </WorkspacePageFrame>
    );
  }

  if (emailMismatch && info) {
    return (
      <WorkspacePageFrame
        testId={ids.page}
        title={t.mismatchTitle()}
        message={t.mismatchBody({ workspace: info.workspaceName, email: info.email ?? '' })}
      >
        {userEmail ? <Text className={pageNote}>{t.signedInAs({ email: userEmail })}</Text> : null}
        <div className={pageActions} data-testid="invitation-mismatch">
          {createOwn}
          <Button data-testid="invitation-sign-out" onClick={() => actors.session.send({ type: 'user.signOut' })}>
            {LL.layout.userMenu.signOut()}
          </Button>
        </div>
      </WorkspacePageFrame>
    );
  }

  if (loadFailed) {
    return (
      <WorkspacePageFrame testId={ids.page} title={title}>
        <InlineAlert
          status="error"
          data-testid="invitation-error"
          title={error?.kind === 'server' ? t.loadFailed({ message: error.message }) : t.loadNetworkFailed()}
        />
        <div className={pageActions}>
          {signOut}
          <Button data-testid="invitation-retry" onClick={() => ref.send({ type: 'user.retry' })}>
            {t.retry()}
          </Button>
        </div>
      </WorkspacePageFrame>
    );
  }

  if (!ready || !info) {
    // Loading the invitation, or leaving for an outcome page.
    return (
      <WorkspacePageFrame testId={ids.page} title={title} busy>
        <Text className={pageNote} role="status">
          {t.checking()}
        </Text>
      </WorkspacePageFrame>
    );
  }

  return (
    <WorkspacePageFrame testId={ids.page} title={title} message={t.invitedTo({ workspace: info.workspaceName })} busy={busy}>
      <dl className={facts}>
        <dt className={factName}>{LL.onboarding.create.name()}</dt>
        <dd className={factValue} data-testid="invitation-workspace">
          {info.workspaceName}
        </dd>
        <dt className={factName}>{t.status()}</dt>
        <dd className={factValue} data-testid="invitation-status" data-status={info.status}>
          {t.statusValid()}
        </dd>
      </dl>
      <Text className={pageNote}>{info.kind === 'email' && info.email ? t.byEmail({ email: info.email }) : t.byLink()}</Text>
      {userEmail ? <Text className={pageNote}>{t.signedInAs({ email: userEmail })}</Text> : null}
      {error ? (
        <InlineAlert
          status="error"
          data-testid="invitation-error"
          title={error.kind === 'server' ? t.joinFailed({ message: error.message }) : t.joinNetworkFailed()}
        />
      ) : null}
      <div className={pageActions}>
        {signOut}
        <Button loading={busy} data-testid={ids.join} onClick={() => ref.send({ type: 'user.join' })}>
          {t.join()}
        </Button>
      </div>
    </WorkspacePageFrame>
  );
}

/** /workspace/grant-access?invite_token=T: accept an email invitation. */
export function GrantAccessScreen() {
  return <AcceptInvitation page="grantAccess" />;
}

/** /workspace/invitation?invite_token=T: join by a public invitation link. */
export function InvitationScreen() {
  return <AcceptInvitation page="invitation" />;
}

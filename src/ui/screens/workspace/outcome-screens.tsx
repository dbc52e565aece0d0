/**
 * The outcome pages of an invitation (SPEC §2 standalone routes, §6 and §8 messages), open
 * without a workspace:
 * - /workspace/tokenExpired: the token expired or was reset; ask the admin for a new link, sign
 *   out, or create a workspace of one's own;
 * - /workspace/memberExceed: the plan's seats are used up;
 * - /workspace/disband: the team workspace was disbanded; create a new one;
 * - /workspace/error/already-joined/:inviteToken?: the person is in a workspace already; go to it
 *   (leaving it needs the admin).
 * Test ids: token-expired-page, member-exceed-page, disband-page, already-joined-page (roots, each
 * with `<root>-message`), outcome-create-workspace, outcome-sign-out, outcome-go-home.
 */
import { useNavigate } from 'react-router-dom';
import { HOME_PATH, WORKSPACE_PATH } from '../../../machines/constants';
import { useI18nContext } from '../../../i18n/i18n-react';
import { useAppActors } from '../../app-actors';
import { Button } from '../../components/button';
import { Text } from '../../components/heading';
import { pageActions, pageNote, WorkspacePageFrame } from './workspace-page-frame';

function SignOutButton() {
  const { LL } = useI18nContext();
  const { session } = useAppActors();
  return (
    <Button variant="ghost" data-testid="outcome-sign-out" onClick={() => session.send({ type: 'user.signOut' })}>
      {LL.layout.userMenu.signOut()}
    </Button>
  );
}

function CreateWorkspaceButton({ label }: { label: string }) {
  const navigate = useNavigate();
  return (
    <Button data-testid="outcome-create-workspace" onClick={() => void navigate(WORKSPACE_PATH)}>
      {label}
    </Button>
  );
}

/** An outcome that leaves the person without a workspace: the hint, sign out, or create their own. */
function NoWorkspaceOutcome({ testId, texts, createLabel }: { testId: string; texts: { title(): string; message(): string; hint(): string }; createLabel: string }) {
  return (
    <WorkspacePageFrame testId={testId} title={texts.title()} message={texts.message()}>
      <Text className={pageNote}>{texts.hint()}</Text>
      <div className={pageActions}>
        <SignOutButton />
        <CreateWorkspaceButton label={createLabel} />
      </div>
    </WorkspacePageFrame>
  );
}

export function TokenExpiredScreen() {
  const { LL } = useI18nContext();
  return <NoWorkspaceOutcome testId="token-expired-page" texts={LL.onboarding.tokenExpired} createLabel={LL.onboarding.invitation.createOwn()} />;
}

export function MemberExceedScreen() {
  const { LL } = useI18nContext();
  return <NoWorkspaceOutcome testId="member-exceed-page" texts={LL.onboarding.memberExceed} createLabel={LL.onboarding.invitation.createOwn()} />;
}

export function DisbandScreen() {
  const { LL } = useI18nContext();
  return <NoWorkspaceOutcome testId="disband-page" texts={LL.onboarding.disband} createLabel={LL.onboarding.disband.create()} />;
}

export function AlreadyJoinedScreen() {
  const { LL } = useI18nContext();
  const navigate = useNavigate();
  const t = LL.onboarding.alreadyJoined;
  return (
    <WorkspacePageFrame testId="already-joined-page" title={t.title()} message={t.message()}>
      <Text className={pageNote}>{t.hint()}</Text>
      <div className={pageActions}>
        <SignOutButton />
        <Button data-testid="outcome-go-home" onClick={() => void navigate(HOME_PATH)}>
          {t.goToMine()}
        </Button>
      </div>
    </WorkspacePageFrame>
  );
}

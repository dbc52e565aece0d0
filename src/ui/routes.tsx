/**
 * The route table (docs/frontend-interfaces.md "Routes"), under the `/crm` basename.
 *
 * Every screen is a lazily loaded module, so the login page loads only its own code next to the
 * shell (router, actors, gate adapter); the main layout and the home page load when first needed.
 * The root element (GateOutlet) reports each location to the login gate, which decides public
 * paths (login, sign-up, reset, confirmed, intro, 404) itself.
 */
import { Navigate, useLocation, useRouteError, type RouteObject } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { CHUNK_LOAD_TIMEOUT_MS, HOME_PATH, NOT_FOUND_PATH } from '../machines/constants';
import { useI18nContext } from '../i18n/i18n-react';
import { Button } from './components/button';
import { Heading, Text } from './components/heading';
import { ProgressBar } from './components/progress-bar';
import { GateOutlet } from './layout/gate-outlet';
import {
  ALREADY_JOINED_PATH,
  DISBAND_PATH,
  GRANT_ACCESS_PATH,
  INVITATION_PATH,
  MEMBER_EXCEED_PATH,
  TOKEN_EXPIRED_PATH,
} from '../machines/login-gate.machine';

/** A route module that has not arrived after this long counts as failed (SPEC §8, §9: 120 s). */
export const withLoadTimeout = <T,>(load: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading a part of the page took longer than ${ms / 1000} s`)), ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** `lazy` for a route whose module exports the screen component `name`. */
const screen =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => {
    const module = await withLoadTimeout(load());
    return { Component: module[name] as React.ComponentType };
  };

/** /home (and /) go to the home page, keeping the query (invite_token, SPEC §2 gate step 1). */
function ToHome() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: HOME_PATH, search }} replace />;
}

const errorPage = css({ minHeight: '60dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '4', p: '6', textAlign: 'center' });

/** Shown when a route module fails to load (network, time-out) or a screen throws. */
export function RouteError() {
  const { LL } = useI18nContext();
  const error = useRouteError();
  return (
    <main className={errorPage} role="alert" data-testid="route-error" data-error={error instanceof Error ? error.message : undefined}>
      <Heading as="h1" size="xl">
        {LL.pages.error.title()}
      </Heading>
      <Text color="fg.muted">{LL.pages.error.body()}</Text>
      <Button variant="outline" onClick={() => window.location.reload()}>
        {LL.pages.error.reload()}
      </Button>
    </main>
  );
}

/** While the first route module loads. */
function FirstLoad() {
  const { LL } = useI18nContext();
  return <ProgressBar active label={LL.layout.progress()} />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <GateOutlet />,
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <ToHome /> },
      // Public (the gate lets them through)
      { path: 'login', lazy: screen(() => import('./screens/auth/login-screen'), 'LoginScreen') },
      { path: 'signup', lazy: screen(() => import('./screens/auth/signup-screen'), 'SignupScreen') },
      { path: 'reset-password', lazy: screen(() => import('./screens/auth/reset-password-screen'), 'ResetPasswordScreen') },
      { path: 'confirmed', lazy: screen(() => import('./screens/auth/confirmed-screen'), 'ConfirmedScreen') },
      { path: 'intro', lazy: screen(() => import('./screens/pages/intro-screen'), 'IntroScreen') },
      { path: NOT_FOUND_PATH.slice(1), lazy: screen(() => import('./screens/pages/not-found-screen'), 'NotFoundScreen') },
      // Standalone, behind the gate
      { path: 'workspace', lazy: screen(() => import('./screens/workspace/workspace-screen'), 'WorkspaceScreen') },
      // Standalone, behind the gate, open without a workspace: accepting an invitation and its outcomes
      { path: GRANT_ACCESS_PATH.slice(1), lazy: screen(() => import('./screens/workspace/invitation-screen'), 'GrantAccessScreen') },
      { path: INVITATION_PATH.slice(1), lazy: screen(() => import('./screens/workspace/invitation-screen'), 'InvitationScreen') },
      { path: DISBAND_PATH.slice(1), lazy: screen(() => import('./screens/workspace/outcome-screens'), 'DisbandScreen') },
      { path: MEMBER_EXCEED_PATH.slice(1), lazy: screen(() => import('./screens/workspace/outcome-screens'), 'MemberExceedScreen') },
      { path: TOKEN_EXPIRED_PATH.slice(1), lazy: screen(() => import('./screens/workspace/outcome-screens'), 'TokenExpiredScreen') },
      {
        path: `${ALREADY_JOINED_PATH.slice(1)}/:inviteToken?`,
        lazy: screen(() => import('./screens/workspace/outcome-screens'), 'AlreadyJoinedScreen'),
      },
      // Inside the main layout, behind the gate
      {
        lazy: screen(() => import('./layout/main-layout'), 'MainLayout'),
        children: [
          { path: HOME_PATH.slice(1), lazy: screen(() => import('./screens/home/home-screen'), 'HomeScreen') },
          { path: 'change-password', lazy: screen(() => import('./screens/auth/change-password-screen'), 'ChangePasswordScreen') },
          { path: 'settings/workspace-members', lazy: screen(() => import('./screens/team/members-screen'), 'MembersScreen') },
        ],
      },
    ],
  },
  // Unknown paths go to /404 before the gate sees them (it is public, so no sign-in is asked first).
  { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
];

/**
 * The route table (docs/frontend-interfaces.md "Routes"), under the `/crm` basename.
 *
 * Every screen is a lazily loaded module, so the login page loads only its own code next to the
 * shell (router, actors, gate adapter); the main layout and the home page load when first needed.
 * The root element (GateOutlet) reports each location to the login gate, which decides public
 * paths (login, sign-up, reset, confirmed, intro, 404) itself, and wraps the screens in a
 * RouteBoundary (progress bar while a module loads, error page when it fails); the main layout
 * wraps its own outlet the same way, so it stays on screen while an inner screen loads.
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { loadAreas, type LazyArea } from '../i18n/areas';
import { CHUNK_LOAD_TIMEOUT_MS, HOME_PATH, NOT_FOUND_PATH } from '../machines/constants';
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

/**
 * A screen component loaded on first render (React.lazy): its module is fetched with the load
 * time-out, and the surrounding RouteBoundary shows the bar meanwhile and the error page on failure.
 */
const screen = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, areas: readonly LazyArea[] = []) => {
  const Screen = lazy(async () => {
    // The screen's texts (src/i18n/areas.ts) arrive with its code, before it renders.
    const [module] = await withLoadTimeout(Promise.all([load(), loadAreas(areas)]));
    return { default: module[name] as ComponentType };
  });
  return <Screen />;
};

/** /home (and /) go to the home page, keeping the query (invite_token, SPEC §2 gate step 1). */
function ToHome() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: HOME_PATH, search }} replace />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <GateOutlet />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <ToHome /> },
      // Public (the gate lets them through)
      { path: 'login', element: screen(() => import('./screens/auth/login-screen'), 'LoginScreen') },
      { path: 'signup', element: screen(() => import('./screens/auth/signup-screen'), 'SignupScreen') },
      { path: 'reset-password', element: screen(() => import('./screens/auth/reset-password-screen'), 'ResetPasswordScreen') },
      { path: 'confirmed', element: screen(() => import('./screens/auth/confirmed-screen'), 'ConfirmedScreen') },
      { path: 'intro', element: screen(() => import('./screens/pages/intro-screen'), 'IntroScreen', ['intro']) },
      { path: NOT_FOUND_PATH.slice(1), element: screen(() => import('./screens/pages/not-found-screen'), 'NotFoundScreen') },
      // Standalone, behind the gate
      { path: 'workspace', element: screen(() => import('./screens/workspace/workspace-screen'), 'WorkspaceScreen', ['onboarding']) },
      // Standalone, behind the gate, open without a workspace: accepting an invitation and its outcomes
      { path: GRANT_ACCESS_PATH.slice(1), element: screen(() => import('./screens/workspace/invitation-screen'), 'GrantAccessScreen', ['onboarding']) },
      { path: INVITATION_PATH.slice(1), element: screen(() => import('./screens/workspace/invitation-screen'), 'InvitationScreen', ['onboarding']) },
      { path: DISBAND_PATH.slice(1), element: screen(() => import('./screens/workspace/outcome-screens'), 'DisbandScreen', ['onboarding']) },
      { path: MEMBER_EXCEED_PATH.slice(1), element: screen(() => import('./screens/workspace/outcome-screens'), 'MemberExceedScreen', ['onboarding']) },
      { path: TOKEN_EXPIRED_PATH.slice(1), element: screen(() => import('./screens/workspace/outcome-screens'), 'TokenExpiredScreen', ['onboarding']) },
      {
        path: `${ALREADY_JOINED_PATH.slice(1)}/:inviteToken?`,
        element: screen(() => import('./screens/workspace/outcome-screens'), 'AlreadyJoinedScreen', ['onboarding']),
      },
      // Inside the main layout, behind the gate
      {
        element: screen(() => import('./layout/main-layout'), 'MainLayout', ['team']),
        children: [
          { path: HOME_PATH.slice(1), element: screen(() => import('./screens/home/home-screen'), 'HomeScreen', ['home']) },
          { path: 'change-password', element: screen(() => import('./screens/auth/change-password-screen'), 'ChangePasswordScreen') },
          { path: 'settings/workspace-members', element: screen(() => import('./screens/team/members-screen'), 'MembersScreen', ['team']) },
        ],
      },
    ],
  },
  // Unknown paths go to /404 before the gate sees them (it is public, so no sign-in is asked first).
  { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
];

/** The route table rendered inside the router (<BrowserRouter> in the app, <MemoryRouter> in view tests). */
export function AppRoutes() {
  return useRoutes(routes);
}

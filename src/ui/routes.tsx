/**
 * The router, built from the route table (src/ui/route-table.ts), under the `/crm` basename.
 *
 * Every screen is a lazily loaded module, so the login page loads only its own code next to the
 * shell (router, actors, gate adapter); the main layout and the home page load when first needed.
 * The root element (GateOutlet) reports each location to the login gate, which decides from the
 * table's rules, and wraps the screens in a RouteBoundary (progress bar while a module loads, error
 * page when it fails); the main layout wraps its own outlet the same way, so it stays on screen
 * while an inner screen loads.
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { loadAreas, type LazyArea } from '../i18n/areas';
import { CHUNK_LOAD_TIMEOUT_MS, HOME_PATH, NOT_FOUND_PATH } from '../machines/constants';
import { GateOutlet } from './layout/gate-outlet';
import type { RouteEntry } from './route-entry';
import { routeTable } from './route-table';

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
const screen = (load: () => Promise<Record<string, unknown>>, name: string, areas: readonly LazyArea[] = [], flows: RouteEntry['flows'] = null) => {
  const Screen = lazy(async () => {
    // The screen's texts (src/i18n/areas.ts) arrive with its code, before it renders, and so does
    // its flows' module (the app system starts them as it arrives), so the screen opens on its flows.
    const [module] = await withLoadTimeout(Promise.all([load(), loadAreas(areas), flows?.()]));
    return { default: module[name] as ComponentType };
  });
  return <Screen />;
};

/** /home (and /) go to the home page, keeping the query (invite_token, SPEC §2 gate step 1). */
function ToHome() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: HOME_PATH, search }} replace />;
}

const childRoute = (entry: RouteEntry): RouteObject => ({ path: entry.path.slice(1), element: screen(entry.load, entry.screen, entry.areas, entry.flows) });

/** The react-router routes of a route table. */
export const routesOf = (table: readonly RouteEntry[]): RouteObject[] => [
  {
    id: 'root',
    element: <GateOutlet />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <ToHome /> },
      ...table.filter((r) => r.layout === 'standalone').map(childRoute),
      {
        element: screen(() => import('./layout/main-layout'), 'MainLayout', ['team']),
        children: table.filter((r) => r.layout === 'main').map(childRoute),
      },
    ],
  },
  // Unknown paths go to /404 before the gate sees them (it is public, so no sign-in is asked first).
  { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
];

export const routes: RouteObject[] = routesOf(routeTable);

/** The routes rendered inside the router (<BrowserRouter> in the app, <MemoryRouter> in view tests). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app's navigator: the seam through which the root actors move the router (`navigate`), hear
 * where it went (`subscribe`: the app system's router actor reports each location to the login
 * gate, so no view relays it) and tests read where it is (`location`). The router itself is
 * react-router's declarative <BrowserRouter> (or <MemoryRouter> in view tests); <NavigatorBridge>
 * inside it hands the navigator react-router's `navigate` and every location. A navigation asked
 * for before the bridge is mounted waits for it (only the last one counts, as a redirect replaces
 * the one before).
 *
 * Why not react-router's data router (createBrowserRouter): it ships ~18 KB gzipped more to the
 * login page (its loader/action/fetcher engine), and navigation decisions here belong to the
 * login gate machine anyway, not to route loaders.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';

export type NavigateOptions = { replace: boolean };
export type AppLocation = { pathname: string; search: string; key: string };

export type AppNavigator = {
  navigate(to: string, options?: NavigateOptions): void;
  /** The router's current location (pathname under the basename), or null before the first render. */
  location(): AppLocation | null;
  /**
   * Calls `listener` with every new location (once per history entry), and at once with the
   * current one when there is one. Returns the unsubscribe.
   */
  subscribe(listener: (location: AppLocation) => void): () => void;
  /** Used by <NavigatorBridge> only. */
  attach(navigate: NavigateFunction): () => void;
  /** Used by <NavigatorBridge> only. */
  report(location: AppLocation): void;
};

export function createNavigator(): AppNavigator {
  let routerNavigate: NavigateFunction | null = null;
  let pending: { to: string; options: NavigateOptions } | null = null;
  let current: AppLocation | null = null;
  const listeners = new Set<(location: AppLocation) => void>();
  return {
    navigate(to, options = { replace: false }) {
      if (routerNavigate) void routerNavigate(to, options);
      else pending = { to, options };
    },
    location: () => current,
    subscribe(listener) {
      listeners.add(listener);
      if (current) listener(current);
      return () => {
        listeners.delete(listener);
      };
    },
    attach(navigate) {
      routerNavigate = navigate;
      if (pending) {
        const { to, options } = pending;
        pending = null;
        void navigate(to, options);
      }
      return () => {
        if (routerNavigate === navigate) routerNavigate = null;
      };
    },
    report(location) {
      // One report per history entry (StrictMode runs effects twice in development).
      const same = current !== null && current.key === location.key && current.pathname === location.pathname && current.search === location.search;
      current = location;
      if (!same) for (const listener of [...listeners]) listener(location);
    },
  };
}

/** Rendered once inside the router: connects it to the navigator. Renders nothing. */
export function NavigatorBridge({ navigator }: { navigator: AppNavigator }) {
  const navigate = useNavigate();
  const { pathname, search, key } = useLocation();
  // Before children's effects, so the location is known (and the gate told) before screens run theirs.
  useLayoutEffect(() => navigator.report({ pathname, search, key }), [navigator, pathname, search, key]);
  // react-router accepts navigate() only after its own effects ran (a passive effect, not layout).
  useEffect(() => navigator.attach(navigate), [navigator, navigate]);
  return null;
}

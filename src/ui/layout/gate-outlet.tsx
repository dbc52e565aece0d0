/**
 * The root route's element: renders the routed screen only while the login gate says it may (tag
 * `ready`). The gate hears every location from the app system's router actor (the navigator's
 * locations, src/ui/navigator.tsx), not from here. The thin progress bar shows while the gate is
 * `busy` (SPEC §2: no spinner). The bar also shows while a screen module loads (counted by the
 * RouteBoundary fallbacks below it, this one and the main layout's).
 * Test ids: nav-progress (the progress bar), gate-outlet.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAppActors } from '../app-actors';
import { ProgressBar } from '../components/progress-bar';
import { RouteBoundary, RouteLoadingContext } from './route-boundary';

export function GateOutlet() {
  const { LL } = useI18nContext();
  const { gate } = useAppActors();
  const location = useLocation();
  const ready = useSelector(gate, (s) => s.hasTag('ready'));
  const busy = useSelector(gate, (s) => s.hasTag('busy'));
  // A screen module still loading also counts as navigation under way.
  const [loadingScreens, setLoadingScreens] = useState(0);
  const signalLoading = useCallback((delta: 1 | -1) => setLoadingScreens((n) => n + delta), []);

  return (
    <RouteLoadingContext.Provider value={signalLoading}>
      <ProgressBar active={busy || loadingScreens > 0} label={LL.layout.progress()} />
      {ready ? (
        <RouteBoundary resetKey={location.pathname}>
          <Outlet />
        </RouteBoundary>
      ) : null}
    </RouteLoadingContext.Provider>
  );
}

/**
 * The root route's element: reports every location to the login gate (`router.navigate`) and
 * renders the routed screen only while the gate says it may (tag `ready`). The thin progress bar
 * shows while the gate is `busy` (SPEC §2: no spinner). All decisions are the gate machine's; this
 * adapter only forwards the location. The bar also shows while a route module loads.
 * Test ids: nav-progress (the progress bar), gate-outlet.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAppActors } from '../app-actors';
import { ProgressBar } from '../components/progress-bar';

export function GateOutlet() {
  const { LL } = useI18nContext();
  const { gate } = useAppActors();
  const location = useLocation();
  const ready = useSelector(gate, (s) => s.hasTag('ready'));
  const busy = useSelector(gate, (s) => s.hasTag('busy'));
  // A route module still loading also counts as navigation under way.
  const loadingRoute = useNavigation().state !== 'idle';
  const reported = useRef<string | null>(null);

  useEffect(() => {
    // One report per history entry (StrictMode runs effects twice in development).
    if (reported.current === location.key) return;
    reported.current = location.key;
    gate.send({ type: 'router.navigate', pathname: location.pathname, search: location.search });
  }, [gate, location.key, location.pathname, location.search]);

  return (
    <>
      <ProgressBar active={busy || loadingRoute} label={LL.layout.progress()} />
      {ready ? <Outlet /> : null}
    </>
  );
}

/**
 * Around every routed screen: a Suspense boundary for lazily loaded screen modules, whose fallback
 * turns on the thin progress bar (SPEC §2: no spinner), and an error boundary that shows the
 * route-error page when a module fails to load (network, time-out) or a screen throws.
 * Test ids: route-loading (present while a screen module loads), route-error.
 */
import { Component, createContext, Suspense, useContext, useLayoutEffect, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button } from '../components/button';
import { Heading, Text } from '../components/heading';

/** Counts screens waiting for their module; GateOutlet provides it to drive the progress bar. */
export const RouteLoadingContext = createContext<(delta: 1 | -1) => void>(() => undefined);

function RouteLoading() {
  const signal = useContext(RouteLoadingContext);
  useLayoutEffect(() => {
    signal(1);
    return () => signal(-1);
  }, [signal]);
  return <span hidden data-testid="route-loading" />;
}

const errorPage = css({ minHeight: '60dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '4', p: '6', textAlign: 'center' });

/** Shown when a route module fails to load or a screen throws. */
export function RouteError({ error }: { error: unknown }) {
  const { LL } = useI18nContext();
  return (
    <main className={errorPage} role="alert" data-testid="route-error" data-error={error instanceof Error ? error.message : undefined}>
      <Heading as="h1" size="xl">
        {LL.pages.error.title()}
      </Heading>
      <Text muted>{LL.pages.error.body()}</Text>
      <Button variant="outline" onClick={() => window.location.reload()}>
        {LL.pages.error.reload()}
      </Button>
    </main>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string };
type BoundaryState = { error: unknown; resetKey: string; failed: boolean };

/** Catches a screen's failure; moving to another path (resetKey) tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Wraps an <Outlet />: loading shows the bar, failure the error page (per path). */
export function RouteBoundary({ children, resetKey }: BoundaryProps) {
  return (
    <RouteErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<RouteLoading />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

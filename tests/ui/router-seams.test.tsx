/**
 * The router seams of src/ui: the navigator (actors move the router through it, early requests wait
 * for the router) and the route boundary (bar while a screen module loads, error page when it fails,
 * a fresh try on another path), and the route table every part reads (the router's routes, the
 * gate's rules).
 */
import { act, render, screen } from '@testing-library/react';
import { lazy, useState, type ComponentType } from 'react';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import TypesafeI18n from '../../src/i18n/i18n-react';
import { loadLocale } from '../../src/i18n/i18n-util.sync';
import { RouteBoundary, RouteLoadingContext } from '../../src/ui/layout/route-boundary';
import { createNavigator, NavigatorBridge } from '../../src/ui/navigator';
import { matchesPath } from '../../src/machines/route-facts';
import { gateRulesOf, route, routeFor, staticPrefix } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';
import { routesOf, withLoadTimeout } from '../../src/ui/routes';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

describe('navigator', () => {
  it('keeps a navigation asked for before the router is mounted and carries it out on mount', async () => {
    const navigator = createNavigator();
    navigator.navigate('/first', { replace: true });
    navigator.navigate('/login?redirect=%2Fv2%2Fhome', { replace: true });
    expect(navigator.location()).toBeNull();
    render(
      <MemoryRouter basename="/crm" initialEntries={['/crm/start']}>
        <NavigatorBridge navigator={navigator} />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText('/login?redirect=%2Fv2%2Fhome')).toBeTruthy();
    expect(navigator.location()).toMatchObject({ pathname: '/login', search: '?redirect=%2Fv2%2Fhome' });
  });

  it('moves the mounted router and reports each location under the basename', async () => {
    const navigator = createNavigator();
    render(
      <MemoryRouter basename="/crm" initialEntries={['/crm/a']}>
        <NavigatorBridge navigator={navigator} />
        <Where />
      </MemoryRouter>,
    );
    await screen.findByText('/a');
    const first = navigator.location();
    await act(async () => navigator.navigate('/b?x=1'));
    expect(screen.getByTestId('where').textContent).toBe('/b?x=1');
    expect(navigator.location()).toMatchObject({ pathname: '/b', search: '?x=1' });
    expect(navigator.location()?.key).not.toBe(first?.key);
  });

  it('stops moving a router that was unmounted (the request waits for the next one)', async () => {
    const navigator = createNavigator();
    const view = render(
      <MemoryRouter initialEntries={['/a']}>
        <NavigatorBridge navigator={navigator} />
        <Where />
      </MemoryRouter>,
    );
    await screen.findByText('/a');
    view.unmount();
    navigator.navigate('/later', { replace: false });
    render(
      <MemoryRouter initialEntries={['/b']}>
        <NavigatorBridge navigator={navigator} />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText('/later')).toBeTruthy();
  });
});

describe('route boundary', () => {
  loadLocale('en');

  /** A stand-in for GateOutlet: counts loading screens like it does. */
  function Shell() {
    const [loading, setLoading] = useState(0);
    const { pathname } = useLocation();
    return (
      <RouteLoadingContext.Provider value={(d) => setLoading((n) => n + d)}>
        <p data-testid="loading-count">{loading}</p>
        <RouteBoundary resetKey={pathname}>
          <Outlet />
        </RouteBoundary>
      </RouteLoadingContext.Provider>
    );
  }

  const renderAt = (path: string, screens: Record<string, ComponentType>) => {
    const navigator = createNavigator();
    render(
      <TypesafeI18n locale="en">
        <MemoryRouter initialEntries={[path]}>
          <NavigatorBridge navigator={navigator} />
          <Routes>
            <Route element={<Shell />}>
              {Object.entries(screens).map(([p, Screen]) => (
                <Route key={p} path={p} element={<Screen />} />
              ))}
            </Route>
          </Routes>
        </MemoryRouter>
      </TypesafeI18n>,
    );
    return navigator;
  };

  it('counts a screen whose module is loading, then shows it', async () => {
    let arrive: (m: { default: ComponentType }) => void = () => undefined;
    const Slow = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    renderAt('/slow', { '/slow': Slow });
    expect(await screen.findByTestId('route-loading')).toBeTruthy();
    expect(screen.getByTestId('loading-count').textContent).toBe('1');
    await act(async () => arrive({ default: () => <p data-testid="slow-screen">here</p> }));
    expect(await screen.findByTestId('slow-screen')).toBeTruthy();
    expect(screen.queryByTestId('route-loading')).toBeNull();
    expect(screen.getByTestId('loading-count').textContent).toBe('0');
  });

  it('shows the error page when a module fails to load, and tries again on another path', async () => {
    const Broken = lazy(() => Promise.reject(new Error('chunk failed')));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigator = renderAt('/broken', { '/broken': Broken, '/fine': () => <p data-testid="fine">fine</p> });
    const page = await screen.findByTestId('route-error');
    expect(page.getAttribute('data-error')).toBe('chunk failed');
    expect(page.textContent).toContain('Reload');
    expect(screen.getByTestId('loading-count').textContent).toBe('0');
    await act(async () => navigator.navigate('/fine'));
    expect(await screen.findByTestId('fine')).toBeTruthy();
    expect(screen.queryByTestId('route-error')).toBeNull();
    errors.mockRestore();
  });

  it('gives up on a module that does not arrive within the time-out', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const result = withLoadTimeout(never, 1000).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000);
      expect(String(await result)).toContain('longer than 1 s');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('route table', () => {
  it('gives the gate its rules: public paths, paths open without a workspace, role-restricted paths', () => {
    const rules = gateRulesOf(routeTable);
    expect(rules.publicPaths).toEqual(['/login', '/signup', '/reset-password', '/confirmed', '/intro', '/404', '/eclient/auth', '/workspace/join-transfer']);
    // SPEC §2: the named routes eclientAuth and joinTransfer skip the login gate altogether.
    expect(rules.gatelessPaths).toEqual(['/eclient/auth', '/workspace/join-transfer']);
    expect(rules.noWorkspacePaths).toEqual([
      '/workspace',
      '/workspace/grant-access',
      '/workspace/invitation',
      '/workspace/disband',
      '/workspace/memberExceed',
      '/workspace/tokenExpired',
      '/workspace/error/already-joined',
    ]);
    // SPEC §6: the webhook permission page, the template centre and its three sections, and the product event log's counts are for admins (the owner and managers) only.
    expect(rules.restricted).toEqual(
      ['/integration-center/permissions', '/template-center', '/template-center/tabs', '/template-center/quick-reply', '/template-center/auto-reply', '/settings/product-events'].map((path) => ({ path, roles: ['admin'] })),
    );
    const stub = () => Promise.resolve({ Stub: () => null });
    const withAdminOnly = [...routeTable, route({ path: '/template-center/:tab?', load: stub, screen: 'Stub', layout: 'main', access: 'workspace', roles: ['admin'] })];
    expect(gateRulesOf(withAdminOnly).restricted.at(-1)).toEqual({ path: '/template-center', roles: ['admin'] });
  });

  it('matches paths with optional parameters', () => {
    expect(staticPrefix('/workspace/error/already-joined/:inviteToken?')).toBe('/workspace/error/already-joined');
    expect(matchesPath('/workspace/error/already-joined/:inviteToken?', '/workspace/error/already-joined')).toBe(true);
    expect(matchesPath('/workspace/error/already-joined/:inviteToken?', '/workspace/error/already-joined/t1')).toBe(true);
    expect(matchesPath('/workspace/error/already-joined/:inviteToken?', '/workspace/error/already-joined/t1/x')).toBe(false);
    expect(matchesPath('/invite-link/:id', '/invite-link')).toBe(false);
    expect(routeFor('/settings/workspace-members', routeTable)?.screen).toBe('MembersScreen');
    expect(routeFor('/nowhere', routeTable)).toBeUndefined();
  });

  it('routes standalone entries beside the main layout and main entries inside it', () => {
    const [root, unknown] = routesOf(routeTable);
    const paths = root!.children!.map((r) => r.path ?? (r.index ? '(index)' : '(layout)'));
    const standalone = routeTable.filter((r) => r.layout === 'standalone').map((r) => r.path.slice(1));
    expect(paths).toEqual(['(index)', 'home', ...standalone, '(layout)']);
    const layout = root!.children!.at(-1)!;
    expect(layout.children!.map((r) => r.path)).toEqual([
      'v2/home',
      'pipeline',
      'contacts',
      'tags',
      'conversation',
      'analytics',
      'invite-link/:id',
      'integration-center',
      'integration-center/permissions',
      'integration-center/guide',
      'integration-center/hubspot/guide',
      'integration-center/saleforce/guide',
      'change-password',
      'template-center',
      'template-center/tabs',
      'template-center/quick-reply',
      'template-center/auto-reply',
      'settings/workspace-members',
      'settings/product-events',
    ]);
    expect(unknown!.path).toBe('*');
  });

  it('names, for every entry, a screen its module exports, and only known paths', async () => {
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
    for (const entry of routeTable) {
      const module = await entry.load();
      expect(typeof module[entry.screen], `${entry.path}: ${entry.screen}`).toBe('function');
    }
  }, 60_000);
});

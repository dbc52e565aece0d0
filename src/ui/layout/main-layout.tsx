/**
 * The main layout (SPEC §2): side menu, header with the member selector and the user menu, and the
 * routed screen. Built with logical CSS properties, so Arabic (dir="rtl") mirrors it. On narrow
 * screens the side menu collapses behind a menu button.
 * Test ids: main-layout, side-menu-toggle, side-menu, member-selector, user-menu-trigger; the privacy
 * switch's privacy-switch (./privacy-switch.tsx).
 */
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { useI18nContext } from '../../i18n/i18n-react';
import { CloseIcon, MenuBarsIcon } from './icons';
import { MemberSelector } from './member-selector';
import { InviteMembersDialog } from '../screens/team/invite-members';
import type { InviteMembersActorRef } from '../../machines/invite-members.machine';
import { Button } from '../components/button';
import { hasRolePermission } from '../../contract/roles';
import { useSelector } from '@xstate/react';
import { useAppActors, useAppShell, useFlow } from '../app-actors';
import { showsMemberSelector, type RouteEntry } from '../route-entry';
import { SideMenu } from './side-menu';
import { RouteBoundary } from './route-boundary';
import { UserMenu } from './user-menu';
import { AssistantToolsMenu } from './assistant-tools-menu';
import { PrivacySwitch } from './privacy-switch';
import { loadAreas } from '../../i18n/areas';

/**
 * Chat sync's parts on every screen (src/ui/screens/sync/sync-overlays.tsx): the first-run
 * guidance, the sync-button mask and Start chat's outcome, loaded with their texts after the
 * layout (nothing of them on the login page).
 */
const SyncOverlays = lazy(() =>
  Promise.all([import('../screens/sync/sync-overlays'), loadAreas(['sync'])]).then(([m]) => ({ default: m.SyncOverlays })),
);
const SyncBanner = lazy(() =>
  Promise.all([import('../screens/sync/sync-overlays'), loadAreas(['sync'])]).then(([m]) => ({ default: m.SyncBanner })),
);

const shell = css({
  minHeight: '100dvh',
  display: { base: 'block', md: 'grid' },
  gridTemplateColumns: '15rem minmax(0, 1fr)',
  bg: 'bg.canvas',
});
const sidebar = css({
  display: 'none',
  flexDirection: 'column',
  gap: '6',
  p: '4',
  bg: 'bg.default',
  borderColor: 'border.default',
  '&[data-open=true]': { display: 'flex', position: 'fixed', top: '14', insetInline: '0', bottom: '0', zIndex: 'overlay', overflowY: 'auto' },
  md: {
    display: 'flex',
    position: 'sticky',
    top: '0',
    height: '100dvh',
    borderInlineEndWidth: '1px',
    '&[data-open=true]': { position: 'sticky', top: '0', zIndex: 'auto' },
  },
});
const brand = css({ display: { base: 'none', md: 'block' }, fontWeight: 'bold', fontSize: 'lg', color: 'colorPalette.default', px: '3' });
const column = css({ display: 'flex', flexDirection: 'column', minWidth: '0', minHeight: '100dvh' });
const header = css({
  position: 'sticky',
  top: '0',
  // Above the page it scrolls over, below every floating layer (menus, selects, date pickers are
  // 'dropdown'): a card's menu opening upward on a phone is never hidden under the header.
  zIndex: 'docked',
  display: 'flex',
  alignItems: 'center',
  // On a phone the member selector, the invite button and the user menu wrap to a second row
  // instead of widening the page (no sideways scrolling at 390 px).
  flexWrap: { base: 'wrap', md: 'nowrap' },
  gap: { base: '2', md: '3' },
  px: { base: '3', md: '6' },
  py: { base: '2', md: '0' },
  minHeight: '14',
  bg: 'bg.default',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const toggle = css({
  display: { base: 'inline-flex', md: 'none' },
  alignItems: 'center',
  justifyContent: 'center',
  width: '9',
  height: '9',
  borderRadius: 'l2',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
const mobileBrand = css({ display: { base: 'block', md: 'none' }, fontWeight: 'bold', color: 'colorPalette.default', whiteSpace: 'nowrap' });
const spacer = css({ flex: '1' });
const main = css({ flex: '1', p: { base: '4', md: '8' }, minWidth: '0' });
const skip = css({
  srOnly: true,
  _focus: { srOnly: false, position: 'absolute', insetInlineStart: '2', top: '2', zIndex: 'skipLink', bg: 'bg.default', p: '2', borderRadius: 'l2' },
});

/** `table`: the route table the menu and header read (the app's; view tests pass one with later screens). */
export function MainLayout({ table }: { table?: readonly RouteEntry[] }) {
  const { routes } = useAppShell();
  const { LL } = useI18nContext();
  const { pathname } = useLocation();
  // Purely presentational disclosure of the side menu on narrow screens (no flow decides it).
  const [menuOpen, setMenuOpen] = useState(false);
  // The route table says where the selector shows (SPEC §2: not on workspace members, conversation).
  const showSelector = showsMemberSelector(pathname, table ?? routes);
  const { account } = useAppActors();
  // The member selector's "Invite members" entry: for those who may pick members (admins, managers).
  const mayInvite = useSelector(account, (s) => hasRolePermission(s.context.userInfo?.roles ?? [], 'memberSelect.query'));
  // The Invite button's dialog is the header's own long-lived flow (src/machines/header-invite.machine.ts).
  const headerInvite = useFlow('headerInvite');
  const invite = useSelector(headerInvite, (s) => s?.children.invite as InviteMembersActorRef | undefined);

  return (
    <div className={shell} data-testid="main-layout">
      <a href="#main-content" className={skip}>
        {LL.layout.skipToContent()}
      </a>
      {/* Early in the tab order, so keyboard users meet the guidance first; it shows in a corner. */}
      <Suspense fallback={null}>
        <SyncOverlays />
      </Suspense>
      <aside id="side-menu" className={sidebar} data-open={menuOpen}>
        <div className={brand}>{LL.common.productName()}</div>
        <SideMenu table={table} onNavigate={() => setMenuOpen(false)} />
      </aside>
      <div className={column}>
        <header className={header}>
          <button
            type="button"
            className={toggle}
            aria-controls="side-menu"
            aria-expanded={menuOpen}
            aria-label={menuOpen ? LL.layout.closeMenu() : LL.layout.openMenu()}
            data-testid="side-menu-toggle"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuBarsIcon />}
          </button>
          <span className={mobileBrand}>{LL.common.productName()}</span>
          <div className={spacer} />
          {showSelector ? <MemberSelector /> : null}
          {showSelector && mayInvite ? (
            // Disabled for the moment its flow's module takes to arrive after sign-in (nothing would open).
            <Button variant="outline" disabled={!headerInvite} onClick={() => headerInvite?.send({ type: 'user.invite' })} data-testid="member-selector-invite">
              {LL.team.invite()}
            </Button>
          ) : null}
          <InviteMembersDialog flow={invite} />
          <AssistantToolsMenu />
          <PrivacySwitch />
          <UserMenu />
        </header>
        <main id="main-content" className={main} tabIndex={-1}>
          {/* The sync-button mask sits in the flow above the screen, never over its controls. */}
          <Suspense fallback={null}>
            <SyncBanner />
          </Suspense>
          <RouteBoundary resetKey={pathname}>
            <Outlet />
          </RouteBoundary>
        </main>
      </div>
    </div>
  );
}

/**
 * Side menu of the main layout: the route table's menu entries the user's real role may open, in
 * their order (src/ui/route-entry.ts `menuEntriesFor`).
 * Test ids: side-menu, menu-<label> (e.g. menu-home).
 */
import { useSelector } from '@xstate/react';
import { NavLink } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { realRole } from '../../contract/roles';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAppActors, useAppShell } from '../app-actors';
import { menuEntriesFor, type RouteEntry } from '../route-entry';
import { MenuEntryIcon } from './icons';
const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1' });
const link = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  color: 'fg.muted',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '-2px' },
  '&[aria-current=page]': { bg: 'colorPalette.a3', color: 'colorPalette.text' },
});

export function SideMenu({ onNavigate, table }: { onNavigate?: () => void; table?: readonly RouteEntry[] }) {
  const { routes } = useAppShell();
  const { LL } = useI18nContext();
  const { account } = useAppActors();
  const role = useSelector(account, (s) => (s.context.userInfo ? realRole(s.context.userInfo.roles) : null));
  const entries = role ? menuEntriesFor(role, table ?? routes) : [];
  return (
    <nav aria-label={LL.layout.navigation()} data-testid="side-menu">
      <ul className={list}>
        {entries.map((entry) => (
          <li key={entry.path}>
            <NavLink to={entry.path} className={link} data-testid={`menu-${entry.label}`} onClick={onNavigate}>
              <MenuEntryIcon icon={entry.icon} />
              <span>{LL.layout.menu[entry.label]()}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

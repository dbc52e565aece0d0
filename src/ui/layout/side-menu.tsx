/**
 * Side menu of the main layout: the entries of `menu-items.ts` the user's real role may see.
 * Test ids: side-menu, menu-<id> (e.g. menu-home).
 */
import { useSelector } from '@xstate/react';
import { NavLink } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { RoleItem } from '../../contract/roles';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAppActors } from '../app-actors';
import { MenuEntryIcon } from './icons';
import { visibleMenuEntries } from './menu-items';

const noRoles: readonly RoleItem[] = [];
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

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { LL } = useI18nContext();
  const { gate } = useAppActors();
  const roles = useSelector(gate, (s) => s.context.userInfo?.roles ?? noRoles);
  const entries = visibleMenuEntries(roles);
  return (
    <nav aria-label={LL.layout.navigation()} data-testid="side-menu">
      <ul className={list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink to={entry.path} className={link} data-testid={`menu-${entry.id}`} onClick={onNavigate}>
              <MenuEntryIcon icon={entry.icon} />
              <span>{LL.layout.menu[entry.id]()}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

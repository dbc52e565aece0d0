/**
 * The side menu, as data (SPEC §2 "Main layout routes"). Each later issue adds the entry of the
 * screen it builds (contacts, pipeline, conversation, analytics, integration centre, template
 * centre, workspace members); only entries whose screens exist are listed.
 */
import type { RoleItem } from '../../contract/roles';
import { realRole } from '../../contract/roles';
import type { Translation } from '../../i18n/i18n-types';

export type MenuIcon = 'home' | 'members';

export type MenuEntry = {
  id: keyof Translation['layout']['menu'];
  /** Router path (under the /crm basename). */
  path: string;
  icon: MenuIcon;
  /** Real roles that see the entry (SPEC §6: e.g. only admins see the template centre). */
  roles: readonly ('admin' | 'member')[];
};

export const menuEntries: readonly MenuEntry[] = [
  { id: 'home', path: '/v2/home', icon: 'home', roles: ['admin', 'member'] },
  { id: 'members', path: '/settings/workspace-members', icon: 'members', roles: ['admin', 'member'] },
];

/** The entries a user with these roles sees. */
export const visibleMenuEntries = (roles: readonly RoleItem[], entries: readonly MenuEntry[] = menuEntries): MenuEntry[] => {
  const role = realRole(roles);
  return entries.filter((e) => e.roles.includes(role));
};

/** Paths on which the header hides the member selector (SPEC §2 Layout). */
export const MEMBER_SELECTOR_HIDDEN_PATHS: readonly string[] = ['/settings/workspace-members', '/conversation'];

export const memberSelectorHiddenOn = (pathname: string): boolean =>
  MEMBER_SELECTOR_HIDDEN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * Roles (SPEC §6). On the wire a user has `roles: [{code, level}]`.
 * - admin (owner): code 'admin', level 1 — full access, may disband.
 * - manager:       code 'admin', level 3 — admin powers except disbanding.
 * - member:        code 'member', level 2 — own data only.
 * "A user without the admin code has no real role": members never act for others.
 */
export const RoleLevel = { admin: 1, member: 2, manager: 3 } as const;
export type Role = keyof typeof RoleLevel;
export type RoleItem = { code: 'admin' | 'member'; level: number };

export const roleItemsFor = (role: Role): RoleItem[] =>
  role === 'member' ? [{ code: 'member', level: RoleLevel.member }] : [{ code: 'admin', level: RoleLevel[role] }];

/**
 * The real role (SPEC §6): which endpoint family a user calls (/admin or /member) and which
 * permissions they hold. The one type for it, everywhere.
 */
export type RealRole = 'admin' | 'member';

/** The real role of a user's wire roles: the admin code at level 1 or 3 => admin, else member. The one rule for it. */
export const realRole = (roles: readonly RoleItem[]): RealRole =>
  roles.some((r) => r.code === 'admin' && (r.level === RoleLevel.admin || r.level === RoleLevel.manager)) ? 'admin' : 'member';

export const isOwner = (roles: readonly RoleItem[]): boolean =>
  roles.some((r) => r.code === 'admin' && r.level === RoleLevel.admin);

/** The role in the workspace (owner, manager or member) of a user's wire roles. */
export const roleOf = (roles: readonly RoleItem[]): Role => {
  if (isOwner(roles)) return 'admin';
  return roles.some((r) => r.code === 'admin' && r.level === RoleLevel.manager) ? 'manager' : 'member';
};

/** SPEC §6: the owner and managers manage the team (invite, change, remove); members do not. */
export const managesTeam = (role: Role): boolean => role === 'admin' || role === 'manager';

/** SPEC §6 permission table. */
export const rolePermissions = {
  admin: ['memberSelect.query', 'member.delete', 'webhook.permission'],
  member: [],
} as const satisfies Record<RealRole, readonly string[]>;
export type RolePermission = (typeof rolePermissions)['admin'][number];
export const hasRolePermission = (roles: readonly RoleItem[], p: RolePermission): boolean =>
  (rolePermissions[realRole(roles)] as readonly string[]).includes(p);

export const syncTypes = ['off', 'manual', 'auto'] as const;
export type SyncType = (typeof syncTypes)[number];

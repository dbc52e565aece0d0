/**
 * SPEC §6: leads, tabs, contacts and tag batch updates switch between /admin and /member paths by
 * the caller's real role. Each such call is declared twice: `/admin...` with access `manager` (the
 * owner and managers, who act for a member through the source-user header) and `/member...` with
 * access `member` (any joined member, on their own data only: `sourceUser: 'refused'`). A member
 * calling the /admin path is refused by the declared access. A client picks the pair's endpoint
 * with `forRole`.
 */
import type { z } from 'zod/mini';
import { endpoint, type EndpointOf, type SourceUserRule } from './endpoint';

/** The /admin and /member endpoints of one call (SPEC §6). */
export type RolePair<R extends z.ZodMiniType, A extends z.ZodMiniType> = {
  admin: EndpointOf<R, A, 'manager'>;
  member: EndpointOf<R, A, 'member'>;
};

export type RolePairOptions = {
  /** Path before the role segment (`/api/web/v1` for the tag batch paths); default none. */
  base?: string;
  /** The /admin endpoint's source-user rule (default honoured: an admin acts for the selected member). */
  adminSourceUser?: SourceUserRule;
  body?: 'json' | 'multipart';
  result?: 'json' | 'file';
  bodyLimit?: number;
};

export const byRole = <R extends z.ZodMiniType, A extends z.ZodMiniType>(path: string, request: R, answer: A, options: RolePairOptions = {}): RolePair<R, A> => {
  const { base = '', adminSourceUser = 'honoured', ...rest } = options;
  return {
    admin: endpoint({ path: `${base}/admin${path}`, request, answer, access: 'manager', sourceUser: adminSourceUser, ...rest }),
    member: endpoint({ path: `${base}/member${path}`, request, answer, access: 'member', sourceUser: 'refused', ...rest }),
  };
};

/** The endpoint of a pair a caller uses: /admin for the owner and managers, /member for the rest. */
export const forRole = <P extends RolePair<z.ZodMiniType, z.ZodMiniType>>(pair: P, realRole: 'admin' | 'member'): P['admin'] | P['member'] =>
  realRole === 'admin' ? pair.admin : pair.member;

type Flat<T extends Record<string, RolePair<z.ZodMiniType, z.ZodMiniType>>> = {
  [K in keyof T & string as `admin${Capitalize<K>}`]: T[K]['admin'];
} & {
  [K in keyof T & string as `member${Capitalize<K>}`]: T[K]['member'];
};

/** Every endpoint of an area's pairs by name (adminLeadsList, memberLeadsList, ...), for all-endpoints.ts. */
export const flattenRolePairs = <T extends Record<string, RolePair<z.ZodMiniType, z.ZodMiniType>>>(calls: T): Flat<T> =>
  Object.fromEntries(
    Object.entries(calls).flatMap(([name, pair]) => {
      const suffix = name.charAt(0).toUpperCase() + name.slice(1);
      return [
        [`admin${suffix}`, pair.admin],
        [`member${suffix}`, pair.member],
      ];
    }),
  ) as Flat<T>;

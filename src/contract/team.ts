/**
 * The team area of SPEC §7 Workspace: the members page, invitations by email and by public link,
 * sync types, roles, leaving and disbanding. Loaded with the members screen and the invite dialog.
 */
import { z } from 'zod/mini';
import { emailSchema, emptyRequest } from './account';
import { boundedInt, maxChars, pageNumber } from './bounds';
import { endpoint } from './endpoint';
import { leaveApplicationSchema, leaveApplyRequest } from './leave';
import { syncTypes } from './roles';
import { idSchema, workspaceMember } from './workspace';

/** Members per page (SPEC §9). */
export const MEMBERS_PAGE_SIZE = 20;

export const userLevelSchema = z.enum(['manager', 'member']);
export const syncTypeSchema = z.enum(syncTypes);

export const workspacePageRequest = z.object({
  workspaceId: idSchema,
  page: z._default(pageNumber, 1),
  size: z._default(boundedInt(1, 100), MEMBERS_PAGE_SIZE),
});
export const workspacePageData = z.object({
  items: z.array(workspaceMember),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});

export const inviteRecordCreateRequest = z.object({ emails: z.array(emailSchema).check(z.minLength(1), z.maxLength(50)) });
export const inviteRecordCreateData = z.object({ invited: z.array(z.string()) });
/** Deletes an invitation (by email) or removes a member (by targetUserId). */
export const inviteRecordDeleteRequest = z.object({
  email: z.optional(z.string().check(z.trim(), maxChars(254))),
  workspaceId: idSchema,
  targetUserId: z.optional(z.string().check(z.trim(), maxChars(64))),
});

export const syncTypeUpdateRequest = z.object({ syncType: syncTypeSchema, userId: idSchema, workspaceId: idSchema });
export const userLevelUpdateRequest = z.object({ userLevel: userLevelSchema, userId: idSchema, workspaceId: idSchema });
export const workspaceIdRequest = z.object({ workspaceId: idSchema });

/** A public invitation link (SPEC §3 Invite). `expiresAt` in unix seconds. */
export const inviteUrlData = z.object({ inviteToken: z.string(), inviteUrl: z.string(), expiresAt: z.int() });
export const inviteUrlListData = z.object({
  items: z.array(z.extend(inviteUrlData, { kind: z.enum(['public', 'email']), email: z.nullable(z.string()) })),
});

const nothing = z.null();
export const teamEndpoints = {
  workspacePage: endpoint({ path: '/public/workspace/page', request: workspacePageRequest, answer: workspacePageData, access: 'member' }),
  inviteRecordCreate: endpoint({ path: '/admin/workspace/invite/record/create', request: inviteRecordCreateRequest, answer: inviteRecordCreateData, access: 'manager' }),
  inviteRecordDelete: endpoint({ path: '/admin/workspace/invite/record/delete', request: inviteRecordDeleteRequest, answer: nothing, access: 'manager' }),
  syncTypeUpdate: endpoint({ path: '/admin/workspace/sync-type/update', request: syncTypeUpdateRequest, answer: nothing, access: 'manager' }),
  /** SPEC §4: applies to leave (src/contract/leave.ts); answers the pending application. The caller's own (header: ignored by the handler). */
  workspaceLeave: endpoint({ path: '/member/workspace/leave', request: leaveApplyRequest, answer: leaveApplicationSchema, access: 'member' }),
  workspaceDisband: endpoint({ path: '/admin/workspace/disband', request: workspaceIdRequest, answer: nothing, access: 'owner' }),
  userLevelUpdate: endpoint({ path: '/admin/workspace/user-level/update', request: userLevelUpdateRequest, answer: nothing, access: 'manager' }),
  publicInviteUrlGenerate: endpoint({ path: '/public/workspace/public-invite-url/generate', request: emptyRequest, answer: inviteUrlData, access: 'manager' }),
  publicInviteUrlReset: endpoint({ path: '/public/workspace/public-invite-url/reset', request: emptyRequest, answer: inviteUrlData, access: 'manager' }),
  inviteUrlList: endpoint({ path: '/public/workspace/invite-url/list', request: emptyRequest, answer: inviteUrlListData, access: 'manager' }),
} as const;

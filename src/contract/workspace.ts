import { z } from 'zod/mini';
import { emailSchema } from './account';
import { syncTypes } from './roles';

export const workspaceNameSchema = z.string().check(z.trim(), z.minLength(1, 'Enter a workspace name'), z.maxLength(60));

export const memberStatus = ['invited', 'joined', 'removed'] as const;
export const memberLevel = ['admin', 'manager', 'member'] as const;

export const workspaceMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(memberStatus),
  level: z.enum(memberLevel),
  number: z.nullable(z.string()),
  syncType: z.enum(syncTypes),
});
export type WorkspaceMember = z.infer<typeof workspaceMember>;

export const workspaceInfoRequest = z.object({ inviteToken: z.optional(z.string().check(z.maxLength(200))) });
export const workspaceInfoData = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  memberCount: z.int(),
});
export type WorkspaceInfo = z.infer<typeof workspaceInfoData>;

export const workspaceListData = z.object({ members: z.array(workspaceMember) });

export const workspaceCreateRequest = z.object({
  workspaceName: workspaceNameSchema,
  inviteEmails: z._default(z.array(emailSchema).check(z.maxLength(50)), []),
});

// ---- Issue 3: the life of a team -------------------------------------------------------------

export const MEMBERS_PAGE_SIZE = 20;
/** Invitation links (email and public) are valid 7 days (SPEC §9). */
export const INVITE_VALID_DAYS = 7;

export const userLevelSchema = z.enum(['manager', 'member']);
export const syncTypeSchema = z.enum(syncTypes);
const idSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const workspacePageRequest = z.object({
  workspaceId: idSchema,
  page: z._default(z.int().check(z.minimum(1)), 1),
  size: z._default(z.int().check(z.minimum(1), z.maximum(100)), MEMBERS_PAGE_SIZE),
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
  email: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  workspaceId: idSchema,
  targetUserId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
});

export const joinRequest = z.object({ email: emailSchema, inviteToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });
export const joinByPublicUrlRequest = z.object({ inviteToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });

export const syncTypeUpdateRequest = z.object({ syncType: syncTypeSchema, userId: idSchema, workspaceId: idSchema });
export const userLevelUpdateRequest = z.object({ userLevel: userLevelSchema, userId: idSchema, workspaceId: idSchema });
export const workspaceIdRequest = z.object({ workspaceId: idSchema });

/** A public invitation link (SPEC §3 Invite). `expiresAt` in unix seconds. */
export const inviteUrlData = z.object({ inviteToken: z.string(), inviteUrl: z.string(), expiresAt: z.int() });
export const inviteUrlListData = z.object({
  items: z.array(z.extend(inviteUrlData, { kind: z.enum(['public', 'email']), email: z.nullable(z.string()) })),
});

/**
 * What an invitation token leads to, for the acceptance pages (our addition: the pages must name
 * the workspace before the person joins). `status` says what joining would answer.
 */
export const invitationInfoRequest = z.object({ inviteToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });
export const invitationInfoData = z.object({
  workspaceName: z.string(),
  kind: z.enum(['public', 'email']),
  email: z.nullable(z.string()),
  status: z.enum(['valid', 'expired', 'alreadyJoined', 'memberExceeded', 'disbanded', 'emailMismatch']),
});

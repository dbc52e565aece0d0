/**
 * The workspace area of SPEC §7: the caller's workspace and member list (read by the login gate),
 * creating a workspace, and accepting an invitation (the onboarding pages).
 */
import { z } from 'zod/mini';
import { emailSchema, emptyRequest } from './account';
import { maxChars, textId } from './text-bounds';
import { endpoint } from './endpoint';
import { syncTypes } from './roles';

export const workspaceNameSchema = z.string().check(z.trim(), z.minLength(1, 'Enter a workspace name'), maxChars(60));

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

export const workspaceInfoRequest = z.object({ inviteToken: z.optional(z.string().check(maxChars(200))) });
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


/** Invitation links (email and public) are valid 7 days (SPEC §9). */
export const INVITE_VALID_DAYS = 7;

export const idSchema = textId;
const inviteTokenSchema = z.string().check(z.trim(), z.minLength(1), maxChars(200));

export const joinRequest = z.object({ email: emailSchema, inviteToken: inviteTokenSchema });
export const joinByPublicUrlRequest = z.object({ inviteToken: inviteTokenSchema });

/**
 * What an invitation token leads to, for the acceptance pages (our addition: the pages must name
 * the workspace before the person joins). `status` says what joining would answer.
 */
export const invitationInfoRequest = z.object({ inviteToken: inviteTokenSchema });
export const invitationInfoData = z.object({
  workspaceName: z.string(),
  kind: z.enum(['public', 'email']),
  email: z.nullable(z.string()),
  status: z.enum(['valid', 'expired', 'alreadyJoined', 'memberExceeded', 'disbanded', 'emailMismatch']),
});

export const workspaceEndpoints = {
  workspaceInfo: endpoint({ path: '/public/workspace/info', request: workspaceInfoRequest, answer: workspaceInfoData, access: 'member' }),
  workspaceList: endpoint({ path: '/public/workspace/list', request: emptyRequest, answer: workspaceListData, access: 'member' }),
  workspaceCreate: endpoint({ path: '/public/workspace/create', request: workspaceCreateRequest, answer: workspaceInfoData, access: 'session' }),
  workspaceJoin: endpoint({ path: '/public/workspace/join', request: joinRequest, answer: workspaceInfoData, access: 'session' }),
  joinByPublicInviteUrl: endpoint({ path: '/public/workspace/join/by-public-invite-url', request: joinByPublicUrlRequest, answer: workspaceInfoData, access: 'session' }),
  invitationInfo: endpoint({ path: '/public/workspace/invitation/info', request: invitationInfoRequest, answer: invitationInfoData, access: 'session' }),
} as const;

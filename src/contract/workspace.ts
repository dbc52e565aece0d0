import { z } from 'zod';
import { emailSchema } from './account';
import { syncTypes } from './roles';

export const workspaceNameSchema = z.string().trim().min(1, 'Enter a workspace name').max(60);

export const memberStatus = ['invited', 'joined', 'removed'] as const;
export const memberLevel = ['admin', 'manager', 'member'] as const;

export const workspaceMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(memberStatus),
  level: z.enum(memberLevel),
  number: z.string().nullable(),
  syncType: z.enum(syncTypes),
});
export type WorkspaceMember = z.infer<typeof workspaceMember>;

export const workspaceInfoRequest = z.object({ inviteToken: z.string().max(200).optional() });
export const workspaceInfoData = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  memberCount: z.number().int(),
});
export type WorkspaceInfo = z.infer<typeof workspaceInfoData>;

export const workspaceListData = z.object({ members: z.array(workspaceMember) });

export const workspaceCreateRequest = z.object({
  workspaceName: workspaceNameSchema,
  inviteEmails: z.array(emailSchema).max(50).default([]),
});

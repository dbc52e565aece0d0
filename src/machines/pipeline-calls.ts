/**
 * What the pipeline's machines share (SPEC §2 Pipeline, §4 Lead, §7 Leads and Tabs): the inputs
 * of their calls (every call goes to the /admin or /member endpoint of the caller's real role,
 * SPEC §6), the answer of a lead call, the notices the pipeline shows and how a call's answer
 * reads. Pure: no machine here; the pipeline (pipeline.machine.ts) and its children
 * (pipeline-tabs, lead-moves, lead-dialog) import it.
 */
import type { Lead } from '../contract/leads';
import type { RealRole } from '../contract/roles';
import type { Answer } from './answer';

export type RoleInput = { realRole: RealRole };
export type MoveLeadInput = RoleInput & { id: string; editTime: number; tabId: number };
export type CloseLeadInput = RoleInput & { id: string; isClosed: boolean; closedReason?: string };
export type DeleteLeadInput = RoleInput & { id: string };
/** Adds a tab (no `tabId`) or renames one. */
export type SaveTabInput = RoleInput & { tabId?: number; name: string };
export type DeleteTabInput = RoleInput & { tabId: number };
/** Every custom tab id, once each, in the new order. */
export type ReorderTabsInput = RoleInput & { tabIds: number[] };

/** A lead call's answer; a stale edit carries the lead as it is now (`fresh`). */
export type LeadAnswer = Answer<Lead> | { ok: false; code: number; message: string; fresh?: Lead };

export type TabCounts = { openCount: number; awaitReplyCount: number };
/** What the counts call answered: per tab, and the open leads of every tab together. */
export type LeadCounts = { counts: Record<number, TabCounts>; totalLeads: number };

export type NoticeKind = 'moveFailed' | 'closeFailed' | 'deleteFailed' | 'tabFailed' | 'loadFailed';
/** A notice above the panels: what failed and the server's (or the client's) words. */
export type PipelineNotice = { kind: NoticeKind; message: string };

/** A failed call's text for a notice (the API client's English text, or a plain one). */
export const failureText = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'The request failed.');

/** The refusal's message (the branch a `refused` guard took). */
export const refusalText = (answer: { ok: boolean; message?: string }): string => answer.message ?? '';

/** The answer's lead (the success branch after a `refused` guard). */
export const answeredLead = (answer: LeadAnswer): Lead => (answer as { ok: true; data: Lead }).data;

/** The lead as the server has it now, after a STALE_EDIT refusal (none otherwise). */
export const freshLead = (answer: LeadAnswer): Lead | undefined => (!answer.ok && 'fresh' in answer ? answer.fresh : undefined);

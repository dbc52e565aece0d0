/**
 * Scheduled messages (SPEC §2 schedule message panel, §3 Schedule message, §4 Schedule, §5): a
 * member's messages to one or more of their chats, sent once or on a recurrence. Due times are
 * computed in the member's time zone (src/contract/recurrence.ts); the server's executor turns a
 * due schedule into a send that the member's companion extension claims and confirms
 * (`scheduleSendsClaim`, `scheduleSendsConfirm`: the chat page sends it when it is open, otherwise it waits and
 * the list says why).
 */
import { z } from 'zod/mini';
import { emptyRequest } from './account';
import { boundedInt, epochMs, maxChars, pageNumber, textId } from './bounds';
import { CHAT_ID_PATTERN } from './chats';
import { endpoint } from './endpoint';
import { MAX_MESSAGE_CHARS } from './templates';

export const recurrences = ['once', 'hour', 'day', 'week', 'month', 'quarter'] as const;
export type Recurrence = (typeof recurrences)[number];
export const scheduleStatuses = ['pending', 'sending', 'completed', 'failed'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/** Recipients of one schedule. */
export const MAX_RECIPIENTS = 50;
export const SCHEDULES_PAGE_SIZE = 20;
/** Schedules one member may keep. */
export const MAX_SCHEDULES = 500;
/** How far in the past a start time may lie and still be taken (the time the form took to fill in): due at once. */
export const START_SLACK_MS = 60_000;
/** SPEC §5 "schedule time must be valid": what a start time in the past is told. */
export const START_IN_PAST_MESSAGE = 'Choose a time in the future';
/** What a recurrence with no due time left (past the year 9999) is told. */
export const NEVER_DUE_MESSAGE = 'This schedule would never be sent';
/** A send the extension claimed but did not confirm within this time is offered again. */
export const CLAIM_TIMEOUT_MS = 3 * 60_000;
/** A chat page that has not asked for its sends within this time counts as closed (the list says why a send waits). */
export const CHAT_PAGE_IDLE_MS = 30_000;
/** Sends one claim hands out. */
export const MAX_CLAIMED_SENDS = 50;

export const recipientSchema = z.object({
  chatWhatsappId: z.string().check(z.regex(CHAT_ID_PATTERN, 'Not a chat id')),
  name: z.string().check(maxChars(200)),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** An IANA time zone name (checked by the server with Intl: an unknown one is refused). */
export const timeZoneSchema = z.string().check(z.minLength(1), maxChars(64));

export const scheduleInput = z.object({
  /** SPEC §5: recipient not empty. */
  recipients: z.array(recipientSchema).check(z.minLength(1, 'Choose a recipient'), z.maxLength(MAX_RECIPIENTS, `at most ${MAX_RECIPIENTS} recipients`)),
  title: z.string({ error: 'Enter a title' }).check(z.trim(), z.minLength(1, 'Enter a title'), maxChars(100)),
  message: z.string({ error: 'Enter a message.' }).check(z.trim(), z.minLength(1, 'Enter a message.'), maxChars(MAX_MESSAGE_CHARS)),
  /** The first due time (unix ms); SPEC §5: must be valid (not in the past). */
  startTime: epochMs,
  timeZone: timeZoneSchema,
  recurrence: z.enum(recurrences),
});
export const scheduleSaveRequest = z.extend(scheduleInput, { id: z.optional(textId) });

/** Why a due send has not gone yet. */
export const waitReasons = ['chatPageClosed'] as const;

export const schedule = z.object({
  id: z.string(),
  recipients: z.array(recipientSchema),
  title: z.string(),
  message: z.string(),
  startTime: z.int(),
  timeZone: z.string(),
  recurrence: z.enum(recurrences),
  status: z.enum(scheduleStatuses),
  /** The next due time, null once completed. */
  nextRunTime: z.nullable(z.int()),
  runCount: z.int(),
  lastError: z.nullable(z.string()),
  waitReason: z.nullable(z.enum(waitReasons)),
  updatedAt: z.int(),
});
export type Schedule = z.infer<typeof schedule>;

export const scheduleListRequest = z.object({ page: z._default(pageNumber, 1), pageSize: z._default(boundedInt(1, 100), SCHEDULES_PAGE_SIZE) });
export const scheduleListData = z.object({ items: z.array(schedule), total: z.int() });
export const scheduleIdRequest = z.object({ id: textId });

/** A send the extension is to make now. */
export const dueSend = z.object({ id: z.string(), scheduleId: z.string(), dueTime: z.int(), recipients: z.array(recipientSchema), message: z.string() });
export const sendsClaimData = z.object({ items: z.array(dueSend) });
export const sendsConfirmRequest = z.object({
  results: z
    .array(z.object({ id: textId, ok: z.boolean(), error: z.optional(z.string().check(maxChars(500))) }))
    .check(z.minLength(1), z.maxLength(100)),
});

const nothing = z.null();
/** The member the request acts for owns the schedules (an admin may see and manage a member's through the selector). */
export const scheduleEndpoints = {
  scheduleList: endpoint({ path: '/public/schedule/list', request: scheduleListRequest, answer: scheduleListData, access: 'member' }),
  scheduleSave: endpoint({ path: '/public/schedule/save', request: scheduleSaveRequest, answer: schedule, access: 'member', bodyLimit: 64 * 1024 }),
  scheduleDelete: endpoint({ path: '/public/schedule/delete', request: scheduleIdRequest, answer: nothing, access: 'member' }),
  /** A failed schedule back to pending, due now (SPEC §4 plus the failure a user needs to see). */
  scheduleRetry: endpoint({ path: '/public/schedule/retry', request: scheduleIdRequest, answer: schedule, access: 'member' }),
  /** The member's chat page: the sends due now, claimed for it (the caller's own only). */
  scheduleSendsClaim: endpoint({ path: '/member/schedule/sends/claim', request: emptyRequest, answer: sendsClaimData, access: 'member', sourceUser: 'refused' }),
  scheduleSendsConfirm: endpoint({ path: '/member/schedule/sends/confirm', request: sendsConfirmRequest, answer: nothing, access: 'member', sourceUser: 'refused' }),
} as const;

/**
 * The effects of the member's scheduled messages (src/machines/schedule.machine.ts; SPEC §2
 * schedule message panel, §7 through src/contract/schedules.ts): the list, save, delete and retry
 * calls, the draft checked at the time now with the contract's rules, the member's synced chats as
 * recipients (the chats contract's list, by real role), the browser's time zone (Intl), and the
 * toasts. Built only from the flow services; the source-user header of an admin acting for a member
 * is the API client's.
 */
import { fromPromise } from 'xstate';
import { CHAT_PAGE_SIZE, chatCalls } from '../../contract/chats';
import { forRole } from '../../contract/role-pair';
import type { RealRole } from '../../contract/roles';
import { scheduleEndpoints, type Recipient } from '../../contract/schedules';
import type { Outcome } from '../../machines/answer';
import { checkDraft, type DraftCheck, type ScheduleDraft, type ScheduleSaveBody } from '../../machines/schedule-draft';
import type { LoadSchedulesInput, SaveAnswer, ScheduleAction, ScheduleToast, SchedulesPage, schedulesMachine } from '../../machines/schedule.machine';
import { answerOf, dataOf, outcomeOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import type { ToastText, ToastType } from '../toast';

/** The longest recipient name the contract takes. */
const MAX_NAME = 200;

/** The browser's IANA time zone ('UTC' when the browser names none). */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** A toast's text and kind (SPEC §8 success messages). */
export const scheduleToastOf = (toast: ScheduleToast): [ToastText, ToastType] => {
  switch (toast.kind) {
    case 'saved':
      return [(LL) => LL.schedules.toast.saved(), 'success'];
    case 'deleted':
      return [(LL) => LL.schedules.toast.deleted(), 'success'];
    case 'retried':
      return [(LL) => LL.schedules.toast.retried(), 'success'];
  }
};

export const schedulesEffects: FlowEffects<typeof schedulesMachine> = (services) => ({
  actors: {
    readTimeZone: fromPromise<string, void>(async () => browserTimeZone()),
    loadSchedules: fromPromise<SchedulesPage, LoadSchedulesInput>(async ({ input, signal }) =>
      dataOf(await services.api.call(scheduleEndpoints.scheduleList, { page: input.page, pageSize: input.pageSize }, { signal }), 'Schedules'),
    ),
    runAction: fromPromise<Outcome, ScheduleAction>(async ({ input }) =>
      outcomeOf(await services.api.call(input.kind === 'delete' ? scheduleEndpoints.scheduleDelete : scheduleEndpoints.scheduleRetry, { id: input.id })),
    ),
    checkDraft: fromPromise<DraftCheck, { draft: ScheduleDraft }>(async ({ input }) => checkDraft(input.draft, Date.now())),
    saveSchedule: fromPromise<SaveAnswer, { request: ScheduleSaveBody }>(async ({ input }) => answerOf(await services.api.call(scheduleEndpoints.scheduleSave, input.request))),
    /** The newest chats (the first page of the chat list), each chat once, deleted ones left out. */
    loadChats: fromPromise<Recipient[], { realRole: RealRole }>(async ({ input, signal }) => {
      const page = dataOf(await services.api.call(forRole(chatCalls.conversationListByPage, input.realRole), { pageNo: 1, pageSize: CHAT_PAGE_SIZE }, { signal }), 'Chats');
      const seen = new Set<string>();
      const out: Recipient[] = [];
      for (const chat of page.rows) {
        if (chat.isDel || seen.has(chat.chatWhatsappId)) continue;
        seen.add(chat.chatWhatsappId);
        out.push({ chatWhatsappId: chat.chatWhatsappId, name: chat.name.slice(0, MAX_NAME) });
      }
      return out;
    }),
  },
  actions: {
    notify: (_, toast: ScheduleToast) => services.toasts.show(...scheduleToastOf(toast)),
  },
});

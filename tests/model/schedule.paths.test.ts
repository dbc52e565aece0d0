/**
 * Generated path tests of the scheduled messages machine (SPEC §2 schedule message panel, §4
 * Schedule: pending to completed, plus failed and retry, §5 Schedule): every state and transition
 * is reached on a simulated clock (the list's poll is a path event), and each step runs exactly its
 * effects: the browser's time zone read unless the input gives one, the first page and the
 * member's chats (by real role) read side by side at start, the page asked for, the page on screen
 * read again at each poll and after a change, the last page with rows when the one asked for came
 * back empty, delete and retry only after the confirmation and said with a toast, the draft
 * checked with what the person typed (a new one with the default recipient and the member's time
 * zone, an edited one on its own zone's clock), the checked request saved, said, and the list
 * reloaded.
 *
 * Expected inputs are written out (pages, drafts, requests), not computed by the machine's helpers.
 *
 * The regions run side by side; to keep the graph small, while a region is busy only busy events
 * are tried, and otherwise the graph is a star around the resting panel (see `events`).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Schedule } from '../../src/contract/schedules';
import { schedulesMachine, type SchedulesContext } from '../../src/machines/schedule.machine';
import { actionRan, actorRan, machinePathSuite, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const alice = { chatWhatsappId: '447700900111@c.us', name: 'Alice' };
const bob = { chatWhatsappId: '447700900222@c.us', name: 'Bob' };

/** A weekly schedule starting 1 June 2025 09:00 UTC, 11:00 in Berlin. */
const s1: Schedule = {
  id: 's1',
  recipients: [alice],
  title: 'Weekly',
  message: 'Hi',
  startTime: Date.UTC(2025, 5, 1, 9),
  timeZone: 'Europe/Berlin',
  recurrence: 'week',
  status: 'pending',
  nextRunTime: Date.UTC(2025, 5, 1, 9),
  runCount: 0,
  lastError: null,
  waitReason: null,
  updatedAt: 1,
};
const s21: Schedule = { ...s1, id: 's21', title: 'On page two' };
/** Its form, written out: its start on Berlin's clock, the start kept for a recurring schedule. */
const s1Draft = {
  id: 's1',
  recipients: [alice],
  title: 'Weekly',
  message: 'Hi',
  when: '2025-06-01T11:00',
  recurrence: 'week',
  timeZone: 'Europe/Berlin',
  keptStart: Date.UTC(2025, 5, 1, 9),
};

const page1 = { items: [s1], total: 25 };
const page2 = { items: [s21], total: 25 };
const none = { items: [], total: 0 };
/** Page 2 came back empty after deletions: 15 left, one page. */
const pastEnd = { items: [], total: 15 };

const request = { recipients: [alice], title: 'Hello', message: 'Hi', startTime: Date.UTC(2030, 0, 1, 8), timeZone: 'Asia/Shanghai', recurrence: 'once' };
const failure = new Error('Network error');

/** The browser's zone, as the effect reads it (the variant without one in its input). */
const BROWSER_ZONE = 'Asia/Shanghai';
const POLL_READY = 'xstate.after.listPollInterval.schedules.list.ready';
const POLL_EMPTY = 'xstate.after.listPollInterval.schedules.list.empty';

const ctx = (s: AnyMachineSnapshot) => s.context as SchedulesContext;
const at = (s: AnyMachineSnapshot, region: 'list' | 'chats', state: string) => s.matches({ [region]: state });
const editing = (s: AnyMachineSnapshot, state: string) => s.matches({ editor: { open: state } });

const busyEvents = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = ctx(s);
  const out: PathEvent[] = [];
  if (c.timeZone === null) out.push({ type: 'xstate.done.actor.readTimeZone', output: BROWSER_ZONE });
  if (at(s, 'chats', 'loading')) out.push({ type: 'xstate.done.actor.loadChats', output: [alice, bob] }, { type: 'xstate.error.actor.loadChats', error: failure });
  if (at(s, 'list', 'loading')) {
    out.push(
      { type: 'xstate.done.actor.loadSchedules', output: c.loadingPage === 2 ? page2 : page1 },
      { type: 'xstate.error.actor.loadSchedules', error: failure },
      // A change elsewhere while a page loads: it loads again.
      { type: 'list.reload' },
    );
    if (c.loadingPage === 1) out.push({ type: 'xstate.done.actor.loadSchedules', output: none });
    if (c.loadingPage > 1) out.push({ type: 'xstate.done.actor.loadSchedules', output: pastEnd });
  }
  if (at(s, 'list', 'refreshing')) {
    out.push(
      { type: 'xstate.done.actor.refreshSchedules', output: c.page === 2 ? page2 : page1 },
      { type: 'xstate.error.actor.refreshSchedules', error: failure },
      { type: 'list.reload' },
      { type: 'user.page', page: c.page === 1 ? 2 : 1 },
    );
    if (c.page === 1) out.push({ type: 'xstate.done.actor.refreshSchedules', output: none });
    else out.push({ type: 'xstate.done.actor.refreshSchedules', output: pastEnd });
  }
  if (at(s, 'list', 'acting'))
    out.push(
      { type: 'xstate.done.actor.runAction', output: { ok: true } },
      { type: 'xstate.done.actor.runAction', output: { ok: false, code: Code.VALIDATION, message: 'Only a failed schedule can be retried' } },
      { type: 'xstate.error.actor.runAction', error: failure },
    );
  if (editing(s, 'validating'))
    out.push(
      { type: 'xstate.done.actor.checkDraft', output: { ok: true, request } },
      { type: 'xstate.done.actor.checkDraft', output: { ok: false, errors: { title: { kind: 'required', message: 'Enter a title' } } } },
      { type: 'xstate.error.actor.checkDraft', error: failure },
      { type: 'user.discard' },
    );
  if (editing(s, 'saving'))
    out.push(
      { type: 'xstate.done.actor.saveSchedule', output: { ok: true, data: { ...s1, id: 's9', title: 'Hello' } } },
      { type: 'xstate.done.actor.saveSchedule', output: { ok: false, code: Code.VALIDATION, message: 'start_time: Choose a time in the future' } },
      { type: 'xstate.done.actor.saveSchedule', output: { ok: false, code: Code.FORBIDDEN, message: 'You do not have permission to do this' } },
      { type: 'xstate.error.actor.saveSchedule', error: failure },
    );
  return out;
};

/**
 * The graph is a star around the resting panel (the first page on screen, the chats read, the
 * editor closed): from there every choice is tried; away from it only the events of what differs.
 */
const events = (s: AnyMachineSnapshot): PathEvent[] => {
  const busy = busyEvents(s);
  if (busy.length > 0) return busy;
  const c = ctx(s);
  if (at(s, 'list', 'failed')) return [{ type: 'user.reload' }, { type: 'user.page', page: 2 }, { type: 'list.reload' }];
  if (at(s, 'list', 'confirming')) return [{ type: 'user.confirm' }, { type: 'user.cancel' }];
  if (editing(s, 'draft')) {
    const fresh = c.draft!.title === '' && c.draft!.when === '';
    return [
      ...(fresh ? [{ type: 'user.change', patch: { title: 'Hello' } }, { type: 'user.change', patch: { when: '2030-01-01T16:00' } }] : []),
      { type: 'user.addRecipient', recipient: bob },
      { type: 'user.removeRecipient', chatWhatsappId: alice.chatWhatsappId },
      { type: 'user.save' },
      { type: 'user.discard' },
    ];
  }
  if (at(s, 'chats', 'failed')) return [{ type: 'user.retryChats' }];
  if (at(s, 'list', 'empty')) return [{ type: POLL_EMPTY }, { type: 'list.reload' }, { type: 'user.create' }];
  if (at(s, 'list', 'ready')) {
    if (c.page !== 1) return [{ type: POLL_READY }, { type: 'user.page', page: 1 }];
    if (c.actionError !== null) return [{ type: 'user.delete', id: 's1', title: 'Weekly' }];
    return [
      { type: POLL_READY },
      { type: 'user.page', page: 2 },
      { type: 'list.reload' },
      { type: 'user.delete', id: 's1', title: 'Weekly' },
      { type: 'user.retrySchedule', id: 's1', title: 'Weekly' },
      { type: 'user.create', recipient: alice },
      { type: 'user.create' },
      { type: 'user.edit', schedule: s1 },
    ];
  }
  return [];
};

// ---------------------------------------------------------------------------------------------
// The effects each step must run

type Input = { realRole?: 'admin' | 'member'; timeZone?: string } | undefined;
type Draft = typeof s1Draft | { id: null; recipients: (typeof alice)[]; title: string; message: string; when: string; recurrence: string; timeZone: string; keptStart: null };

/** The form as the person's events left it (a new one in the member's zone; changes, recipients added and removed). */
const draftAfter = (history: readonly PathEvent[], zone: string): Draft => {
  let draft = null as Draft | null;
  for (const e of history) {
    if (e.type === 'user.create') {
      const recipient = e.recipient as typeof alice | undefined;
      draft = { id: null, recipients: recipient ? [recipient] : [], title: '', message: '', when: '', recurrence: 'once', timeZone: zone, keptStart: null };
    } else if (e.type === 'user.edit') draft = s1Draft;
    else if (draft && e.type === 'user.change') draft = { ...draft, ...(e.patch as object) };
    else if (draft && e.type === 'user.addRecipient') {
      const r = e.recipient as typeof alice;
      draft = { ...draft, recipients: draft.recipients.some((x) => x.chatWhatsappId === r.chatWhatsappId) ? draft.recipients : [...draft.recipients, r] };
    } else if (draft && e.type === 'user.removeRecipient') draft = { ...draft, recipients: draft.recipients.filter((x) => x.chatWhatsappId !== e.chatWhatsappId) };
  }
  return draft!;
};

const load = (page: number): Effect => actorRan('loadSchedules', { page, pageSize: 20 });

const effects = (step: EffectStep): Effect[] => {
  const input = step.input as Input;
  const { event, before } = step;
  if (step.index === 0 || !before) return [actorRan('readTimeZone'), load(1), actorRan('loadChats', { realRole: input?.realRole ?? 'member' })];
  const c = ctx(before);
  const zone = input?.timeZone ?? BROWSER_ZONE;
  switch (event.type) {
    case 'user.page':
      return at(before, 'list', 'ready') || at(before, 'list', 'failed') || at(before, 'list', 'refreshing') ? [load(event.page as number)] : [];
    case 'user.reload':
      return [load(c.loadingPage)];
    case 'list.reload':
      if (at(before, 'list', 'ready') || at(before, 'list', 'refreshing')) return [load(c.page)];
      return [load(c.loadingPage)];
    case POLL_READY:
    case POLL_EMPTY:
      return [load(c.page)];
    case 'xstate.done.actor.loadSchedules':
    case 'xstate.done.actor.refreshSchedules':
      // 15 schedules left: page 1 is the last with rows.
      return event.output === pastEnd ? [load(1)] : [];
    case 'user.confirm': {
      const chosen = step.history.findLast((e) => e.type === 'user.delete' || e.type === 'user.retrySchedule')!;
      return [actorRan('runAction', { kind: chosen.type === 'user.delete' ? 'delete' : 'retry', id: 's1', title: 'Weekly' })];
    }
    case 'xstate.done.actor.runAction': {
      if (!(event.output as { ok: boolean }).ok) return [];
      const chosen = step.history.findLast((e) => e.type === 'user.delete' || e.type === 'user.retrySchedule')!;
      return [actionRan('notify', { kind: chosen.type === 'user.delete' ? 'deleted' : 'retried' }), load(c.page)];
    }
    case 'user.save':
      return [actorRan('checkDraft', { draft: draftAfter(step.history, zone) })];
    case 'xstate.done.actor.checkDraft':
      return (event.output as { ok: boolean }).ok ? [actorRan('saveSchedule', { request })] : [];
    case 'xstate.done.actor.saveSchedule': {
      if (!(event.output as { ok: boolean }).ok) return [];
      // The list reloads the page on screen (or the one it was loading, from an empty list).
      return [actionRan('notify', { kind: 'saved' }), load(at(before, 'list', 'ready') ? c.page : c.loadingPage)];
    }
    case 'user.retryChats':
      return [actorRan('loadChats', { realRole: input?.realRole ?? 'member' })];
    default:
      return [];
  }
};

machinePathSuite('schedules machine paths', schedulesMachine, {
  events,
  effects,
  serializeContext: (c) => ({
    timeZone: c.timeZone,
    page: c.page,
    loadingPage: c.loadingPage,
    items: c.items.length,
    pending: c.pending?.kind ?? null,
    actionError: c.actionError ? ('code' in c.actionError ? c.actionError.code : c.actionError.kind) : null,
    draft: c.draft ? { id: c.draft.id, title: c.draft.title, when: c.draft.when, recipients: c.draft.recipients.map((r) => r.name) } : null,
    fieldErrors: Object.keys(c.fieldErrors).sort(),
    saveError: c.saveError ? ('code' in c.saveError ? c.saveError.code : c.saveError.kind) : null,
    chats: c.chats.length,
  }),
  variants: [
    { name: 'a member, the browser’s zone', input: undefined },
    { name: 'an admin, a zone in the input', input: { realRole: 'admin', timeZone: 'Europe/Berlin' } },
  ],
});

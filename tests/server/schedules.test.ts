/**
 * Scheduled messages (SPEC §3 Schedule message, §4 Schedule, §5 Schedule; src/contract/schedules.ts,
 * server/routes/schedules.ts, server/schedules/executor.ts), good and bad input: save, list (paged,
 * newest first), edit, delete (its sends go), retry; refusals (a start in the past, an unknown
 * time zone, a recurrence with no due time left, empty fields, hostile text); the executor making
 * exactly one send per occurrence with two executors racing on one database and after a restart;
 * recurrences through the server across daylight saving and short months; claim, confirm and a
 * claim that times out; the list's wait reason. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (two connections racing for real).
 */
import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatPagePolls, schedules } from '../../server/db/schema';
import { FINISHED_SEND_RETENTION_MS, purgeFinishedSends, SUPERSEDED_ERROR } from '../../server/schedules/executor';
import { Code } from '../../src/contract/codes';
import {
  CHAT_PAGE_IDLE_MS,
  CLAIM_TIMEOUT_MS,
  MAX_SCHEDULES,
  NEVER_DUE_MESSAGE,
  START_IN_PAST_MESSAGE,
  schedule as scheduleSchema,
} from '../../src/contract/schedules';
import { DAY, HOUR, MINUTE, ok, RECIPIENT, schedulesClient } from './support/schedules-client';
import { useTeamWorld } from './support/team-suite';
import type { World } from './support/team-world';
import { CLOCK_START, type TestApp } from './support/test-app';

let t: TestApp;
let w: World;
useTeamWorld((app, world) => ([t, w] = [app, world]), { rebuildEach: true });
const s = schedulesClient(
  () => t,
  () => w,
);
beforeEach(() => s.keepSessions());

const now = () => t.clock.now().getTime();
/** A local wall-clock time in a zone, as unix ms. */
const localMs = (zone: string, y: number, m: number, d: number, h: number, min = 0) => new TZDate(y, m - 1, d, h, min, 0, 0, zone).getTime();
const localText = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(ms);

describe('save and list', () => {
  it('saves a schedule pending at its start, the time zone by its canonical name, and lists it', async () => {
    const start = now() + HOUR;
    const saved = await s.save('member', { title: '  Weekly check  ', startTime: start, timeZone: 'europe/berlin', recurrence: 'week' });
    expect(saved).toMatchObject({
      title: 'Weekly check',
      recipients: [RECIPIENT],
      startTime: start,
      timeZone: 'Europe/Berlin',
      recurrence: 'week',
      status: 'pending',
      nextRunTime: start,
      runCount: 0,
      lastError: null,
      waitReason: null,
      updatedAt: now(),
    });
    const row = await s.row(saved.id);
    expect(row.ownerId).toBe(w.who.member.userId);
    expect(row.workspaceId).toBe(w.W);
    expect(await s.list('member')).toEqual({ items: [saved], total: 1 });
    // Nobody else sees it.
    expect((await s.list('target')).total).toBe(0);
    expect((await s.list('admin')).total).toBe(0);
  });

  it('lists newest first, a page at a time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await s.save('member', { title: `S${i}` })).id);
      t.clock.advance(1000);
    }
    const first = await s.list('member', 1, 2);
    expect(first.total).toBe(5);
    expect(first.items.map((x) => x.title)).toEqual(['S4', 'S3']);
    expect((await s.list('member', 3, 2)).items.map((x) => x.title)).toEqual(['S0']);
    expect((await s.list('member', 4, 2)).items).toEqual([]);
  });

  it('keeps one recipient per chat', async () => {
    const saved = await s.save('member', { recipients: [RECIPIENT, { ...RECIPIENT, name: 'Again' }, { chatWhatsappId: '120363000000000001@g.us', name: 'Group' }] });
    expect(saved.recipients).toEqual([RECIPIENT, { chatWhatsappId: '120363000000000001@g.us', name: 'Group' }]);
  });

  it('edits a schedule in place: new fields, pending at its new start, its waiting sends dropped', async () => {
    const saved = await s.save('member', { startTime: now() + MINUTE, recurrence: 'day' });
    t.clock.advance(2 * MINUTE);
    expect(await s.executor().runDue()).toBe(1);
    expect(await s.sends(saved.id)).toHaveLength(1);
    const start = now() + 3 * HOUR;
    const edited = await s.save('member', { id: saved.id, title: 'Changed', startTime: start, recurrence: 'once' });
    expect(edited).toMatchObject({ id: saved.id, title: 'Changed', startTime: start, nextRunTime: start, status: 'pending', recurrence: 'once' });
    expect(await s.sends(saved.id)).toEqual([]);
    expect((await s.list('member')).total).toBe(1);
  });

  it('lets a recurring schedule keep its start in the past when edited: next due is the first after now', async () => {
    const start = now() + MINUTE;
    const saved = await s.save('member', { startTime: start, recurrence: 'day' });
    t.clock.advance(3 * DAY + HOUR);
    const edited = await s.save('member', { id: saved.id, startTime: start, recurrence: 'day', message: 'New words' });
    expect(edited.nextRunTime).toBe(start + 4 * DAY);
    // Turned into a once-only schedule, the same start is in the past.
    const res = await s.raw('scheduleSave', 'member', s.body({ id: saved.id, startTime: start, recurrence: 'once' }));
    expect([res.code, res.message]).toEqual([Code.VALIDATION, `start_time: ${START_IN_PAST_MESSAGE}`]);
  });

  it('deletes a schedule with its sends; another member’s schedule is not found', async () => {
    const saved = await s.save('member', { startTime: now() + MINUTE });
    t.clock.advance(2 * MINUTE);
    await s.executor().runDue();
    expect(await s.sends(saved.id)).toHaveLength(1);
    expect((await s.raw('scheduleDelete', 'target', { id: saved.id })).code).toBe(Code.NOT_FOUND);
    expect((await s.raw('scheduleSave', 'target', s.body({ id: saved.id }))).code).toBe(Code.NOT_FOUND);
    ok(await s.raw('scheduleDelete', 'member', { id: saved.id }));
    expect(await s.sends()).toEqual([]);
    expect((await s.list('member')).total).toBe(0);
    expect((await s.raw('scheduleDelete', 'member', { id: saved.id })).code).toBe(Code.NOT_FOUND);
  });
});

describe('refusals', () => {
  const refused = async (input: Parameters<typeof s.body>[0], code: number, message?: string) => {
    const before = await s.snapshot();
    const res = await s.raw('scheduleSave', 'member', s.body(input));
    expect(res.code, res.message).toBe(code);
    if (message !== undefined) expect(res.message).toBe(message);
    expect(await s.snapshot()).toBe(before);
  };

  it('refuses a start more than a minute in the past, takes one within the minute (due at once)', async () => {
    await refused({ startTime: now() - 2 * MINUTE }, Code.VALIDATION, `start_time: ${START_IN_PAST_MESSAGE}`);
    const saved = await s.save('member', { startTime: now() - 30_000 });
    expect(saved.nextRunTime).toBe(now() - 30_000);
    expect(await s.executor().runDue()).toBe(1);
  });

  it('refuses a time zone Intl does not know', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', 'Europe/Berlin ', '+01:00', '<script>']) {
      await refused({ timeZone }, Code.VALIDATION, 'time_zone: Unknown time zone');
    }
  });

  it('refuses a recurrence with no due time left (past the year 9999)', async () => {
    // Saved while the year 9999 had due times left; edited after its last one.
    t.clock.set(new Date(Date.UTC(9999, 11, 29)));
    const start = Date.UTC(9999, 11, 30, 13);
    const saved = await s.save('member', { startTime: start, recurrence: 'day' });
    t.clock.set(new Date(Date.UTC(9999, 11, 31, 20)));
    await refused({ id: saved.id, startTime: start, recurrence: 'day' }, Code.VALIDATION, `recurrence: ${NEVER_DUE_MESSAGE}`);
    // A time past the wire's bounds is refused by the contract.
    await refused({ startTime: Date.UTC(10001, 0, 1) }, Code.VALIDATION);
  });

  it('refuses empty fields with the SPEC §5 messages, and bad recipients', async () => {
    await refused({ title: '   ' }, Code.VALIDATION, 'title: Enter a title');
    await refused({ message: '' }, Code.VALIDATION, 'message: Enter a message.');
    await refused({ recipients: [] }, Code.VALIDATION, 'recipients: Choose a recipient');
    await refused({ recipients: [{ chatWhatsappId: 'alice', name: 'A' }] }, Code.VALIDATION, 'recipients.0.chat_whatsapp_id: Not a chat id');
    await refused({ recurrence: 'yearly' as never }, Code.VALIDATION);
  });

  it('refuses hostile sizes and NUL, stores script tags and direction overrides inert (as typed)', async () => {
    await refused({ message: 'x'.repeat(100 * 1024) }, Code.BODY_TOO_LARGE);
    await refused({ message: 'x'.repeat(5000) }, Code.VALIDATION, 'message: at most 4096 characters');
    await refused({ title: 'a\u0000b' }, Code.VALIDATION);
    const hostile = { title: '<script>alert(1)</script>', message: '\u202Egnp.exe <img src=x onerror=alert(1)> مرحبا 你好', recipients: [{ ...RECIPIENT, name: '<b>\u202Eevil</b>' }] };
    const saved = await s.save('member', { ...hostile, startTime: now() + MINUTE });
    expect(saved).toMatchObject(hostile);
    expect((await s.list('member')).items[0]).toMatchObject(hostile);
    t.clock.advance(2 * MINUTE);
    await s.executor().runDue();
    const [send] = await s.claim('member');
    expect(send).toMatchObject({ message: hostile.message, recipients: hostile.recipients });
  });

  it('keeps a member to MAX_SCHEDULES', async () => {
    const at = t.clock.now();
    await t.db.insert(schedules).values(
      Array.from({ length: MAX_SCHEDULES }, (_, i) => ({
        id: `bulk-${i}`,
        workspaceId: w.W,
        ownerId: w.who.member.userId,
        recipients: [RECIPIENT],
        title: 't',
        message: 'm',
        startAt: at,
        timeZone: 'UTC',
        recurrence: 'once' as const,
        nextRunAt: null,
        status: 'completed' as const,
        createdAt: at,
        updatedAt: at,
      })),
    );
    await refused({}, Code.VALIDATION, `A member keeps at most ${MAX_SCHEDULES} schedules`);
    await s.save('target');
  });

  it('retries only a failed schedule', async () => {
    const saved = await s.save('member');
    const res = await s.raw('scheduleRetry', 'member', { id: saved.id });
    expect([res.code, res.message]).toEqual([Code.VALIDATION, 'Only a failed schedule can be retried']);
    expect((await s.raw('scheduleRetry', 'member', { id: 'nope' })).code).toBe(Code.NOT_FOUND);
  });
});

describe('the executor', () => {
  it('makes exactly one send per due schedule with two executors racing on one database', async () => {
    const start = now() + MINUTE;
    const ids: string[] = [];
    for (const who of ['member', 'target', 'admin'] as const) {
      for (let i = 0; i < 12; i++) ids.push((await s.save(who, { startTime: start + i, title: `${who} ${i}`, recurrence: i % 2 ? 'day' : 'once' })).id);
    }
    // Not due yet: nothing.
    expect(await s.executor().runDue()).toBe(0);
    t.clock.advance(2 * MINUTE);
    // Small batches, so the two interleave batch by batch.
    const a = s.executor({ batchSize: 5 });
    const b = s.executor({ batchSize: 5 });
    const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(ids.length);
    const sends = await s.sends();
    expect(sends).toHaveLength(ids.length);
    expect(new Set(sends.map((x) => x.scheduleId))).toEqual(new Set(ids));
    for (const id of ids) {
      const row = await s.row(id);
      const send = sends.find((x) => x.scheduleId === id)!;
      expect(send.dueAt.getTime()).toBe(row.startAt.getTime());
      expect(send.ownerId).toBe(row.ownerId);
      if (row.recurrence === 'once') expect([row.status, row.nextRunAt]).toEqual(['sending', null]);
      else expect([row.status, row.nextRunAt?.getTime()]).toEqual(['pending', row.startAt.getTime() + DAY]);
    }
  });

  it('a restart (a new executor) sends nothing twice; the next day the daily ones go again, once each', async () => {
    const daily = await s.save('member', { startTime: now() + MINUTE, recurrence: 'day' });
    const once = await s.save('member', { startTime: now() + MINUTE });
    t.clock.advance(2 * MINUTE);
    expect(await s.executor().runDue()).toBe(2);
    // The sends are claimed (in flight) when the process restarts.
    expect(await s.claim('member')).toHaveLength(2);
    const restarted = s.executor();
    expect(await restarted.runDue()).toBe(0);
    expect(await Promise.all([restarted.runDue(), s.executor().runDue()])).toEqual([0, 0]);
    expect(await s.sends()).toHaveLength(2);
    t.clock.advance(DAY);
    expect(await Promise.all([restarted.runDue(), s.executor().runDue()]).then(([x, y]) => x + y)).toBe(1);
    expect((await s.sends(daily.id)).map((x) => x.dueAt.getTime())).toEqual([daily.startTime, daily.startTime + DAY]);
    expect(await s.sends(once.id)).toHaveLength(1);
  });

  it('polls on its own once started, and stops', async () => {
    await s.save('member', { startTime: now() + MINUTE });
    t.clock.advance(2 * MINUTE);
    const polling = s.executor();
    polling.start();
    try {
      for (let i = 0; i < 100 && (await s.sends()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await polling.stop();
    }
    expect(await s.sends()).toHaveLength(1);
  });

  it('sends occurrences missed while no server ran once, then goes on from now', async () => {
    const saved = await s.save('member', { startTime: now() + MINUTE, recurrence: 'hour' });
    t.clock.advance(5 * HOUR + 2 * MINUTE);
    expect(await s.executor().runDue()).toBe(1);
    expect((await s.sends(saved.id)).map((x) => x.dueAt.getTime())).toEqual([saved.startTime]);
    expect((await s.row(saved.id)).nextRunAt!.getTime()).toBe(saved.startTime + 6 * HOUR);
  });

  it('a recurring send still waiting at the next due time ends failed, saying why; the new one waits', async () => {
    const saved = await s.save('member', { startTime: now() + MINUTE, recurrence: 'hour' });
    t.clock.advance(2 * MINUTE);
    await s.executor().runDue();
    t.clock.advance(HOUR);
    await s.executor().runDue();
    const sends = await s.sends(saved.id);
    expect(sends.map((x) => [x.status, x.error])).toEqual([
      ['failed', SUPERSEDED_ERROR],
      ['waiting', null],
    ]);
    expect((await s.claim('member')).map((x) => x.dueTime)).toEqual([saved.startTime + HOUR]);
  });
});

describe('purging finished sends', () => {
  it('deletes sends sent or failed more than the retention ago, keeps the rest, and sends nothing again', async () => {
    const daily = await s.save('member', { startTime: now() + MINUTE, recurrence: 'day' });
    t.clock.advance(2 * MINUTE);
    await s.executor().runDue();
    const [first] = await s.claim('member');
    ok(await s.confirm('member', [{ id: first!.id, ok: true }]));
    t.clock.advance(DAY);
    await s.executor().runDue();
    expect((await s.sends(daily.id)).map((x) => x.status)).toEqual(['sent', 'waiting']);
    expect(await purgeFinishedSends(t.db, t.clock.now())).toBe(0);
    t.clock.set(new Date(first!.dueTime + FINISHED_SEND_RETENTION_MS + 5 * MINUTE));
    expect(await purgeFinishedSends(t.db, t.clock.now())).toBe(1);
    // The waiting one stays (it is superseded, not purged, when the next due time comes).
    expect((await s.sends(daily.id)).map((x) => x.status)).toEqual(['waiting']);
    expect((await s.row(daily.id)).runCount).toBe(1);
    await s.executor().runDue();
    expect((await s.sends(daily.id)).map((x) => x.status)).toEqual(['failed', 'waiting']);
  });
});

describe('recurrences through the server', () => {
  /** Runs the executor at each due time and returns the due times of the sends, as local text. */
  const runThrough = async (id: string, zone: string, times: number) => {
    for (let i = 0; i < times; i++) {
      t.clock.set(new Date((await s.row(id)).nextRunAt!.getTime() + 1000));
      expect(await s.executor().runDue()).toBe(1);
    }
    return (await s.sends(id)).map((x) => localText(x.dueAt.getTime(), zone));
  };

  it('a daily 09:00 in Berlin stays 09:00 local across the spring change', async () => {
    const zone = 'Europe/Berlin';
    t.clock.set(new Date(localMs(zone, 2025, 3, 28, 12)));
    const saved = await s.save('member', { startTime: localMs(zone, 2025, 3, 29, 9), timeZone: zone, recurrence: 'day' });
    expect(await runThrough(saved.id, zone, 3)).toEqual(['2025-03-29 09:00', '2025-03-30 09:00', '2025-03-31 09:00']);
  });

  it('a daily 09:00 in New York stays 09:00 local across the autumn change', async () => {
    const zone = 'America/New_York';
    t.clock.set(new Date(localMs(zone, 2025, 10, 31, 12)));
    const saved = await s.save('member', { startTime: localMs(zone, 2025, 11, 1, 9), timeZone: zone, recurrence: 'day' });
    expect(await runThrough(saved.id, zone, 3)).toEqual(['2025-11-01 09:00', '2025-11-02 09:00', '2025-11-03 09:00']);
  });

  it('a monthly schedule on the 31st in Sydney falls on the last day of shorter months and returns to the 31st', async () => {
    const zone = 'Australia/Sydney';
    t.clock.set(new Date(localMs(zone, 2025, 1, 30, 12)));
    const saved = await s.save('member', { startTime: localMs(zone, 2025, 1, 31, 8, 30), timeZone: zone, recurrence: 'month' });
    expect(await runThrough(saved.id, zone, 4)).toEqual(['2025-01-31 08:30', '2025-02-28 08:30', '2025-03-31 08:30', '2025-04-30 08:30']);
  });

  it('hourly is every real hour across the spring change in Berlin (the local clock skips 02:00)', async () => {
    const zone = 'Europe/Berlin';
    t.clock.set(new Date(localMs(zone, 2025, 3, 29, 23)));
    const saved = await s.save('member', { startTime: localMs(zone, 2025, 3, 30, 0, 30), timeZone: zone, recurrence: 'hour' });
    expect(await runThrough(saved.id, zone, 3)).toEqual(['2025-03-30 00:30', '2025-03-30 01:30', '2025-03-30 03:30']);
  });

  it('quarterly keeps the day and time three months on', async () => {
    const zone = 'Asia/Shanghai';
    t.clock.set(new Date(localMs(zone, 2025, 11, 29, 12)));
    const saved = await s.save('member', { startTime: localMs(zone, 2025, 11, 30, 10), timeZone: zone, recurrence: 'quarter' });
    expect(await runThrough(saved.id, zone, 3)).toEqual(['2025-11-30 10:00', '2026-02-28 10:00', '2026-05-30 10:00']);
  });
});

describe('claim, confirm and time-outs', () => {
  const dueOnce = async (input: Parameters<typeof s.save>[1] = {}) => {
    const saved = await s.save('member', { startTime: now() + MINUTE, ...input });
    t.clock.advance(2 * MINUTE);
    await s.executor().runDue();
    return saved;
  };

  it('hands the waiting sends to the member’s chat page once, records the poll, and completes a once-only schedule on success', async () => {
    const saved = await dueOnce();
    const claimed = await s.claim('member');
    expect(claimed).toEqual([{ id: expect.any(String) as string, scheduleId: saved.id, dueTime: saved.startTime, recipients: [RECIPIENT], message: saved.message }]);
    const [poll] = await t.db.select().from(chatPagePolls).where(eq(chatPagePolls.userId, w.who.member.userId));
    expect(poll?.polledAt.getTime()).toBe(now());
    expect(await s.claim('member')).toEqual([]);
    expect(await s.claim('target')).toEqual([]);
    ok(await s.confirm('member', [{ id: claimed[0]!.id, ok: true }]));
    const [send] = await s.sends(saved.id);
    expect([send?.status, send?.sentAt?.getTime()]).toEqual(['sent', now()]);
    expect((await s.list('member')).items[0]).toMatchObject({ status: 'completed', nextRunTime: null, runCount: 1, lastError: null });
    // A repeated confirm changes nothing.
    const before = await s.snapshot();
    ok(await s.confirm('member', [{ id: claimed[0]!.id, ok: false, error: 'late' }]));
    expect(await s.snapshot()).toBe(before);
  });

  it('a failure fails a once-only schedule with the extension’s error; retry puts it back to pending, due now, and it goes again', async () => {
    const saved = await dueOnce();
    const [send] = await s.claim('member');
    ok(await s.confirm('member', [{ id: send!.id, ok: false, error: 'Chat not found' }]));
    expect((await s.list('member')).items[0]).toMatchObject({ status: 'failed', lastError: 'Chat not found', runCount: 1 });
    t.clock.advance(MINUTE);
    const retried = scheduleSchema.parse(ok(await s.raw('scheduleRetry', 'member', { id: saved.id })));
    expect(retried).toMatchObject({ status: 'pending', nextRunTime: now(), lastError: null });
    expect(await s.executor().runDue()).toBe(1);
    const [again] = await s.claim('member');
    expect(again?.dueTime).toBe(now());
    ok(await s.confirm('member', [{ id: again!.id, ok: false }]));
    expect((await s.list('member')).items[0]).toMatchObject({ status: 'failed', lastError: 'The message could not be sent', runCount: 2 });
  });

  it('a recurring schedule records a failure in lastError and keeps going; a success clears it', async () => {
    const saved = await dueOnce({ recurrence: 'day' });
    const [first] = await s.claim('member');
    ok(await s.confirm('member', [{ id: first!.id, ok: false, error: 'Not logged in' }]));
    expect((await s.list('member')).items[0]).toMatchObject({ status: 'pending', lastError: 'Not logged in', nextRunTime: saved.startTime + DAY, runCount: 1 });
    t.clock.advance(DAY);
    await s.executor().runDue();
    const [second] = await s.claim('member');
    ok(await s.confirm('member', [{ id: second!.id, ok: true }]));
    expect((await s.list('member')).items[0]).toMatchObject({ status: 'pending', lastError: null, runCount: 2 });
  });

  it('a claim not confirmed within the time-out is handed out again; the same call can then confirm it', async () => {
    await dueOnce();
    const [send] = await s.claim('member');
    t.clock.advance(CLAIM_TIMEOUT_MS - 1000);
    expect(await s.claim('member')).toEqual([]);
    t.clock.advance(2000);
    const again = await s.claim('member');
    expect(again.map((x) => x.id)).toEqual([send!.id]);
    ok(await s.confirm('member', [{ id: send!.id, ok: true }]));
    expect((await s.list('member')).items[0]?.status).toBe('completed');
  });

  it('ignores ids that are not the caller’s claimed sends', async () => {
    await dueOnce();
    const before = await s.snapshot();
    ok(await s.confirm('target', [{ id: (await s.sends())[0]!.id, ok: true }]));
    ok(await s.confirm('member', [{ id: (await s.sends())[0]!.id, ok: true }, { id: 'unknown', ok: true }]));
    // The waiting (unclaimed) send is not confirmed either.
    expect(await s.snapshot()).toBe(before);
  });

  it('refuses to edit a schedule whose send is in flight, allows it once the claim timed out', async () => {
    const saved = await dueOnce({ recurrence: 'day' });
    await s.claim('member');
    const res = await s.raw('scheduleSave', 'member', s.body({ id: saved.id, startTime: saved.startTime, recurrence: 'day', title: 'New' }));
    expect(res.code).toBe(Code.VALIDATION);
    t.clock.advance(CLAIM_TIMEOUT_MS + 1000);
    expect((await s.save('member', { id: saved.id, startTime: saved.startTime, recurrence: 'day', title: 'New' })).title).toBe('New');
  });
});

describe('why a send waits', () => {
  it('says chatPageClosed while a send is due or waiting and the chat page has not polled within the idle time', async () => {
    const saved = await s.save('member', { startTime: now() + MINUTE });
    const other = await s.save('member', { startTime: now() + DAY });
    const reasons = async () => Object.fromEntries((await s.list('member')).items.map((x) => [x.id, x.waitReason]));
    expect(await reasons()).toEqual({ [saved.id]: null, [other.id]: null });
    t.clock.advance(2 * MINUTE);
    // Due, the executor has not run yet.
    expect(await reasons()).toEqual({ [saved.id]: 'chatPageClosed', [other.id]: null });
    await s.executor().runDue();
    expect(await reasons()).toEqual({ [saved.id]: 'chatPageClosed', [other.id]: null });
    // The chat page polls (another member's page does not count): open.
    await s.claim('target');
    expect((await reasons())[saved.id]).toBe('chatPageClosed');
    const [send] = await s.claim('member');
    expect((await reasons())[saved.id]).toBeNull();
    t.clock.advance(CHAT_PAGE_IDLE_MS + 1000);
    // Claimed but the page went away: still unsent, the page is closed.
    expect((await reasons())[saved.id]).toBe('chatPageClosed');
    ok(await s.confirm('member', [{ id: send!.id, ok: true }]));
    expect((await reasons())[saved.id]).toBeNull();
  });
});

describe('the clock of the suite', () => {
  it('starts each test at the world’s start', () => {
    expect(now()).toBe(CLOCK_START.getTime());
  });
});

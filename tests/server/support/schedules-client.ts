/**
 * Scheduled messages over the team world (team-world.ts): the schedule calls as a given person or
 * session (bodies written camelCase here and sent snake_case as the wire has them; answers read
 * back camelCase and parsed with the contract's schemas), a schedule input to vary, the rows of
 * the schedule tables, and executors over the test database.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { chatPagePolls, schedules, scheduleSends, sessions } from '../../../server/db/schema';
import { createScheduleExecutor, type ScheduleExecutor } from '../../../server/schedules/executor';
import { camelKeys, snakeKeys } from '../../../src/contract/case';
import { Code } from '../../../src/contract/codes';
import { SOURCE_USER_HEADER } from '../../../src/contract/endpoint';
import { schedule, scheduleEndpoints, scheduleListData, sendsClaimData, type Schedule } from '../../../src/contract/schedules';
import type { Person, World } from './team-world';
import type { Answer, TestApp } from './test-app';

export type ScheduleCall = keyof typeof scheduleEndpoints;
/** Who calls: a person of the world (their page session), a raw bearer token (the extension's session), or nobody. */
export type Caller = Person | { token: string } | null;

export type ScheduleIn = {
  id?: string;
  recipients?: { chatWhatsappId: string; name: string }[];
  title?: string;
  message?: string;
  startTime?: number;
  timeZone?: string;
  recurrence?: Schedule['recurrence'];
};

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const DAY = 24 * HOUR;

export const RECIPIENT = { chatWhatsappId: '447700900111@c.us', name: 'Alice' };

export type SchedulesClient = {
  raw(name: ScheduleCall, who: Caller, body?: unknown, actFor?: Person): Promise<Answer>;
  /** A save that must succeed: the schedule answered. Defaults: one recipient, an hour from now, once, UTC. */
  save(who: Person, input?: ScheduleIn, actFor?: Person): Promise<Schedule>;
  /** The save's request body (camelCase) with the defaults filled in. */
  body(input?: ScheduleIn): Record<string, unknown>;
  list(who: Person, page?: number, pageSize?: number): Promise<{ items: Schedule[]; total: number }>;
  claim(who: Caller): Promise<ReturnType<typeof sendsClaimData.parse>['items']>;
  confirm(who: Caller, results: { id: string; ok: boolean; error?: string }[]): Promise<Answer>;
  /** The schedule row by id. */
  row(id: string): Promise<typeof schedules.$inferSelect>;
  /** Every send of a schedule, by due time. */
  sends(scheduleId?: string): Promise<(typeof scheduleSends.$inferSelect)[]>;
  /** Every row of the schedule tables, for "nothing written" checks. */
  snapshot(): Promise<string>;
  executor(options?: { batchSize?: number }): ScheduleExecutor;
  /** Every session lives until the end of the year 9999 (the tests move the clock by days and years). */
  keepSessions(): Promise<void>;
};

const tokenOf = (w: World, who: Caller): string | undefined => (who === null ? undefined : typeof who === 'string' ? w.who[who].accessToken : who.token);

export const ok = (res: Answer): unknown => {
  expect(res.code, res.message).toBe(Code.OK);
  return camelKeys(res.data);
};

export const schedulesClient = (t: () => TestApp, w: () => World): SchedulesClient => {
  const client: SchedulesClient = {
    raw(name, who, body = {}, actFor) {
      const headers: Record<string, string> = actFor ? { [SOURCE_USER_HEADER]: w().who[actFor].userId } : {};
      const token = tokenOf(w(), who);
      return t().post(scheduleEndpoints[name].path, snakeKeys(body), { ...(token ? { token } : {}), headers });
    },
    body(input = {}) {
      return {
        recipients: [RECIPIENT],
        title: 'Follow up',
        message: 'Hello, just checking in.',
        startTime: t().clock.now().getTime() + HOUR,
        timeZone: 'UTC',
        recurrence: 'once',
        ...input,
      };
    },
    async save(who, input, actFor) {
      return schedule.parse(ok(await client.raw('scheduleSave', who, client.body(input), actFor)));
    },
    async list(who, page = 1, pageSize = 20) {
      return scheduleListData.parse(ok(await client.raw('scheduleList', who, { page, pageSize })));
    },
    async claim(who) {
      return sendsClaimData.parse(ok(await client.raw('scheduleSendsClaim', who, {}))).items;
    },
    confirm(who, results) {
      return client.raw('scheduleSendsConfirm', who, { results });
    },
    async row(id) {
      const [row] = await t().db.select().from(schedules).where(eq(schedules.id, id));
      if (!row) throw new Error(`no schedule ${id}`);
      return row;
    },
    async sends(scheduleId) {
      const q = t().db.select().from(scheduleSends);
      return (scheduleId ? q.where(eq(scheduleSends.scheduleId, scheduleId)) : q).orderBy(asc(scheduleSends.dueAt), asc(scheduleSends.scheduleId));
    },
    async snapshot() {
      const db = t().db;
      return JSON.stringify({
        schedules: await db.select().from(schedules).orderBy(asc(schedules.id)),
        sends: await db.select().from(scheduleSends).orderBy(asc(scheduleSends.id)),
        polls: await db.select().from(chatPagePolls).orderBy(asc(chatPagePolls.userId)),
      });
    },
    async keepSessions() {
      const end = new Date(Date.UTC(9999, 11, 31, 23, 59));
      await t().db.update(sessions).set({ accessExpiresAt: end, expiresAt: end });
    },
    executor(options = {}) {
      return createScheduleExecutor({ db: t().db, clock: t().clock, logger: t().logger, ...options });
    },
  };
  return client;
};

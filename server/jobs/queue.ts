/**
 * The durable job queue: background work (mail now; webhooks, schedules and purges later) kept
 * in PostgreSQL, shared safely by every server process on one database (ARCHITECTURE "Server").
 *
 * Built on pg-boss 10 (a maintained queue on PostgreSQL: jobs claimed with
 * `FOR UPDATE SKIP LOCKED`, retries with exponential backoff, expiry of jobs whose worker died, a
 * `failed` state after the last retry, archiving and deletion of finished jobs, cron schedules
 * that fire once across processes). Checked before choosing it: pg-boss runs on PGlite through
 * its custom `db` adapter ({executeSql(text, values)}) as well as on node-postgres. PGlite is one
 * connection whose `query` takes one statement with parameters and whose `exec` takes several
 * without, so the adapter sends parameterless text (pg-boss's schema install and its locked
 * maintenance batches) to `exec` and the rest to `query`; both wait for an open transaction to
 * finish. Its schema (`pgboss`) is installed by `start()`/`init()` (tens of milliseconds).
 *
 * Enqueue inside the caller's Drizzle transaction works through a per-call adapter that turns
 * pg-boss's `$n` statement into a Drizzle `sql` query on that transaction, so a transaction that
 * fails enqueues nothing. pg-boss keeps time with the database's `now()` (not the app's Clock):
 * due times and backoff are wall-clock; handlers read the app's Clock for their own rules.
 */
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { Logger } from '../logger';

export const JOB_SCHEMA = 'pgboss';

/** What a handler is told about the job it runs. */
export type JobInfo = { id: string; name: string; retryCount: number; retryLimit: number };
export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export type QueueOptions = {
  /** Workers polling this queue in each process (default 1). */
  concurrency?: number;
  /** Retries after the first attempt before the job is `failed` (dead). Default 5. */
  retryLimit?: number;
  /** First retry delay in seconds; doubled (with jitter) on each retry when `retryBackoff`. Default 5. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job not finished in this time counts as failed (its worker crashed) and is retried. Default 120. */
  expireInSeconds?: number;
};

export type EnqueueOptions = {
  /** Enqueue inside this transaction: nothing is enqueued when it rolls back. */
  tx?: Tx;
  /** Not before this time. */
  runAt?: Date;
  /** With `singletonSeconds`: at most one job per key per time slot of that many seconds, across processes. */
  singletonKey?: string;
  singletonSeconds?: number;
};

export type JobQueue = {
  /** Adds a job; returns its id, or null when a singleton slot already holds one. */
  enqueue<P extends object>(name: string, payload: P, options?: EnqueueOptions): Promise<string | null>;
  /** Registers the handler of a queue (before `init`/`start`). */
  work<P extends object>(name: string, handler: JobHandler<P>, options?: QueueOptions): void;
  /** Runs `name` on this cron expression (UTC), once across all processes. Registered before `start`. */
  schedule(name: string, cron: string, payload?: object): void;
  /** Installs the schema and creates the registered queues; no polling (enough to enqueue and `runDue`). */
  init(): Promise<void>;
  /** `init`, then workers poll every registered queue and schedules fire. */
  start(): Promise<void>;
  /** Stops polling and waits for running jobs (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Tests and scripts: runs every job that is due now, once, in this process (a failing job is
   * put back with its backoff and not retried in this call). `includeDelayed` also runs jobs
   * waiting for a retry or a later `runAt`. Returns how many jobs ran.
   */
  runDue(options?: { includeDelayed?: boolean }): Promise<number>;
  /** A job's state ('created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed') and counters. */
  job(name: string, id: string): Promise<{ state: string; retryCount: number; startAfter: Date; output: unknown } | null>;
  /** Counts jobs of a queue by state. */
  count(name: string, state?: string): Promise<number>;
  /** Deletes every job (tests, between cases). */
  clear(): Promise<void>;
};

type SqlResult = { rows: Record<string, unknown>[] };
type Executor = { executeSql(text: string, values?: unknown[]): Promise<SqlResult> };

type PgliteClient = {
  query(text: string, values?: unknown[]): Promise<SqlResult>;
  exec(text: string): Promise<SqlResult[]>;
  isInTransaction?(): boolean;
};
type PoolClient = { query(text: string, values?: unknown[]): Promise<SqlResult> };

const isPglite = (client: unknown): client is PgliteClient =>
  typeof (client as { exec?: unknown }).exec === 'function' && typeof (client as { query?: unknown }).query === 'function';

/** pg-boss's adapter over the app's own connection (the PGlite instance or the node-postgres pool). */
const rawExecutor = (db: Db): Executor => {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        try {
          const results = await client.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        } catch (error) {
          // A batch that failed after its BEGIN leaves the one connection in an aborted transaction.
          if (client.isInTransaction?.()) await client.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      },
    };
  }
  const pool = client as PoolClient;
  return { executeSql: (text, values) => pool.query(text, values) };
};

/** pg-boss's `$1` statement as a Drizzle query (parameters stay parameters). */
const toDrizzleSql = (text: string, values: unknown[] = []): SQL => {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`)));
};

/** An adapter that runs pg-boss's statements on the caller's transaction. */
const txExecutor = (tx: Tx): Executor => ({
  async executeSql(text, values) {
    const result = (await tx.execute(toDrizzleSql(text, values))) as unknown;
    return Array.isArray(result) ? { rows: result as Record<string, unknown>[] } : (result as SqlResult);
  },
});

type Registered = { handler: JobHandler<object>; options: Required<QueueOptions> };

const defaults: Required<QueueOptions> = {
  concurrency: 1,
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

export type JobQueueDeps = {
  db: Db;
  logger: Logger;
  /** Seconds between polls of an idle worker (default 1; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Maintenance (expire, archive, delete finished jobs) every this many seconds (default 120). */
  maintenanceIntervalSeconds?: number;
};

export const createJobQueue = (deps: JobQueueDeps): JobQueue => {
  const executor = rawExecutor(deps.db);
  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  } as PgBoss.ConstructorOptions);
  const queues = new Map<string, Registered>();
  const schedules: { name: string; cron: string; payload: object }[] = [];
  const workerIds: string[] = [];
  let initialised: Promise<void> | null = null;
  let running: PgBoss | null = null;

  boss.on('error', (error) => deps.logger.error('[jobs] error', { message: error.message }));

  const ensureQueue = async (b: PgBoss, name: string, o: Required<QueueOptions>) => {
    const options: PgBoss.Queue = {
      name,
      policy: 'standard',
      retryLimit: o.retryLimit,
      retryDelay: o.retryDelaySeconds,
      retryBackoff: o.retryBackoff,
      expireInSeconds: o.expireInSeconds,
    };
    if (await b.getQueue(name)) await b.updateQueue(name, options);
    else await b.createQueue(name, options);
  };

  const runOne = async (name: string, job: PgBoss.JobWithMetadata<object>): Promise<void> => {
    const entry = queues.get(name);
    if (!entry) return;
    const info: JobInfo = { id: job.id, name, retryCount: job.retryCount, retryLimit: job.retryLimit };
    try {
      await entry.handler(job.data, info);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.retryCount >= job.retryLimit;
      deps.logger[last ? 'error' : 'warn'](last ? '[jobs] failed for good' : '[jobs] failed, will retry', {
        name,
        id: job.id,
        attempt: job.retryCount + 1,
        message,
      });
      throw error;
    }
  };

  /**
   * Processes starting together on a fresh PostgreSQL database would race to install pg-boss's
   * schema (CREATE SCHEMA is not guarded by its own lock): one session-level advisory lock, on a
   * connection of its own, makes them take turns. PGlite is one process and needs none.
   */
  const withInstallLock = async (run: () => Promise<void>) => {
    const client = (deps.db as unknown as { $client: unknown }).$client;
    if (isPglite(client)) return run();
    const pool = client as { connect(): Promise<PoolClient & { release(): void }> };
    const conn = await pool.connect();
    try {
      await conn.query(`SELECT pg_advisory_lock(hashtext('crm:${JOB_SCHEMA}:install'))`);
      await run();
    } finally {
      await conn.query(`SELECT pg_advisory_unlock(hashtext('crm:${JOB_SCHEMA}:install'))`).catch(() => undefined);
      conn.release();
    }
  };

  const init = () => {
    initialised ??= withInstallLock(async () => {
      await boss.start();
      for (const [name, entry] of queues) await ensureQueue(boss, name, entry.options);
    });
    return initialised;
  };

  return {
    async enqueue(name, payload, options = {}) {
      await init();
      const sendOptions: PgBoss.SendOptions & { db?: Executor } = {};
      if (options.tx) sendOptions.db = txExecutor(options.tx);
      if (options.runAt) sendOptions.startAfter = options.runAt;
      if (options.singletonKey) sendOptions.singletonKey = options.singletonKey;
      if (options.singletonSeconds) sendOptions.singletonSeconds = options.singletonSeconds;
      if (!queues.has(name)) throw new Error(`[jobs] no handler registered for "${name}"`);
      return (running ?? boss).send(name, payload, sendOptions as PgBoss.SendOptions);
    },

    work(name, handler, options = {}) {
      if (initialised) throw new Error(`[jobs] register "${name}" before init/start`);
      queues.set(name, { handler: handler as JobHandler<object>, options: { ...defaults, ...options } });
    },

    schedule(name, cron, payload = {}) {
      schedules.push({ name, cron, payload });
    },

    init,

    async start() {
      await init();
      // The instance that polls: maintenance and cron schedules on (they run once across processes).
      running = new PgBoss({
        db: executor,
        schema: JOB_SCHEMA,
        supervise: true,
        schedule: schedules.length > 0,
        migrate: false,
        maintenanceIntervalSeconds: deps.maintenanceIntervalSeconds ?? 120,
        archiveCompletedAfterSeconds: 60 * 60,
        deleteAfterDays: 7,
      } as PgBoss.ConstructorOptions);
      running.on('error', (error) => deps.logger.error('[jobs] error', { message: error.message }));
      await running.start();
      for (const s of schedules) await running.schedule(s.name, s.cron, s.payload, { tz: 'UTC' });
      const pollingIntervalSeconds = deps.pollingIntervalSeconds ?? 1;
      for (const [name, entry] of queues) {
        for (let i = 0; i < entry.options.concurrency; i += 1) {
          const id = await running.work<object>(
            name,
            { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
            async ([job]) => {
              if (job) await runOne(name, job);
            },
          );
          workerIds.push(id);
        }
      }
    },

    async stop(timeoutMs = 4000) {
      const b = running;
      running = null;
      workerIds.length = 0;
      if (b) await b.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      if (initialised) await boss.stop({ graceful: false, wait: true, close: false });
      initialised = null;
    },

    async runDue(options = {}) {
      await init();
      let ran = 0;
      for (const name of queues.keys()) {
        // A fetched job is `active` until it ends; one that fails goes back with a later start.
        // With includeDelayed that start does not hold it back, so one batch only (each job once).
        const includeDelayed = options.includeDelayed ?? false;
        for (;;) {
          const jobs = await boss.fetch<object>(name, { batchSize: includeDelayed ? 1000 : 10, includeMetadata: true, ignoreStartAfter: includeDelayed });
          if (!jobs || jobs.length === 0) break;
          for (const job of jobs) {
            ran += 1;
            try {
              await runOne(name, job);
              await boss.complete(name, job.id);
            } catch (error) {
              await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }
          if (includeDelayed) break;
        }
      }
      return ran;
    },

    async job(name, id) {
      await init();
      const job = await boss.getJobById(name, id, { includeArchive: true });
      if (!job) return null;
      return { state: job.state, retryCount: job.retryCount, startAfter: new Date(job.startAfter), output: job.output };
    },

    async count(name, state) {
      await init();
      const { rows } = await executor.executeSql(
        `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND ($2::text IS NULL OR state::text = $2::text)`,
        [name, state ?? null],
      );
      return Number(rows[0]?.n ?? 0);
    },

    async clear() {
      await init();
      await executor.executeSql(`DELETE FROM ${JOB_SCHEMA}.job`);
      await executor.executeSql(`DELETE FROM ${JOB_SCHEMA}.archive`);
    },
  };
};

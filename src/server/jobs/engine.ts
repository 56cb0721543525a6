// Durable background work on pg-boss, an existing PostgreSQL job queue: jobs are rows in the
// application's own database (the embedded PGlite or PostgreSQL), written in the same
// transaction as the change that causes them, so a crash or a kill -9 loses none. On a shared
// PostgreSQL every process works the same queues; pg-boss hands each job to one of them
// (FOR UPDATE SKIP LOCKED) and runs a schedule once per period across all of them.
import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/db';

/** pg-boss's job states, in its order. */
export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const DEFAULT_JOBS_SCHEMA = 'pgboss';

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * pg-boss's database adapter over the app's Db (or an open transaction): statements without
 * parameters may be several at once (its schema and migrations) and go through `exec`; the rest
 * are single statements with rows to hand back.
 */
export function bossDb(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((values === undefined || values.length === 0) && isScript(text)) {
        await q.exec(text);
        return { rows: [] };
      }
      return { rows: await q.query(text, values ?? []) };
    },
  };
}

/** Several statements: a `;` before the end (pg-boss's single statements end with none). */
function isScript(sql: string): boolean {
  return sql.trim().replace(/;$/, '').includes(';');
}

export interface JobEngineOptions {
  db: Db;
  log: JobLog;
  /** The schema pg-boss keeps its tables in. */
  schema?: string;
  /** How often an idle worker looks for due jobs (new ones also wake it at once). */
  pollingIntervalSeconds?: number;
  /** How often expired active jobs are retried and old ones archived. */
  maintenanceIntervalSeconds?: number;
}

export interface QueueDefinition<T extends object> {
  name: string;
  /** Jobs fetched at once by this process's worker (the handler gets them together). */
  batchSize: number;
  /** An active job not finished after this long is retried (a process killed mid-job). */
  expireInSeconds: number;
  /**
   * Does the jobs' work. Jobs it leaves active are then marked completed; one it fails itself
   * (`boss.fail`) is retried by pg-boss after its retry delay. A throw leaves them all active, to
   * run again once they expire.
   */
  handler(jobs: PgBoss.JobWithMetadata<T>[]): Promise<void>;
}

export interface JobEngine {
  readonly schema: string;
  /** The underlying pg-boss instance (send, fail, retry…). */
  readonly boss: PgBoss;
  start(): Promise<void>;
  /** Stops the workers, lets the jobs in hand finish (up to `timeoutMs`), keeps the database open. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Creates the queue if needed and starts this process's worker on it (declared before the
   * start: set up by it).
   */
  work<T extends object>(queue: QueueDefinition<T>): Promise<void>;
  /** Runs `queue`'s handler on `cron` (minutes, America/Bogota), once per period across processes. */
  schedule<T extends object>(queue: QueueDefinition<T>, cron: string): Promise<void>;
  /** Removes a queue's schedule (a period turned off). */
  unschedule(name: string): Promise<void>;
  /** Makes the queue's worker in this process look for jobs now instead of at its next poll. */
  wake(name: string): void;
  /** Adds a job to `name` inside `tx`: it exists once, and only if, `tx` commits. */
  sendIn<T extends object>(
    tx: Queryable,
    name: string,
    data: T,
    options: PgBoss.SendOptions,
  ): Promise<string>;
  /** Resolves once no job of `name` is waiting, due or running (tests, backups, benches). */
  idle(name: string, pollMs?: number): Promise<void>;
}

export function createJobEngine(options: JobEngineOptions): JobEngine {
  const { db, log } = options;
  const schema = options.schema ?? DEFAULT_JOBS_SCHEMA;
  const boss = new PgBoss({
    db: bossDb(db),
    schema,
    migrate: true,
    supervise: true,
    schedule: true,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Completed jobs are archived after a day and dropped a week later; failed ones stay in the
    // job table (where /admin lists them) for two weeks.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 14 * 24 * 60 * 60,
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);
  // A failed poll (the database briefly away, a restart) is retried by pg-boss itself.
  boss.on('error', (error: Error) =>
    log.warn({ event: 'jobs_error', reason: error.message }, 'background jobs: error'),
  );

  const workers = new Map<string, { wake(): void; stop(): Promise<void> }>();
  let started: Promise<void> | undefined;
  let running = false;
  let stopped = false;
  /** Queues and schedules declared before the start, set up by it. */
  const declared: (() => Promise<void>)[] = [];
  /** Runs `setUp` now when started, else as part of the start. */
  const whenStarted = async (setUp: () => Promise<void>) => {
    if (running) await setUp();
    else declared.push(setUp);
  };

  /** Processes starting together may race to create a queue (a deadlock, a duplicate): retried. */
  async function ensureQueue(queue: QueueDefinition<object>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await boss.getQueue(queue.name)) return;
      try {
        await boss.createQueue(queue.name, {
          name: queue.name,
          expireInSeconds: queue.expireInSeconds,
        } as PgBoss.Queue);
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  /**
   * Creates pg-boss's schema when it is missing. Two processes starting together on a new
   * PostgreSQL can both try (pg-boss's own start then fails in one of them with a duplicate
   * schema): whoever loses finds it made by the other and goes on.
   */
  async function install(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const [row] = await db.query<{ version: string | null }>(
        'SELECT to_regclass($1)::text AS version',
        [`${schema}.version`],
      );
      if (row?.version) return;
      try {
        await db.exec(PgBoss.getConstructionPlans(schema));
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  /**
   * This process's worker on a queue: fetches up to a batch of due jobs, hands them to the
   * handler, then marks those the handler left active as completed; sleeps a poll interval when
   * there were none (a wake ends the sleep). Every database call is awaited and its failure
   * logged: a database that goes away mid-job never becomes an unhandled rejection (pg-boss's own
   * `work` marks jobs without awaiting), and the job, still active, runs again once it expires.
   */
  async function startWorker<T extends object>(queue: QueueDefinition<T>): Promise<void> {
    if (workers.has(queue.name)) return;
    await ensureQueue(queue as QueueDefinition<object>);
    let stopping = false;
    let woken = false;
    let endSleep: (() => void) | undefined;
    const pollMs = (options.pollingIntervalSeconds ?? 1) * 1000;
    const fail = (what: string, error: unknown) =>
      log.warn(
        { event: 'jobs_error', queue: queue.name, reason: (error as Error).message },
        `background jobs: ${what} failed`,
      );
    const loop = (async () => {
      while (!stopping) {
        woken = false;
        let jobs: PgBoss.JobWithMetadata<T>[] = [];
        try {
          jobs =
            ((await boss.fetch<T>(queue.name, {
              batchSize: queue.batchSize,
              includeMetadata: true,
            })) as PgBoss.JobWithMetadata<T>[] | null) ?? [];
        } catch (error) {
          fail('fetch', error);
        }
        if (jobs.length > 0) {
          try {
            await queue.handler(jobs);
            await boss.complete(
              queue.name,
              jobs.map((j) => j.id),
            );
          } catch (error) {
            fail('job', error);
          }
          // A full batch means more may be waiting: fetch again at once.
          if (jobs.length === queue.batchSize) continue;
        }
        if (stopping || woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => resolve(), pollMs);
          endSleep = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        endSleep = undefined;
      }
    })();
    workers.set(queue.name, {
      wake() {
        woken = true;
        endSleep?.();
      },
      async stop() {
        stopping = true;
        endSleep?.();
        await loop;
      },
    });
  }

  const engine: JobEngine = {
    schema,
    boss,
    start() {
      // A failed start (the database away) may be tried again.
      started ??= (async () => {
        await install();
        await boss.start();
        for (const setUp of declared) await setUp();
        declared.length = 0;
        running = true;
      })().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },

    async stop(timeoutMs = 5_000) {
      if (!started || stopped) return;
      stopped = true;
      await started.catch(() => undefined);
      // Jobs in hand finish, up to `timeoutMs`; one still running then stays active and runs
      // again, in whichever process, once it expires.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...workers.values()].map((w) => w.stop())),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },

    work<T extends object>(queue: QueueDefinition<T>) {
      return whenStarted(() => startWorker(queue));
    },

    schedule<T extends object>(queue: QueueDefinition<T>, cron: string) {
      return whenStarted(async () => {
        await startWorker(queue);
        await boss.schedule(queue.name, cron, {}, { tz: 'America/Bogota' });
      });
    },

    unschedule(name) {
      return whenStarted(() => boss.unschedule(name));
    },

    wake(name) {
      workers.get(name)?.wake();
    },

    sendIn(tx, name, data, sendOptions) {
      return boss
        .send(name, data, { ...sendOptions, db: bossDb(tx) } as PgBoss.SendOptions)
        .then((id) => {
          if (!id) throw new Error(`the job for ${name} was not created`);
          return id;
        });
    },

    async idle(name, pollMs = 20) {
      for (;;) {
        const [row] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${schema}.job
            WHERE name = $1 AND (state = 'active' OR (state < 'active' AND start_after <= now()))`,
          [name],
        );
        if (!row || row.n === 0) return;
        engine.wake(name);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
  };
  return engine;
}

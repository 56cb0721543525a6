// The embedded database on a thread of its own (pglite-worker.ts). Its start (copying the image
// into a new DATA_DIR, then booting PostgreSQL compiled to WebAssembly: half a second or more)
// runs beside the server's own start instead of after it, and its queries' work beside the
// requests' JavaScript. The Db handed back sends each call to that thread as a message.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './db';
import type { PgdataOrigin } from './data-dir';
import {
  deserializeError,
  type PgliteThreadData,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-protocol';
import { PROJECT_ROOT } from '../paths';

/** What a request sends, without the id the thread answers it by. */
type Request = ThreadRequest extends infer R
  ? R extends ThreadRequest
    ? Omit<R, 'id'>
    : never
  : never;

/** PostgreSQL's crash_shutdown: callers answer 503 (errors.ts) once the thread is gone. */
const THREAD_GONE_CODE = '57P02';

/** tsx's ES module API (`tsx/esm/api` as `import` resolves it; require gets the CommonJS one). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return join(dirname(pkgFile), pkg.exports['./esm/api']!.import.default);
}

/**
 * A worker's entry (`name`: a module of this folder with its own entry in the server build): the
 * compiled one next to the compiled server, or the TypeScript source (through tsx, which Node
 * does not apply to a worker's first module by itself).
 */
export function workerEntry(name = 'pglite-worker'): { code: string; eval: boolean } {
  const compiled = join(PROJECT_ROOT, 'build', 'server', `${name}.mjs`);
  if (!import.meta.url.endsWith('.ts')) return { code: compiled, eval: false };
  const source = new URL(`./${name}.ts`, import.meta.url).href;
  const tsx = pathToFileURL(tsxEsmApi()).href;
  return {
    code:
      `import(${JSON.stringify(tsx)})` +
      `.then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    eval: true,
  };
}

export interface PgliteThread {
  db: Db;
  pgdata: PgdataOrigin;
  /** The thread running the database now (tests stop it to see the database come back). */
  thread(): Worker;
}

type Call = { resolve(value: unknown): void; reject(error: Error): void };

/** How long to wait before reopening a database whose thread died, after 0, 1, 2… failures. */
const REOPEN_DELAYS_MS = [0, 1_000, 5_000, 30_000];

const threadGone = (message: string) =>
  Object.assign(new Error(message), { code: THREAD_GONE_CODE });

/**
 * Starts the thread, which prepares `dataDir/pgdata` (preparePgdata) and opens it; resolves
 * once the database answers. Should the thread die later (a crash, running out of memory), the
 * calls in flight fail as a database that is away (503), and the database is opened again on a
 * new thread, as after a kill -9, while this process keeps holding DATA_DIR's lock. Call only
 * while holding that lock.
 */
export function openPgliteThread(
  data: PgliteThreadData,
  log: (message: string) => void = (message) => console.error(message),
): Promise<PgliteThread> {
  const entry = workerEntry();
  let worker!: Worker;
  /** The calls waiting for the current thread's answers, by id (0: its start). */
  let pending = new Map<number, Call>();
  let nextId = 1;
  let nextTx = 1;
  /** Why calls fail right now: the thread is gone (being replaced) or the database closed. */
  let gone: Error | null = null;
  let opened = false;
  let closing = false;
  let reopening = false;
  let failedReopens = 0;

  /** A new thread; resolves with where pgdata came from once its database answers. */
  function start(): Promise<PgdataOrigin> {
    const thread = new Worker(entry.code, { eval: entry.eval, workerData: data });
    const calls = new Map<number, Call>();
    worker = thread;
    pending = calls;
    let failure: Error | undefined;
    thread.on('message', (message: ThreadReply) => {
      const call = calls.get(message.id);
      if (!call) return;
      calls.delete(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(deserializeError(message.error));
    });
    thread.on('error', (error) => (failure = error));
    thread.on('exit', (code) => {
      const error = closing
        ? threadGone('the embedded database is closed')
        : threadGone(
            `the embedded database's thread stopped (exit code ${code}` +
              `${failure ? `: ${failure.message}` : ''})`,
          );
      for (const call of calls.values()) call.reject(error);
      calls.clear();
      if (thread !== worker) return;
      gone = error;
      if (opened && !closing && !reopening) {
        log(`${error.message}; opening the database again`);
        reopen();
      }
    });
    return new Promise<PgdataOrigin>((resolve, reject) =>
      calls.set(0, {
        resolve: (value) => resolve((value as { pgdata: PgdataOrigin }).pgdata),
        reject,
      }),
    );
  }

  function reopen(): void {
    reopening = true;
    const delay = REOPEN_DELAYS_MS[Math.min(failedReopens, REOPEN_DELAYS_MS.length - 1)]!;
    setTimeout(() => {
      if (closing) return;
      start().then(
        () => {
          reopening = false;
          failedReopens = 0;
          gone = null;
          log('the embedded database is open again');
          if (closing) void worker.terminate();
        },
        (error: Error) => {
          void worker.terminate();
          if (closing) return;
          failedReopens += 1;
          log(`could not open the embedded database again: ${error.message}`);
          reopen();
        },
      );
    }, delay).unref();
  }

  const call = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot be sent to another thread.
        pending.delete(id);
        reject(error as Error);
      }
    });

  const queryable = (tx?: number): Queryable => ({
    query: <T>(text: string, params: readonly unknown[] = []) =>
      call<T[]>({ op: 'query', text, params, tx }),
    exec: (text: string) => call<void>({ op: 'exec', text, tx }),
  });

  let closed: Promise<void> | null = null;
  const db: Db = {
    kind: 'pglite',
    ...queryable(),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      let result: T;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    dump: () => call<string>({ op: 'dump' }),
    close() {
      closed ??= (async () => {
        closing = true;
        try {
          if (!gone) await call({ op: 'close' });
        } finally {
          await worker.terminate();
        }
      })();
      return closed;
    },
  };

  return start().then(
    (pgdata) => {
      opened = true;
      return { db, pgdata, thread: () => worker };
    },
    async (error: Error) => {
      // Gone before DATA_DIR's lock is given back (open.ts).
      await worker.terminate();
      throw error;
    },
  );
}

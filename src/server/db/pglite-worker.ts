// The embedded database's own thread (started by pglite-thread.ts): fills a new DATA_DIR from
// the prepared image, opens PGlite there, then runs the queries the main thread sends it, one
// message each, and answers with the rows or the error.
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { Queryable } from './db';
import { makePrivate, preparePgdata } from './data-dir';
import { openPglite } from './pglite';
import {
  serializeError,
  type PgliteThreadData,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread (pglite-thread.ts)');
const { dataDir, imageDir, demoImage } = workerData as PgliteThreadData;

/** Open transactions by id: their queries, how the main thread ends them, and their end. */
const transactions = new Map<
  number,
  {
    tx: Queryable;
    commit: () => void;
    rollback: () => void;
    ended: Promise<void>;
  }
>();
/** Thrown into a transaction the main thread rolls back. */
const ROLLBACK = Symbol('rollback');

function reply(message: ThreadReply): void {
  port!.postMessage(message);
}

try {
  const pgdata = await preparePgdata(dataDir, imageDir, demoImage);
  const dir = join(dataDir, 'pgdata');
  const db = await openPglite(dir);
  // PGlite writes a few files at start-up with its own modes; the directories being 0700
  // already keeps them from other users, this makes the files match.
  if (pgdata !== 'existing') makePrivate(dir);

  const run = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
      case 'exec': {
        const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
        if (!target) throw new Error(`transaction ${request.tx} is not open`);
        return request.op === 'query'
          ? target.query(request.text, request.params)
          : target.exec(request.text);
      }
      case 'begin': {
        // Answered once the transaction holds the database (PGlite runs one at a time); it stays
        // open, its queries sent with its id, until the main thread commits or rolls it back.
        const id = request.tx;
        let began!: (entry: { tx: Queryable; commit: () => void; rollback: () => void }) => void;
        const started = new Promise<Parameters<typeof began>[0]>((resolve) => (began = resolve));
        const ended = db.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) =>
              began({ tx, commit: () => commit(), rollback: () => rollback(ROLLBACK) }),
            ),
        );
        ended.catch(() => undefined);
        const entry = await Promise.race([started, ended.then(() => null)]);
        if (entry) transactions.set(id, { ...entry, ended });
        return undefined;
      }
      case 'commit':
      case 'rollback': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error(`transaction ${request.tx} is not open`);
        transactions.delete(request.tx);
        if (request.op === 'commit') open.commit();
        else open.rollback();
        try {
          await open.ended;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return undefined;
      }
      case 'close':
        await db.close();
        return undefined;
      case 'dump':
        return db.dump!();
    }
  };

  port.on('message', (request: ThreadRequest) => {
    run(request)
      // A value that cannot be sent to the main thread fails that call, not the thread.
      .then((value) => reply({ id: request.id, ok: true, value }))
      .catch((error: unknown) =>
        reply({ id: request.id, ok: false, error: serializeError(error) }),
      );
  });
  reply({ id: 0, ok: true, value: { pgdata } });
} catch (error) {
  reply({ id: 0, ok: false, error: serializeError(error) });
}

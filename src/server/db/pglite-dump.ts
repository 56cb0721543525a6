// A consistent SQL dump of the embedded database without making it wait: PGlite copies its
// directory (a moment, holding the database), and pg_dump runs on that copy on a thread of its
// own (pglite-dump-worker.ts), while the database keeps answering. pg_dump compiled to
// WebAssembly runs synchronously and inside a transaction: on the live database it would hold
// every query back for the whole dump (about 20 s at 100,000 dogs).
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { workerEntry } from './pglite-thread';

export async function dumpPglite(pg: PGlite): Promise<string> {
  const tar = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
  const entry = workerEntry('pglite-dump-worker');
  const thread = new Worker(entry.code, {
    eval: entry.eval,
    workerData: { tar },
    transferList: [tar.buffer as ArrayBuffer],
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      thread.once(
        'message',
        (answer: { ok: true; sql: string } | { ok: false; message: string }) =>
          answer.ok ? resolve(answer.sql) : reject(new Error(`pg_dump failed: ${answer.message}`)),
      );
      thread.once('error', reject);
      thread.once('exit', (code) =>
        reject(new Error(`the backup's thread stopped (exit code ${code})`)),
      );
    });
  } finally {
    await thread.terminate();
  }
}

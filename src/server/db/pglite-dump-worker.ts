// A backup's thread (started by pglite-dump.ts): opens, in memory, the copy of the embedded
// database's directory it is handed, runs pg_dump on it and answers with the SQL. The live
// database never waits for the dump.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { PGLITE_EXTENSIONS } from './pglite';

const port = parentPort;
if (!port) throw new Error('pglite-dump-worker.ts runs only as a worker thread (pglite-dump.ts)');
const { tar } = workerData as { tar: Uint8Array };

try {
  const pg = await PGlite.create({
    loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]),
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    port.postMessage({ ok: true, sql: await (await pgDump({ pg })).text() });
  } finally {
    await pg.close();
  }
} catch (error) {
  port.postMessage({ ok: false, message: (error as Error).message });
}

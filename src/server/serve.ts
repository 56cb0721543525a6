// The server's start once the database is opening (server.ts): builds the app meanwhile, brings
// the schema up to date and seeds the demo data as soon as the database is open, listens, and
// shuts down cleanly on SIGTERM/SIGINT.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import type { OpenDatabase } from './db/open';
import { isFreshImageCopy } from './db/data-dir';
import { seedDemoData } from './seed/demo';

const SHUTDOWN_GRACE_MS = 8_000;
const SHUTDOWN_HARD_LIMIT_MS = 9_500;
/** 'compiled' when running from build/server (production), 'typescript' from the sources. */
const SERVER_CODE = import.meta.url.endsWith('.ts') ? 'typescript' : 'compiled';

/** A Db whose calls wait for `opening`, so the app can be built while the database opens. */
function whenOpen(opening: Promise<OpenDatabase>, kind: Db['kind']): Db {
  const db = () => opening.then((open) => open.db);
  return {
    kind,
    query: async (text, params, options) => (await db()).query(text, params, options),
    exec: async (sql) => (await db()).exec(sql),
    transaction: async (fn) => (await db()).transaction(fn),
    close: async () => (await db()).close(),
    ...(kind === 'pglite' && {
      dump: async () => {
        const open = await db();
        if (!open.dump) throw new Error('this database cannot be dumped');
        return open.dump();
      },
    }),
  };
}

/** Milliseconds since this process started, for the start-up log lines. */
const sinceStart = () => Math.round(performance.now());

/** `opening` is the database being opened; server.ts ends the process if it cannot be. */
export async function serve(config: Config, opening: Promise<OpenDatabase>): Promise<void> {
  const built = buildApp({
    config,
    db: whenOpen(opening, config.databaseUrl ? 'postgres' : 'pglite'),
    staticDir: config.staticDir,
  });
  // The schema and the demo data are made ready as soon as the database is open: the embedded
  // one runs them on its own thread while this one is still building the app.
  const prepared = opening.then(async (database) => {
    // A pgdata copied just now from a current image already holds every migration (the image's
    // stamp names them); checking again would only delay the first start.
    const applied = isFreshImageCopy(database.pgdata) ? [] : await migrate(database.db);
    const seeded = !config.databaseUrl && config.seedDemo && (await seedDemoData(database.db));
    return { applied, seeded };
  });
  // Each is awaited below; none may go unhandled while another is awaited first.
  built.catch(() => undefined);
  prepared.catch(() => undefined);

  const database = await opening;
  let app: FastifyInstance;
  try {
    app = await built;
    const { applied, seeded } = await prepared;
    for (const warning of database.warnings) app.log.warn(warning);
    // pgdata: 'existing', or made from the prepared image ('image', 'demo image') or by a child
    // ('child'); never by initdb in this process.
    app.log.info(
      {
        database: database.describe,
        pgdata: database.pgdata,
        applied,
        code: SERVER_CODE,
        sinceStartMs: sinceStart(),
      },
      'database ready',
    );
    if (seeded) app.log.info('empty database: demo dogs added');
    if (config.sitePlaceholders.length > 0) {
      app.log.warn(
        { unset: config.sitePlaceholders },
        `the site shows placeholder contact details (footer, privacy policy, e-mails): set ${config.sitePlaceholders.join(', ')}`,
      );
    }
    if (config.insecurePublicUrl) {
      app.log.warn(
        { publicUrl: config.publicUrl },
        'PUBLIC_URL is plain http://: links in e-mails (password resets, check-ins, unsubscribing from alerts) travel unencrypted; set it to the https:// address people reach',
      );
    }
    await app.listen({ port: config.port, host: config.host });
    app.log.info({ sinceStartMs: sinceStart() }, 'accepting requests');
    app.log.info(`listening at ${config.publicUrl}`);
  } catch (error) {
    console.error(`Start-up failed: ${(error as Error).message}`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const grace = setTimeout(() => {
      app.log.warn('requests still open after the grace period; closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    const hardLimit = setTimeout(() => {
      console.error('Shutdown did not finish in time; exiting anyway.');
      process.exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS);
    grace.unref();
    hardLimit.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      console.error(`Shutdown failed: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

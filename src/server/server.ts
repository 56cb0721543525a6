// Entry point: read config, open and migrate the database, seed demo data, listen, shut down cleanly.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { Db } from './db/db';
import { LockError } from './db/lock';
import { migrate } from './db/migrate';
import { openDatabase, type OpenDatabase } from './db/open';
import { seedDemoData } from './seed/demo';

const SHUTDOWN_GRACE_MS = 8_000;
/** 'compiled' when running from build/server (production), 'typescript' from the sources. */
const SERVER_CODE = import.meta.url.endsWith('.ts') ? 'typescript' : 'compiled';
const SHUTDOWN_HARD_LIMIT_MS = 9_500;

/** A Db whose calls wait for `opening`, so the app can be built while the database opens. */
function whenOpen(opening: Promise<OpenDatabase>, kind: Db['kind']): Db {
  const db = () => opening.then((open) => open.db);
  return {
    kind,
    query: async (text, params, options) => (await db()).query(text, params, options),
    exec: async (sql) => (await db()).exec(sql),
    transaction: async (fn) => (await db()).transaction(fn),
    close: async () => (await db()).close(),
  };
}

/** Milliseconds since this process started, for the start-up log lines. */
const sinceStart = () => Math.round(performance.now());

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // The app is built while the database opens (the embedded one compiles its WebAssembly off
  // the main thread meanwhile); nothing queries the database before it is open.
  const opening = openDatabase(config, {
    onPoolError: (error) => console.error(`PostgreSQL pool error: ${error.message}`),
  });
  const built = buildApp({
    config,
    db: whenOpen(opening, config.databaseUrl ? 'postgres' : 'pglite'),
    staticDir: config.staticDir,
  });
  // Each is awaited below; neither may go unhandled while the other is awaited first.
  built.catch(() => undefined);

  let database: OpenDatabase;
  try {
    database = await opening;
  } catch (error) {
    if (error instanceof LockError) fail(error.message);
    const where = config.databaseUrl
      ? 'the PostgreSQL server in DATABASE_URL'
      : `the database in ${config.dataDir}`;
    fail(`Could not open ${where}: ${(error as Error).message}`);
  }

  let app: FastifyInstance;
  try {
    app = await built;
    const applied = await migrate(database.db);
    for (const warning of database.warnings) app.log.warn(warning);
    // pgdata: 'existing', or made from the prepared image ('image') or by a child ('child');
    // never by initdb in this process.
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
    if (!config.databaseUrl && config.seedDemo && (await seedDemoData(database.db))) {
      app.log.info({ sinceStartMs: sinceStart() }, 'empty database: demo dogs added');
    }
    await app.listen({ port: config.port, host: config.host });
    app.log.info({ sinceStartMs: sinceStart() }, 'accepting requests');
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

await main();

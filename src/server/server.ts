// Entry point: read the config and start opening the database first (the embedded one on its own
// thread), then load the rest of the server while it opens (serve.ts): the app's modules and
// the database's start take about the same time, and run side by side.
import { ConfigError, loadConfig, type Config } from './config';
import { LockError } from './db/lock';
import { openDatabase } from './db/open';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const opening = openDatabase(config, {
  onPoolError: (error) => console.error(`PostgreSQL pool error: ${error.message}`),
});
// Ends the process as soon as the database cannot be opened, whatever is loading meanwhile.
opening.catch((error: unknown) => {
  if (error instanceof LockError) fail(error.message);
  const where = config.databaseUrl
    ? 'the PostgreSQL server in DATABASE_URL'
    : `the database in ${config.dataDir}`;
  fail(`Could not open ${where}: ${(error as Error).message}`);
});

let serve: (typeof import('./serve'))['serve'];
try {
  ({ serve } = await import('./serve'));
} catch (error) {
  fail(`Start-up failed: ${(error as Error).message}`);
}
await serve(config, opening);

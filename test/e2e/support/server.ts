// Starts the production server the README's way (`node scripts/start.mjs`) on a free port with
// throwaway data, waits for /api/health, and stops it by its process group id.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, tailOf, waitForExit } from '../../support/local-processes';

export const repoRoot = resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  url: string;
  pid: number;
  /** True when the server runs on a real PostgreSQL (no demo dogs are seeded then). */
  postgres: boolean;
  logFile: string;
  /** Where the server writes its e-mails (.eml files), as it has no SMTP server. */
  outboxDir: string;
  /**
   * Runs `npm run admin -- <args>` on this server's data, the way an operator would: on
   * PostgreSQL while the server runs; on the embedded DATA_DIR (which the running server locks)
   * with the server stopped for it and started again on the same port and data.
   */
  admin(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** Directory shared by one Playwright run (created by global-setup, removed by its teardown). */
export function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is not set: run the suite through `playwright test`.');
  return dir;
}

/** Environment for the server under test: quiet logs and rate limits a test run never reaches. */
function serverEnv(port: number, storage: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The suite's own PostgreSQL variables must not leak into the server.
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.E2E_DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  return {
    ...env,
    NODE_ENV: 'production',
    // The journeys count on the demo dogs of a new embedded database (off by default in production).
    SEED_DEMO: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every test logs in, registers and asks for password resets from 127.0.0.1 (see
    // src/server/config.ts).
    PASSWORD_RESET_RATE_LIMIT_IP: '100000',
    LOGIN_RATE_LIMIT_IP: '100000',
    LOGIN_RATE_LIMIT_EMAIL: '100000',
    REGISTER_RATE_LIMIT_IP: '100000',
    LOGIN_RATE_LIMIT_ATTEMPTS_IP: '100000',
    LOGIN_RATE_LIMIT_ACCOUNT: '100000',
    DOG_WRITE_RATE_LIMIT_USER: '100000',
    DOG_WRITE_RATE_LIMIT_IP: '100000',
    // An adoption's first check-in falls due at once (the follow-up job runs every minute).
    FOLLOW_UP_SCHEDULE: '1s,30d',
    ...storage,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends a signal to the server's process group (the server and anything it spawned). */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Serialises server start-ups in one run so two workers never build dist/ at the same time. */
async function withStartLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = join(runDir(), 'start.lock');
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function createDatabase(adminUrl: string): Promise<{ url: string; name: string }> {
  const name = `happydog_e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  writeFileSync(join(runDir(), `db-${name}`), adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
  rmSync(join(runDir(), `db-${name}`), { force: true });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, ms: number) {
  const deadline = Date.now() + ms;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before answering /api/health.\n` +
          `Last lines of ${logFile}:\n${tailOf(logFile, 40)}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    // Polling a health endpoint: the condition itself is what is awaited.
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The server did not become healthy within ${ms / 1000} s (${last}).\nLast lines of ${logFile}:\n${tailOf(logFile, 40)}`,
  );
}

/**
 * Starts `node scripts/start.mjs`; with E2E_DATABASE_URL set it runs on a fresh database of that
 * PostgreSQL server, otherwise on a fresh embedded DATA_DIR.
 */
export async function startServer(
  label: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const dir = mkdtempSync(join(runDir(), `${label}-`));
  const logFile = join(dir, 'server.log');
  const adminUrl = process.env.E2E_DATABASE_URL;
  const database = adminUrl ? await createDatabase(adminUrl) : undefined;
  // With PostgreSQL, DATA_DIR holds only the e-mail outbox.
  const storage: Record<string, string> = database
    ? { DATABASE_URL: database.url, DATA_DIR: join(dir, 'data') }
    : { DATA_DIR: join(dir, 'data') };

  return withStartLock(async () => {
    // The first server of the run builds dist/ when it is stale; the others (and workers restarted
    // after a failure) serve that same build, so hashed assets never change under a running page.
    const builtMarker = join(runDir(), 'built');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = () => ({
      ...serverEnv(port, storage),
      ...(existsSync(builtMarker) ? { SKIP_BUILD: '1' } : {}),
      ...extraEnv,
    });
    let child: ChildProcess;
    let pid = 0;
    const launch = () => {
      const log = openSync(logFile, 'a');
      child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: repoRoot,
        env: env(),
        stdio: ['ignore', log, log],
        // Own process group, so stop() reaches the build and the server it may spawn.
        detached: true,
      });
      closeSync(log);
      if (!child.pid) throw new Error('Could not spawn node scripts/start.mjs');
      pid = child.pid;
      writeFileSync(join(runDir(), `pid-${pid}`), String(pid));
    };
    /** Stops the server process, keeping its data. */
    const halt = async () => {
      signalGroup(pid, 'SIGTERM');
      if (!(await waitForExit(child, 15_000))) {
        signalGroup(pid, 'SIGKILL');
        await waitForExit(child, 5_000);
      }
      // Children of start.mjs that outlived it.
      if (isAlive(-pid)) signalGroup(pid, 'SIGKILL');
      rmSync(join(runDir(), `pid-${pid}`), { force: true });
    };
    const stop = async () => {
      await halt();
      if (database && adminUrl) await dropDatabase(adminUrl, database.name);
      if (!process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
    };
    const runAdmin = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const cli = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/server/moderation/admin-cli.ts', ...args],
          { cwd: repoRoot, env: serverEnv(port, storage), stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        cli.on('error', reject);
        cli.on('exit', (code) =>
          code === 0
            ? resolve(output)
            : reject(new Error(`npm run admin failed (${code}): ${output}`)),
        );
      });

    launch();
    try {
      // The first start of a run may build the app (vite build on two cores).
      await waitForHealth(url, child!, logFile, 240_000);
      writeFileSync(builtMarker, new Date().toISOString());
    } catch (error) {
      await stop();
      throw error;
    }
    return {
      url,
      get pid() {
        return pid;
      },
      postgres: Boolean(database),
      logFile,
      outboxDir: join(dir, 'data', 'outbox'),
      async admin(args: string[]) {
        if (database) return runAdmin(args);
        await halt();
        try {
          return await runAdmin(args);
        } finally {
          launch();
          await waitForHealth(url, child!, logFile, 60_000);
        }
      },
      stop,
    };
  });
}

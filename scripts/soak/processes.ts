// Server processes for the soak run and the fault tests: the production server
// (`node scripts/start.mjs`, compiled when built), and a TCP proxy in front of PostgreSQL that can
// be stopped and started to take the database away without touching the shared cluster.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import {
  freePort,
  hasExited,
  SERVER_NODE_FLAGS,
  tailOf,
  waitForExit,
} from '../../test/support/local-processes';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** The settings every soak and fault server runs with (see README, Operations). */
export const SOAK_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  // As `npm start` sets it (package.json; README, "Memory a deployment needs").
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  // Every client comes from 127.0.0.1, as many people behind one NAT would: the per-IP limits
  // are off, the per-e-mail and per-account ones stay on (raised to what the mix needs).
  LOGIN_RATE_LIMIT_IP: '0',
  LOGIN_RATE_LIMIT_ATTEMPTS_IP: '0',
  LOGIN_RATE_LIMIT_EMAIL: '1000',
  LOGIN_RATE_LIMIT_EMAIL_GLOBAL: '10000',
  LOGIN_RATE_LIMIT_ACCOUNT: '10000',
  REGISTER_RATE_LIMIT_IP: '0',
  DOG_WRITE_RATE_LIMIT_IP: '0',
  DOG_WRITE_RATE_LIMIT_USER: '100000',
  PHOTO_UPLOAD_RATE_LIMIT_IP: '0',
  PHOTO_UPLOAD_RATE_LIMIT_USER: '100000',
  INTEREST_RATE_LIMIT_IP: '0',
  INTEREST_RATE_LIMIT_USER: '100000',
};

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  logFile: string;
  /** Resident set size now, bytes. */
  rss(): number;
  /** Resolves when the process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

export function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** `node scripts/start.mjs` with `env` on a free port; resolves once /api/health says 200. */
export async function startServerProcess(
  env: Record<string, string>,
  logFile: string,
  { build = false, readyTimeoutMs = 120_000 } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'TEST_DATABASE_URL', 'E2E_DATABASE_URL'])
    delete base[name];
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...base,
      ...SOAK_ENV,
      ...(build ? {} : { SKIP_BUILD: '1' }),
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error('could not spawn node scripts/start.mjs');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (hasExited(child)) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 15_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child))
      throw new Error(`server exited before it was ready:\n${tailOf(logFile, 30)}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return { url, pid, child, logFile, rss: () => rssOf(pid), exited, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server did not become healthy:\n${tailOf(logFile, 30)}`);
}

export interface TcpProxy {
  port: number;
  /** Accepts connections again (on the same port). */
  start(): Promise<void>;
  /** Refuses new connections and cuts every open one: the database is away. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to `host:port`, listening once started. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const listenPort = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({ host, port });
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => resolve());
    });
  const stop = async () => {
    const closing = server;
    server = undefined;
    const closed = closing
      ? new Promise<void>((resolve) => closing.close(() => resolve()))
      : Promise.resolve();
    for (const s of sockets) s.destroy();
    sockets.clear();
    await closed;
  };
  await start();
  return { port: listenPort, start, stop, close: stop };
}

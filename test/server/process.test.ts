// The real server as a process (`node scripts/start.mjs`): durability across kill -9, the
// DATA_DIR lock, graceful SIGTERM, bad configuration, and several processes on one PostgreSQL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/local-processes';
import { DEMO_DOGS } from '../../src/server/seed/demo';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Starting real processes (PGlite) is slow on a loaded machine.
const SLOW = { timeout: 180_000 };

// The production path: `npm start` runs the compiled server once it is built.
beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts', 'build', 'server.mjs')], { cwd: root });
}, 120_000);
const running = new Set<ChildProcess>();

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // SKIP_BUILD: these tests are about the server process, not the web bundle.
    env: { ...process.env, SKIP_BUILD: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

function exitOf(
  child: ChildProcess,
  timeoutMs = 30_000,
): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode, ms: 0 });
      return;
    }
    const timer = setTimeout(
      () => reject(new Error(`process ${child.pid} did not exit in ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ms: Date.now() - started });
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const { child, output } = spawnServer({ PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000; // generous: CI machines can be busy
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { child, url, output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output()}`);
}

async function api(server: Server, method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    setCookie: res.headers.get('set-cookie'),
  };
}

async function registerAndLogin(server: Server, email: string): Promise<string> {
  const password = 'lluvia-en-cali-1234';
  expect(
    (
      await api(server, 'POST', '/api/user/userRegister', {
        name: 'Proceso',
        email,
        password,
        passwordValidate: password,
        consent: true,
      })
    ).status,
  ).toBe(201);
  const res = await api(server, 'POST', '/api/user/userLogin', { email, password });
  expect(res.status).toBe(200);
  return res.setCookie!.split(';')[0]!;
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

describe('server process on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'happydog-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  let cookie = '';
  const acknowledged: number[] = [];
  let second: Server;

  it('kill -9 loses nothing that was acknowledged', SLOW, async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    cookie = await registerAndLogin(first, 'durable@example.com');
    // Sequential and concurrent writes; only 201 answers count as acknowledged.
    for (let i = 0; i < 5; i++)
      acknowledged.push(
        (await api(first, 'POST', '/api/dog', { name: `Seq ${i}`, city: 'Cali' }, cookie)).body.dog
          .id,
      );
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(first, 'POST', '/api/dog', { name: `Burst ${i}`, city: 'Palmira' }, cookie),
      ),
    );
    for (const res of burst) {
      expect(res.status).toBe(201);
      acknowledged.push(res.body.dog.id);
    }
    first.child.kill('SIGKILL');
    expect((await exitOf(first.child)).signal).toBe('SIGKILL');
    expect(existsSync(join(dataDir, 'happydog.lock'))).toBe(true); // left behind by the dead process

    second = await startServer({ DATA_DIR: dataDir });
    const dogs = (await api(second, 'GET', '/api/dog?limit=100', undefined, cookie)).body as {
      id: number;
      name: string;
    }[];
    const ids = new Set(dogs.map((d) => d.id));
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);
    // The session survived too, and the demo dogs were seeded once only.
    expect((await api(second, 'GET', '/api/user/me', undefined, cookie)).status).toBe(200);
    expect(dogs.filter((d) => DEMO_DOGS.some((demo) => demo.name === d.name)).length).toBe(
      DEMO_DOGS.length,
    );
  });

  it('a second process on the same DATA_DIR is refused with a clear message', SLOW, async () => {
    const port = await freePort();
    const intruder = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
    const { code } = await exitOf(intruder.child);
    expect(code).toBe(1);
    expect(intruder.output()).toContain(
      `is already in use by another Happy Dog server (pid ${second.child.pid})`,
    );
    expect((await api(second, 'GET', '/api/health')).status).toBe(200);
  });

  it(
    'SIGTERM finishes the request in flight, exits 0 promptly and releases DATA_DIR',
    SLOW,
    async () => {
      // A request whose body is still arriving when SIGTERM lands, on a connection the server has
      // already accepted (a first request went through it).
      const body = JSON.stringify({ email: 'durable@example.com', password: 'mala' });
      const { port } = new URL(second.url);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const send = (method: string, path: string, onSent: (req: ClientRequest) => void) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              method,
              path,
              agent,
              headers:
                method === 'POST'
                  ? {
                      'content-type': 'application/json',
                      'content-length': Buffer.byteLength(body),
                    }
                  : {},
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          );
          req.on('error', reject);
          onSent(req);
        });
      expect(await send('GET', '/api/health', (req) => req.end())).toBe(200);
      let finish = () => {};
      const reply = send('POST', '/api/user/userLogin', (req) => {
        req.write(body.slice(0, 10));
        finish = () => req.end(body.slice(10));
      });
      await new Promise((r) => setTimeout(r, 1000));
      second.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      finish();
      expect(await reply).toBe(401);
      agent.destroy();
      const exit = await exitOf(second.child);
      expect(exit.code).toBe(0);
      expect(exit.ms).toBeLessThan(9_000);
      expect(existsSync(join(dataDir, 'happydog.lock'))).toBe(false);
    },
  );

  it(
    'a new DATA_DIR is made without initdb in the server, private, migrated and seeded; one open to others is reopened with a warning',
    SLOW,
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'happydog-new-')), 'data');
      try {
        const server = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'info' });
        const ready = server
          .output()
          .split('\n')
          .filter((line) => line.includes('"database ready"'))
          .map((line) => JSON.parse(line) as { pgdata: string; applied: number[]; code: string });
        expect(ready).toHaveLength(1);
        // From the build's demo image, the prepared empty image, or a child that built it first.
        expect(['demo image', 'image', 'child']).toContain(ready[0]!.pgdata);
        // The image is migrated already.
        expect(ready[0]!.applied).toEqual([]);
        // No TypeScript compiler in the serving process.
        expect(ready[0]!.code).toBe('compiled');
        // A plain line with the address, and a warning while the contact details are placeholders.
        expect(server.output()).toContain(`"msg":"listening at ${server.url}"`);
        expect(server.output()).toMatch(
          /"level":40[^\n]*placeholder contact details[^\n]*SITE_EMAIL/,
        );
        expect((await api(server, 'GET', '/api/dog')).body).toHaveLength(DEMO_DOGS.length);
        expect(statSync(dir).mode & 0o777).toBe(0o700);
        expect(statSync(join(dir, 'pgdata')).mode & 0o777).toBe(0o700);
        expect(statSync(join(dir, 'pgdata', 'PG_VERSION')).mode & 0o777).toBe(0o600);
        server.child.kill('SIGTERM');
        expect((await exitOf(server.child)).code).toBe(0);

        chmodSync(dir, 0o777);
        const again = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'info' });
        expect(again.output()).toContain(`${dir} is open to other users (mode 777)`);
        expect(again.output()).toContain('"pgdata":"existing"');
        again.child.kill('SIGTERM');
        expect((await exitOf(again.child)).code).toBe(0);
      } finally {
        rmSync(dirname(dir), { recursive: true, force: true });
      }
    },
  );

  it('SEED_DEMO=false starts with an empty list', SLOW, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'happydog-noseed-'));
    try {
      const server = await startServer({
        DATA_DIR: dir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        SITE_EMAIL: 'hola@refugio.example',
        SITE_PHONE: '+57 300 555 0199',
        SITE_ADDRESS: 'Carrera 100 # 11-60',
        SITE_CITY: 'Cali, Colombia',
        SITE_INSTAGRAM_URL: 'https://www.instagram.com/refugio',
        SITE_FACEBOOK_URL: 'https://www.facebook.com/refugio',
        SITE_WHATSAPP_URL: 'https://wa.me/573005550199',
      });
      expect((await api(server, 'GET', '/api/dog')).body).toEqual([]);
      // The configured identity is the site's, and nothing is said about placeholders.
      expect((await api(server, 'GET', '/api/site')).body).toMatchObject({
        email: 'hola@refugio.example',
        street: 'Carrera 100 # 11-60',
      });
      expect(server.output()).not.toContain('placeholder');
      server.child.kill('SIGINT');
      expect((await exitOf(server.child)).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'a bad configuration value stops start-up with one line naming the variable',
    SLOW,
    async () => {
      const { child, output } = spawnServer({
        PORT: 'abc',
        DATA_DIR: join(tmpdir(), 'happydog-never-created'),
      });
      expect((await exitOf(child)).code).toBe(1);
      expect(output().trim()).toBe(
        'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")',
      );
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'several server processes on one PostgreSQL',
  () => {
    const schema = `proc_${randomBytes(5).toString('hex')}`;
    const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    let databaseUrl = '';

    afterAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });

    it('share sessions and rate limits, and never seed demo dogs', SLOW, async () => {
      const client = admin();
      await client.connect();
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = url.toString();

      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(tmpdir(), 'happydog-unused'),
        LOGIN_RATE_LIMIT_EMAIL: '2',
      };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        expect((await api(a, 'GET', '/api/dog')).body).toEqual([]);
        const cookie = await registerAndLogin(a, 'shared@example.com');
        expect((await api(b, 'GET', '/api/user/me', undefined, cookie)).body.user.email).toBe(
          'shared@example.com',
        );
        const dog = (await api(b, 'POST', '/api/dog', { name: 'Compartido', city: 'Cali' }, cookie))
          .body.dog;
        expect((await api(a, 'GET', `/api/dog/${dog.id}`)).status).toBe(200);
        // Failed logins on A and B add up.
        expect(
          (
            await api(a, 'POST', '/api/user/userLogin', {
              email: 'shared@example.com',
              password: 'mala',
            })
          ).status,
        ).toBe(401);
        expect(
          (
            await api(b, 'POST', '/api/user/userLogin', {
              email: 'shared@example.com',
              password: 'mala',
            })
          ).status,
        ).toBe(401);
        expect(
          (
            await api(a, 'POST', '/api/user/userLogin', {
              email: 'shared@example.com',
              password: 'lluvia-en-cali-1234',
            })
          ).status,
        ).toBe(429);
        // Logout on B ends the session for A too.
        await api(b, 'GET', '/api/user/userLogout', undefined, cookie);
        expect((await api(a, 'GET', '/api/user/me', undefined, cookie)).status).toBe(401);
      } finally {
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        expect((await exitOf(a.child)).code).toBe(0);
        expect((await exitOf(b.child)).code).toBe(0);
      }
    });
  },
);

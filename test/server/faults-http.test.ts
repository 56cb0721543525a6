// Slow clients and a shutdown under load. A client trickling its headers or body, or holding an
// idle connection, is cut off by the server's timeouts (HTTP_*_TIMEOUT_SECONDS) while everyone
// else is served; SIGTERM in the middle of a mixed load lets the requests in flight finish,
// refuses new ones cleanly and exits 0 within 10 s with nothing acknowledged lost.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open';
import { SHUTTING_DOWN_MESSAGE } from '../../src/server/http/lifecycle';
import { repoRoot, startServerProcess } from '../../scripts/soak/processes';
import {
  audit,
  emptyLedger,
  registerOwners,
  runWorkload,
  type Sample,
} from '../../scripts/soak/workload';
import { openTestDatabase, type TestDatabase } from './helpers/database';
import { makeApp, testConfig } from './helpers/app';
import { makeJpegPhoto } from '../support/photos';

async function until(what: string, ms: number, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('HTTP timeouts', () => {
  it('are configurable; the headers deadline never exceeds the request deadline', () => {
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_SECONDS: '20',
        HTTP_REQUEST_TIMEOUT_SECONDS: '15',
        HTTP_IDLE_TIMEOUT_SECONDS: '7',
        HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '3',
      }).httpTimeouts,
    ).toEqual({
      headersMs: 15_000,
      requestMs: 15_000,
      idleMs: 7_000,
      keepAliveMs: 3_000,
      photoBodyMs: 15_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(
      'HTTP_REQUEST_TIMEOUT_SECONDS must be an integer between 1 and 3600',
    );
  });
});

describe('slow clients cannot hold the server', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let port = 0;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    app = await makeApp(t.db, {
      config: testConfig(
        {},
        {
          HTTP_HEADERS_TIMEOUT_SECONDS: '1',
          HTTP_REQUEST_TIMEOUT_SECONDS: '2',
          HTTP_IDLE_TIMEOUT_SECONDS: '2',
          HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
        },
      ),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await app.close();
    await t.close();
  });

  /** A raw connection; resolves with what the server sent and when it closed it. */
  function slowClient(feed: (socket: Socket) => void) {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const opened = Date.now();
    let received = '';
    socket.on('data', (d) => (received += d));
    socket.on('error', () => {});
    socket.on('connect', () => feed(socket));
    return new Promise<{ received: string; afterMs: number }>((resolve) =>
      socket.on('close', () => resolve({ received, afterMs: Date.now() - opened })),
    );
  }

  /** Writes `text` one byte every `everyMs` until the socket closes. */
  function trickle(socket: Socket, text: string, everyMs: number) {
    let i = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || i >= text.length) return clearInterval(timer);
      socket.write(text[i++]!);
    }, everyMs);
    socket.on('close', () => clearInterval(timer));
  }

  const get = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });

  it('cuts headers trickled forever, a body trickled over a minute and a silent connection', async () => {
    const headers = slowClient((s) =>
      trickle(s, `GET /api/health HTTP/1.1\r\nHost: x\r\n${'X-Lento: 1\r\n'.repeat(200)}\r\n`, 100),
    );
    const body = '{"email":"lento@example.com","password":"clave-lenta"}';
    const trickledBody = slowClient((s) => {
      s.write(
        `POST /api/user/userLogin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      trickle(s, body, 60_000 / body.length); // the whole body over 60 s
    });
    const silent = slowClient(() => {});
    // A crowd of them does not keep anyone else waiting.
    const crowd = Array.from({ length: 20 }, () =>
      slowClient((s) => trickle(s, 'GET /api/health HTTP/1.1\r\n', 500)),
    );
    for (let i = 0; i < 5; i++) expect(await get()).toBe(200);

    const [h, b, idle] = await Promise.all([headers, trickledBody, silent]);
    // Headers: 1 s, checked every second; body: 2 s. Far below the 60 s the clients wanted.
    expect(h.afterMs).toBeLessThan(5_000);
    expect(h.received).toMatch(/^HTTP\/1\.1 408/);
    expect(b.afterMs).toBeLessThan(6_000);
    expect(b.received).toMatch(/^HTTP\/1\.1 408/);
    expect(idle.afterMs).toBeLessThan(5_000);
    for (const c of await Promise.all(crowd)) expect(c.afterMs).toBeLessThan(5_000);
    expect(await get()).toBe(200);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const idle = slowClient((s) => s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'));
    const { received, afterMs } = await idle;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toMatch(/Keep-Alive: timeout=1/i);
    expect(afterMs).toBeLessThan(4_000);
  });
});

describe('SIGTERM in the middle of the load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'happydog-sigterm-'));
  beforeAll(() => {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build', 'server.mjs')], {
      cwd: repoRoot,
    });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finishes the requests in flight, refuses new ones cleanly, exits 0 within 10 s, loses nothing', async () => {
    const env = { DATA_DIR: join(dir, 'data') };
    const server = await startServerProcess(env, join(dir, 'server.log'));
    try {
      // The probe sends the request in flight; the others make the load.
      const [probe, ...owners] = await registerOwners(
        server.url,
        4,
        randomBytes(3).toString('hex'),
      );
      const ledger = emptyLedger();
      const samples: Sample[] = [];
      const stop = new AbortController();
      const load = runWorkload(
        {
          targets: [server.url],
          owners,
          visitors: 3,
          photo: await makeJpegPhoto(320, 240),
          pages: false,
          signal: stop.signal,
          onSample: (s) => samples.push(s),
        },
        ledger,
      );
      await until('load under way', 20_000, () => ledger.dogs.size >= 3);

      // A request in flight: its body is still arriving when SIGTERM lands.
      const { port } = new URL(server.url);
      const payload = JSON.stringify({ name: 'En vuelo', city: 'Cali' });
      let finish = () => {};
      let arrived = false;
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/dog',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              cookie: probe!.cookie!,
              // The server's "100 Continue" says it has the request (its hooks have run).
              expect: '100-continue',
            },
            agent: false,
          },
          (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.on('continue', () => {
          arrived = true;
          req.write(payload.slice(0, 5));
        });
        req.flushHeaders();
        finish = () => req.end(payload.slice(5));
      });
      await until('the request in flight reached the server', 10_000, () => arrived);

      const termAt = Date.now();
      server.child.kill('SIGTERM');
      // New connections are refused, or answered with a Spanish 503 while requests finish.
      const refusals: (number | string)[] = [];
      await until('new connections refused', 8_000, async () => {
        try {
          const res = await fetch(`${server.url}/api/health`, {
            signal: AbortSignal.timeout(2_000),
          });
          const text = await res.text();
          refusals.push(res.status);
          if (res.status === 503)
            expect(JSON.parse(text)).toEqual({ error: SHUTTING_DOWN_MESSAGE });
          return false;
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code ?? 'error';
          refusals.push(code);
          return code === 'ECONNREFUSED';
        }
      });
      finish();
      const answer = await inFlight;
      expect(answer.status).toBe(201); // it finished, and was acknowledged
      const id = (JSON.parse(answer.body) as { dog: { id: number } }).dog.id;
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - termAt).toBeLessThan(10_000);
      stop.abort();
      await load;

      // Nothing the load saw was a server error or a half answer: 2xx, a refusal (503 or no
      // connection after the signal), a wrong password's 401, or a view of a deleted dog.
      const bad = samples.filter(
        (s) =>
          !(s.status >= 200 && s.status < 300) &&
          !(s.status === 503 || (s.status === 0 && s.at >= termAt)) &&
          !(s.kind === 'login-wrong' && s.status === 401) &&
          !(s.kind.startsWith('view') && s.status === 404),
      );
      expect(bad.map((s) => `${s.kind} ${s.status}`)).toEqual([]);
      expect(refusals.length).toBeGreaterThan(0);

      const database = await openDatabase(loadConfig(env));
      try {
        const result = await audit(database.db, ledger, owners);
        expect(result.dogsChecked).toBeGreaterThan(0);
        expect(result.problems).toEqual([]);
        const rows = await database.db.query<{ name: string }>(
          'SELECT name FROM dogs WHERE id = $1',
          [id],
        );
        expect(rows).toEqual([{ name: 'En vuelo' }]);
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});

// Moderation: reports on listings, the admin-only API (walked from /api/openapi.json), hidden
// listings gone from every answer (cached lists included) but their owner's, blocked accounts
// whose sessions end at once, the audit log, and `npm run admin`. On each database backend.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { LOCK_FILE_NAME, processStartTime } from '../../src/server/db/lock';
import { ADMIN_USAGE, CLI_ACTOR, runAdminCommand } from '../../src/server/moderation/admin-command';
import { MESSAGES } from '../../src/shared/api';
import { MODERATION_MESSAGES } from '../../src/shared/moderation';
import {
  createDog,
  createUser,
  insertSession,
  login,
  makeApp,
  testConfig,
  TestClock,
  type TestUser,
} from './helpers/app';
import {
  BACKENDS,
  deletingDogBefore,
  openTestDatabase,
  type TestDatabase,
} from './helpers/database';

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
}

describe.each(BACKENDS)('moderation on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let owner: TestUser;
  let reporter: TestUser;
  let admin: TestUser;
  let ownerCookie: string;
  let reporterCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = new TestClock();
    app = await makeApp(t.db, {
      clock,
      config: testConfig({ reportPerUser: 6 }, { SITE_EMAIL: 'ayuda@refugio.example' }),
    });
    owner = await createUser(t.db, { name: 'Dueña Uno' });
    reporter = await createUser(t.db, { name: 'Vecina Dos' });
    admin = await createUser(t.db, { name: 'Admin Tres' });
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    [ownerCookie, reporterCookie, adminCookie] = await Promise.all(
      [owner, reporter, admin].map((u) => insertSession(t.db, u.id, clock.now())),
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      ...(cookie && { headers: { cookie } }),
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });

  const listIds = async (cookie?: string) =>
    ((await call('GET', '/api/dog', cookie)).json() as { id: number }[]).map((d) => d.id);

  describe('POST /api/dog/:id/report', () => {
    it('takes one report per person and listing, in Spanish when refused', async () => {
      const dog = await createDog(app, ownerCookie);
      const url = `/api/dog/${dog.id}/report`;
      const anonymous = await call('POST', url, undefined, { reason: 'spam' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: MESSAGES.notLoggedIn });

      const bad = await call('POST', url, reporterCookie, { reason: 'nope', details: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'Elige un motivo del reporte' });
      const long = await call('POST', url, reporterCookie, {
        reason: 'other',
        details: 'x'.repeat(1001),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toMatch(/detalles no pueden superar 1000/);

      const first = await call('POST', url, reporterCookie, {
        reason: 'sale',
        details: ' Piden 300.000 pesos ',
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ id: expect.any(Number) });
      const again = await call('POST', url, reporterCookie, { reason: 'spam', details: '' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: MODERATION_MESSAGES.alreadyReported });

      const own = await call('POST', url, ownerCookie, { reason: 'spam' });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ error: MODERATION_MESSAGES.ownListing });
      const missing = await call('POST', '/api/dog/999999/report', reporterCookie, {
        reason: 'spam',
      });
      expect(missing.statusCode).toBe(404);

      const groups = (await call('GET', '/api/admin/reports', adminCookie)).json();
      expect(groups).toEqual([
        {
          dog: { id: dog.id, name: dog.name, city: 'Cali', hidden: false },
          owner: { id: owner.id, name: owner.name, email: owner.email, blocked: false },
          count: 1,
          reports: [
            {
              id: first.json().id,
              reason: 'sale',
              details: 'Piden 300.000 pesos',
              created_at: clock.now().toISOString(),
              source: 'community',
              reporter: { id: reporter.id, name: reporter.name, email: reporter.email },
            },
          ],
        },
      ]);
    });

    it('a listing deleted after the checks and before the insert: a Spanish 404, nothing stored', async () => {
      const dog = await createDog(app, ownerCookie);
      const racing = await makeApp(deletingDogBefore(t.db, 'INSERT INTO reports', 0), {
        clock,
        config: testConfig({ reportPerUser: 6 }),
      });
      try {
        const res = await racing.inject({
          method: 'POST',
          url: `/api/dog/${dog.id}/report`,
          headers: { cookie: reporterCookie },
          payload: { reason: 'spam' },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: MESSAGES.dogNotFound });
      } finally {
        await racing.close();
      }
      expect(await t.db.query('SELECT id FROM reports')).toEqual([]);
    });

    it('groups open reports by listing, the most reported first', async () => {
      const quiet = await createDog(app, ownerCookie, { name: 'Quieto' });
      const loud = await createDog(app, ownerCookie, { name: 'Ruidoso' });
      await call('POST', `/api/dog/${quiet.id}/report`, reporterCookie, { reason: 'spam' });
      await call('POST', `/api/dog/${loud.id}/report`, reporterCookie, { reason: 'abuse' });
      await call('POST', `/api/dog/${loud.id}/report`, adminCookie, { reason: 'other' });
      const groups = (await call('GET', '/api/admin/reports', adminCookie)).json() as {
        dog: { name: string };
        count: number;
      }[];
      expect(groups.map((g) => [g.dog.name, g.count])).toEqual([
        ['Ruidoso', 2],
        ['Quieto', 1],
      ]);
    });

    it('is rate limited per person', async () => {
      const dogs = await Promise.all(
        [1, 2, 3, 4, 5, 6, 7].map((n) => createDog(app, ownerCookie, { name: `Perro ${n}` })),
      );
      for (const dog of dogs.slice(0, 6)) {
        const res = await call('POST', `/api/dog/${dog.id}/report`, reporterCookie, {
          reason: 'spam',
        });
        expect(res.statusCode).toBe(201);
      }
      const limited = await call('POST', `/api/dog/${dogs[6]!.id}/report`, reporterCookie, {
        reason: 'spam',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    });
  });

  describe('admin API', () => {
    it('refuses every admin route documented in /api/openapi.json to anyone but an admin', async () => {
      const doc = (await call('GET', '/api/openapi.json')).json() as OpenApiDocument;
      const operations = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/admin/'))
        .flatMap(([path, ops]) =>
          Object.entries(ops).map(([method, op]) => ({
            method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
            url: path.replace('{id}', '1'),
            op,
          })),
        );
      expect(operations.map((o) => `${o.method} ${o.url}`).sort()).toEqual(
        [
          'GET /api/admin/reports',
          'GET /api/admin/dogs/hidden',
          'GET /api/admin/users/blocked',
          'GET /api/admin/audit',
          'POST /api/admin/dog/1/hide',
          'POST /api/admin/dog/1/restore',
          'POST /api/admin/user/1/block',
          'POST /api/admin/user/1/unblock',
          'POST /api/admin/report/1/dismiss',
          'GET /api/admin/jobs',
          'POST /api/admin/jobs/1/retry',
          'GET /api/admin/lost-found/reports',
          'POST /api/admin/lost-found/1/hide',
          'POST /api/admin/lost-found/1/restore',
          'GET /api/admin/orgs',
          'POST /api/admin/orgs/1/verify',
          'DELETE /api/admin/orgs/1/verify',
        ].sort(),
      );
      const dog = await createDog(app, ownerCookie);
      const before = await listIds();
      for (const { method, url, op } of operations) {
        expect(op.security).toEqual([{ sessionCookie: [] }]);
        // A valid body: the refusal must come from the role, not from validation.
        const payload = method === 'POST' ? { reason: 'Porque sí' } : undefined;
        const asUser = await call(method, url.replace('/1/', `/${dog.id}/`), ownerCookie, payload);
        expect(asUser.statusCode, `${method} ${url}`).toBe(403);
        expect(asUser.json()).toEqual({ error: MESSAGES.adminOnly });
        const asNobody = await call(method, url, undefined, payload);
        expect(asNobody.statusCode, `${method} ${url}`).toBe(401);
        expect(asNobody.json()).toEqual({ error: MESSAGES.notLoggedIn });
      }
      // Nothing happened.
      expect(await listIds()).toEqual(before);
      expect((await call('GET', '/api/admin/audit', adminCookie)).json()).toEqual([]);
      expect((await call('GET', '/api/user/me', ownerCookie)).statusCode).toBe(200);
    });

    it('a role taken from a client is ignored: registering or editing cannot make an admin', async () => {
      const res = await call('PATCH', '/api/user/me', ownerCookie, {
        name: 'Dueña Uno',
        role: 'admin',
      });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/admin/reports', ownerCookie)).statusCode).toBe(403);
    });

    it('answers bad ids and reasons with Spanish errors', async () => {
      const dog = await createDog(app, ownerCookie);
      const empty = await call('POST', `/api/admin/dog/${dog.id}/hide`, adminCookie, {
        reason: '   ',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ error: 'El motivo es obligatorio' });
      const badId = await call('POST', '/api/admin/user/abc/block', adminCookie, { reason: 'x' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toEqual({ error: 'El id de la cuenta no es válido' });
      const missing = await call('POST', '/api/admin/dog/999999/hide', adminCookie, {
        reason: 'x',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: MESSAGES.dogNotFound });
      const noUser = await call('POST', '/api/admin/user/999999/block', adminCookie, {
        reason: 'x',
      });
      expect(noUser.statusCode).toBe(404);
      const self = await call('POST', `/api/admin/user/${admin.id}/block`, adminCookie, {
        reason: 'x',
      });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ error: MODERATION_MESSAGES.blockSelf });
      const notHidden = await call('POST', `/api/admin/dog/${dog.id}/restore`, adminCookie);
      expect(notHidden.statusCode).toBe(409);
      expect(notHidden.json()).toEqual({ error: MODERATION_MESSAGES.notHidden });
      const noReport = await call('POST', '/api/admin/report/999/dismiss', adminCookie, {});
      expect(noReport.statusCode).toBe(404);
    });
  });

  describe('hiding a listing', () => {
    it('removes it from every answer to anyone but its owner, cached lists included', async () => {
      const kept = await createDog(app, ownerCookie, { name: 'Se queda' });
      const dog = await createDog(app, ownerCookie, { name: 'Se oculta' });
      await call('POST', `/api/dog/${dog.id}/report`, reporterCookie, { reason: 'sale' });
      // Warm the list cache for both audiences, pages and details.
      for (const cookie of [undefined, reporterCookie]) {
        expect(await listIds(cookie)).toEqual([dog.id, kept.id]);
        expect((await call('GET', `/api/dog/${dog.id}`, cookie)).statusCode).toBe(200);
        expect(
          (await call('GET', `/api/dog?limit=1&before=${dog.id + 1}`, cookie)).json(),
        ).toHaveLength(1);
      }

      const hide = await call('POST', `/api/admin/dog/${dog.id}/hide`, adminCookie, {
        reason: 'Venta de cachorros',
      });
      expect(hide.statusCode).toBe(204);

      for (const cookie of [undefined, reporterCookie, adminCookie]) {
        expect(await listIds(cookie)).toEqual([kept.id]);
        const page = await call('GET', `/api/dog?limit=1&before=${dog.id + 1}`, cookie);
        expect((page.json() as { id: number }[]).map((d) => d.id)).toEqual([kept.id]);
        const detail = await call('GET', `/api/dog/${dog.id}`, cookie);
        expect(detail.statusCode).toBe(404);
        expect(detail.json()).toEqual({ error: MESSAGES.dogNotFound });
        expect(detail.body).not.toContain('Venta de cachorros');
      }
      // Nor can it be reported any more.
      const report = await call('POST', `/api/dog/${dog.id}/report`, adminCookie, {
        reason: 'spam',
      });
      expect(report.statusCode).toBe(404);

      // The owner still sees it, and why.
      const own = await call('GET', `/api/dog/${dog.id}`, ownerCookie);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({
        id: dog.id,
        name: 'Se oculta',
        hidden_reason: 'Venta de cachorros',
        user: { email: owner.email },
      });
      // The owner's edits keep it hidden.
      const edit = await call('PUT', `/api/dog/${dog.id}`, ownerCookie, {
        name: 'Renombrado',
        city: 'Cali',
      });
      expect(edit.statusCode).toBe(200);
      expect(await listIds()).toEqual([kept.id]);

      // Its reports are answered; the hidden list and the audit log say so.
      expect((await call('GET', '/api/admin/reports', adminCookie)).json()).toEqual([]);
      const hidden = (await call('GET', '/api/admin/dogs/hidden', adminCookie)).json();
      expect(hidden).toEqual([
        {
          id: dog.id,
          name: 'Renombrado',
          reason: 'Venta de cachorros',
          hidden_at: clock.now().toISOString(),
          owner: { id: owner.id, name: owner.name, email: owner.email },
        },
      ]);
      const again = await call('POST', `/api/admin/dog/${dog.id}/hide`, adminCookie, {
        reason: 'otra vez',
      });
      expect(again.statusCode).toBe(409);

      // Restored, it is back for everyone.
      expect((await call('POST', `/api/admin/dog/${dog.id}/restore`, adminCookie)).statusCode).toBe(
        204,
      );
      for (const cookie of [undefined, reporterCookie]) {
        expect(await listIds(cookie)).toEqual([dog.id, kept.id]);
        const detail = await call('GET', `/api/dog/${dog.id}`, cookie);
        expect(detail.statusCode).toBe(200);
        expect(detail.json()).not.toHaveProperty('hidden_reason');
      }

      const audit = (await call('GET', '/api/admin/audit', adminCookie)).json();
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'dog_restore',
          target_type: 'dog',
          target_id: dog.id,
          actor: `${admin.name} <${admin.email}>`,
        }),
        {
          id: expect.any(Number),
          actor: `${admin.name} <${admin.email}>`,
          action: 'dog_hide',
          target_type: 'dog',
          target_id: dog.id,
          target_label: 'Se oculta',
          reason: 'Venta de cachorros',
          created_at: clock.now().toISOString(),
        },
      ]);
    });
  });

  describe('blocking an account', () => {
    it('ends its sessions on the next request, refuses its login and hides its listings', async () => {
      const dog = await createDog(app, ownerCookie);
      const loggedIn = await login(app, owner);
      expect((await call('GET', '/api/user/me', loggedIn)).statusCode).toBe(200);
      expect(await listIds(reporterCookie)).toEqual([dog.id]);

      const block = await call('POST', `/api/admin/user/${owner.id}/block`, adminCookie, {
        reason: 'Vende perros',
      });
      expect(block.statusCode).toBe(204);

      for (const cookie of [ownerCookie, loggedIn]) {
        const me = await call('GET', '/api/user/me', cookie);
        expect(me.statusCode).toBe(401);
        const write = await call('POST', '/api/dog', cookie, { name: 'Otro', city: 'Cali' });
        expect(write.statusCode).toBe(401);
      }
      const relogin = await call('POST', '/api/user/userLogin', undefined, {
        email: owner.email,
        password: owner.password,
      });
      expect(relogin.statusCode).toBe(403);
      // It names where to write: the configured address.
      expect(relogin.json()).toEqual({
        error:
          'Tu cuenta está bloqueada. Si crees que es un error, escríbenos a ayuda@refugio.example.',
      });
      expect(relogin.headers['set-cookie']).toBeUndefined();
      // A wrong password learns nothing about the block.
      const wrong = await call('POST', '/api/user/userLogin', undefined, {
        email: owner.email,
        password: 'no-es-la-clave',
      });
      expect(wrong.statusCode).toBe(401);

      for (const cookie of [undefined, reporterCookie]) {
        expect(await listIds(cookie)).toEqual([]);
        expect((await call('GET', `/api/dog/${dog.id}`, cookie)).statusCode).toBe(404);
      }
      expect((await call('GET', '/api/admin/users/blocked', adminCookie)).json()).toEqual([
        {
          id: owner.id,
          name: owner.name,
          email: owner.email,
          reason: 'Vende perros',
          blocked_at: clock.now().toISOString(),
        },
      ]);

      expect(
        (await call('POST', `/api/admin/user/${owner.id}/unblock`, adminCookie)).statusCode,
      ).toBe(204);
      expect(await listIds()).toEqual([dog.id]);
      await login(app, owner);
      const actions = (
        (await call('GET', '/api/admin/audit', adminCookie)).json() as {
          action: string;
          reason: string;
          target_label: string;
        }[]
      ).map((e) => [e.action, e.reason, e.target_label]);
      expect(actions).toEqual([
        ['user_unblock', '', `${owner.name} <${owner.email}>`],
        ['user_block', 'Vende perros', `${owner.name} <${owner.email}>`],
      ]);
    });

    it('a revoked admin loses the console on the next request', async () => {
      expect((await call('GET', '/api/admin/audit', adminCookie)).statusCode).toBe(200);
      await t.db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [admin.id]);
      expect((await call('GET', '/api/admin/audit', adminCookie)).statusCode).toBe(403);
    });
  });

  describe('dismissing a report', () => {
    it('closes it, leaves the listing as it is and writes the audit entry', async () => {
      const dog = await createDog(app, ownerCookie);
      const report = await call('POST', `/api/dog/${dog.id}/report`, reporterCookie, {
        reason: 'false_info',
      });
      const id = report.json().id as number;
      const res = await call('POST', `/api/admin/report/${id}/dismiss`, adminCookie, {
        reason: 'Datos correctos',
      });
      expect(res.statusCode).toBe(204);
      expect((await call('GET', '/api/admin/reports', adminCookie)).json()).toEqual([]);
      expect(await listIds()).toEqual([dog.id]);
      const twice = await call('POST', `/api/admin/report/${id}/dismiss`, adminCookie, {});
      expect(twice.statusCode).toBe(404);
      expect((await call('GET', '/api/admin/audit', adminCookie)).json()).toEqual([
        expect.objectContaining({
          action: 'report_dismiss',
          target_type: 'report',
          target_id: id,
          target_label: dog.name,
          reason: 'Datos correctos',
        }),
      ]);
      // The audit log is in nothing the people involved can read.
      for (const cookie of [reporterCookie, ownerCookie]) {
        const exported = await call('GET', '/api/user/export', cookie);
        expect(exported.statusCode).toBe(200);
        expect(exported.body).not.toContain('Datos correctos');
      }
      // The reporter's own data export lists the report (Ley 1581), and only there.
      const mine = (await call('GET', '/api/user/export', reporterCookie)).json();
      expect(mine.reports).toEqual([
        expect.objectContaining({ dog_id: dog.id, reason: 'false_info', state: 'dismissed' }),
      ]);
      expect((await call('GET', '/api/user/export', ownerCookie)).json().reports).toEqual([]);
      expect((await call('GET', '/api/user/export', adminCookie)).json()).not.toHaveProperty(
        'other',
      );
    });
  });

  if (backend === 'postgres') {
    it('another process sees a hide and a block on its very next request', async () => {
      const other = await makeApp(t.db, { clock });
      try {
        const dog = await createDog(app, ownerCookie);
        const ownerOnOther = await login(other, owner);
        const otherList = async () =>
          ((await other.inject({ url: '/api/dog' })).json() as { id: number }[]).map((d) => d.id);
        expect(await otherList()).toEqual([dog.id]);
        expect(
          (await other.inject({ url: '/api/user/me', headers: { cookie: ownerOnOther } }))
            .statusCode,
        ).toBe(200);
        await call('POST', `/api/admin/dog/${dog.id}/hide`, adminCookie, { reason: 'x' });
        expect(await otherList()).toEqual([]);
        await call('POST', `/api/admin/dog/${dog.id}/restore`, adminCookie);
        expect(await otherList()).toEqual([dog.id]);
        await call('POST', `/api/admin/user/${owner.id}/block`, adminCookie, { reason: 'x' });
        expect(
          (await other.inject({ url: '/api/user/me', headers: { cookie: ownerOnOther } }))
            .statusCode,
        ).toBe(401);
        expect(await otherList()).toEqual([]);
      } finally {
        await other.close();
      }
    });
  }

  describe('npm run admin', () => {
    const io = () => {
      const lines = { out: [] as string[], err: [] as string[] };
      return {
        lines,
        io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) },
      };
    };
    const opener = async () => ({
      db: t.db,
      close: async () => {},
      describe: 'test',
      warnings: [],
    });

    it('grants and revokes the admin role by e-mail, with an audit entry each', async () => {
      const { lines, io: out } = io();
      const config = testConfig();
      expect((await call('GET', '/api/admin/reports', reporterCookie)).statusCode).toBe(403);
      expect(
        await runAdminCommand(['grant', reporter.email.toUpperCase()], config, out, opener),
      ).toBe(0);
      expect(lines.out.at(-1)).toContain('ahora tiene el rol de administración');
      // The live session has the new role on its next request.
      expect((await call('GET', '/api/admin/reports', reporterCookie)).statusCode).toBe(200);
      expect(await runAdminCommand(['grant', reporter.email], config, out, opener)).toBe(0);
      expect(lines.out.at(-1)).toContain('ya tenía el rol de administración');
      expect(await runAdminCommand(['revoke', reporter.email], config, out, opener)).toBe(0);
      expect((await call('GET', '/api/admin/reports', reporterCookie)).statusCode).toBe(403);

      const audit = (await call('GET', '/api/admin/audit', adminCookie)).json() as {
        actor: string;
        action: string;
        target_id: number;
      }[];
      expect(audit.map((e) => [e.actor, e.action, e.target_id])).toEqual([
        [CLI_ACTOR, 'role_revoke', reporter.id],
        [CLI_ACTOR, 'role_grant', reporter.id],
      ]);

      expect(await runAdminCommand(['grant', 'nadie@example.com'], config, out, opener)).toBe(1);
      expect(lines.err.at(-1)).toContain('No hay ninguna cuenta con el correo nadie@example.com');
      expect(await runAdminCommand(['promote', 'x@example.com'], config, out, opener)).toBe(2);
      expect(await runAdminCommand(['grant'], config, out, opener)).toBe(2);
      expect(lines.err.at(-1)).toBe(ADMIN_USAGE);
    });
  });
});

describe('npm run admin without a database in DATA_DIR', () => {
  it('says which DATA_DIR it looked in and creates nothing', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'hd-admin-none-'));
    const dataDir = join(parent, 'data');
    const lines = { out: [] as string[], err: [] as string[] };
    try {
      const code = await runAdminCommand(
        ['grant', 'ana@example.com'],
        testConfig({}, { DATA_DIR: dataDir }),
        { out: (l) => lines.out.push(l), err: (l) => lines.err.push(l) },
      );
      expect(code).toBe(1);
      expect(lines.err.join('\n')).toContain(`No hay ninguna base de datos en DATA_DIR ${dataDir}`);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('npm run admin on an embedded DATA_DIR a server holds', () => {
  it('says so in Spanish and English and leaves the database alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hd-admin-'));
    try {
      // A live lock, as a running server leaves it: this test's parent process holds it.
      const pid = process.ppid;
      writeFileSync(join(dataDir, LOCK_FILE_NAME), `${pid}\nstart=${processStartTime(pid)}\n`);
      const err: string[] = [];
      const code = await runAdminCommand(
        ['grant', 'ana@example.com'],
        loadConfig({ DATA_DIR: dataDir }),
        { out: () => {}, err: (l) => err.push(l) },
      );
      expect(code).toBe(1);
      expect(err.join('\n')).toContain(
        `El servidor de Happy Dog está en marcha con DATA_DIR ${dataDir}`,
      );
      expect(err.join('\n')).toContain('The Happy Dog server is running');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

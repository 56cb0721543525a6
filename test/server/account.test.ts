// Accounts and personal data: registration consent, profile and phone, password change, sign
// out everywhere, data export, account deletion and password reset, with e-mail delivered to a
// real SMTP peer. On each database backend.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, RESET_TOKEN_TTL_MS } from '../../src/server/account/service';
import {
  accountExportSchema,
  PASSWORD_RESET_REQUESTED,
  PHONE_INVALID,
  RESET_LINK_INVALID,
} from '../../src/shared/account';
import { readStamps } from '../../src/server/db/stamps';
import { PASSWORD_MESSAGES } from '../../src/server/users/password-strength';
import { MESSAGES } from '../../src/shared/api';
import { PRIVACY_POLICY } from '../../src/shared/privacy';
import { CONSENT_REQUIRED } from '../../src/shared/user';
import {
  createDog,
  createUser,
  insertSession,
  login,
  makeApp,
  MINUTE,
  setCookieHeader,
  testConfig,
  TestClock,
  type TestUser,
} from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp';

const PUBLIC_URL = 'https://happydog.example';

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Gómez',
  email: 'ana@example.com',
  password: 'perritos-2025',
  passwordValidate: 'perritos-2025',
  consent: true,
  ...overrides,
});

describe.each(BACKENDS)('accounts and personal data on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let smtp: SmtpPeer;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(backend), startSmtpPeer()]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), smtp.close()]);
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
    clock = new TestClock();
    app = await makeApp(t.db, {
      clock,
      config: testConfig({}, { SMTP_URL: smtp.url, PUBLIC_URL }),
    });
  });
  afterEach(async () => {
    await app.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    { cookie, body, ip }: { cookie?: string; body?: unknown; ip?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body === undefined ? {} : { payload: body as object }),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const me = (cookie: string) => inject('GET', '/api/user/me', { cookie });
  /** Every message the app queued, once delivered to the SMTP peer. */
  const mail = async () => {
    await app.mailer.idle();
    return smtp.received;
  };
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.db.query<{ n: number | string }>(sql, params))[0]!.n);

  describe('registration consent', () => {
    it.each([
      ['missing', { consent: undefined }],
      ['false', { consent: false }],
      ['the text "true"', { consent: 'true' }],
    ])('400 when consent is %s, and no account is created', async (_, overrides) => {
      const res = await inject('POST', '/api/user/userRegister', { body: registration(overrides) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: CONSENT_REQUIRED });
      expect(await count('SELECT count(*) AS n FROM users')).toBe(0);
    });

    it('records which version of the policy was accepted and when', async () => {
      const res = await inject('POST', '/api/user/userRegister', { body: registration() });
      expect(res.statusCode).toBe(201);
      const rows = await t.db.query<{ policy_version: string; accepted_at: Date; email: string }>(
        `SELECT c.policy_version, c.accepted_at, u.email FROM consents c JOIN users u ON u.id = c.user_id`,
      );
      expect(rows).toEqual([
        {
          policy_version: PRIVACY_POLICY.version,
          accepted_at: clock.now(),
          email: 'ana@example.com',
        },
      ]);
    });

    it('a taken e-mail records no second consent', async () => {
      await inject('POST', '/api/user/userRegister', { body: registration() });
      const again = await inject('POST', '/api/user/userRegister', { body: registration() });
      expect(again.statusCode).toBe(409);
      expect(await count('SELECT count(*) AS n FROM consents')).toBe(1);
    });
  });

  describe('profile: GET /api/user/account and PATCH /api/user/me', () => {
    let ana: TestUser;
    let cookie: string;
    beforeEach(async () => {
      ana = await createUser(t.db, { name: 'Ana', email: 'ana@example.com' });
      cookie = await insertSession(t.db, ana.id, clock.now());
    });

    it('401 without a session, before the body is read', async () => {
      for (const [method, url] of [
        ['GET', '/api/user/account'],
        ['PATCH', '/api/user/me'],
      ] as const) {
        const res = await inject(method, url, {
          body: method === 'PATCH' ? { name: 'X' } : undefined,
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: MESSAGES.notLoggedIn });
      }
    });

    it('stores a Colombian mobile in E.164 whatever its spelling, and changes the name', async () => {
      for (const spelling of [
        '300 123 4567',
        '+57 300 123 4567',
        '(300) 123-4567',
        '573001234567',
      ]) {
        const res = await inject('PATCH', '/api/user/me', { cookie, body: { phone: spelling } });
        expect(res.statusCode, spelling).toBe(200);
        expect(res.json().user.phone).toBe('+573001234567');
      }
      const res = await inject('PATCH', '/api/user/me', {
        cookie,
        body: { name: '  Ana María  ' },
      });
      expect(res.json()).toEqual({
        user: {
          id: ana.id,
          name: 'Ana María',
          email: 'ana@example.com',
          role: 'user',
          logged: true,
          phone: '+573001234567',
        },
      });
      expect((await inject('GET', '/api/user/account', { cookie })).json()).toEqual(res.json());
      expect((await me(cookie)).json().user.name).toBe('Ana María');
    });

    it('"" or null removes the phone', async () => {
      await inject('PATCH', '/api/user/me', { cookie, body: { phone: '3001234567' } });
      for (const phone of ['', null]) {
        await inject('PATCH', '/api/user/me', { cookie, body: { phone: '3001234567' } });
        const res = await inject('PATCH', '/api/user/me', { cookie, body: { phone } });
        expect(res.json().user.phone).toBeNull();
      }
    });

    it.each([
      ['a landline', { phone: '602 555 0142' }, PHONE_INVALID],
      ['a foreign mobile', { phone: '+1 415 555 2671' }, PHONE_INVALID],
      ['too many digits', { phone: '300 123 45678' }, PHONE_INVALID],
      ['letters', { phone: 'mi celular' }, PHONE_INVALID],
      ['a number', { phone: 3001234567 }, PHONE_INVALID],
      ['a one-letter name', { name: 'A' }, 'El nombre debe tener al menos 2 caracteres'],
      ['nothing to change', {}, 'Indica el nombre o el celular que quieres cambiar'],
    ])('400 for %s, and nothing changes', async (_, body, message) => {
      const res = await inject('PATCH', '/api/user/me', { cookie, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
      const [row] = await t.db.query('SELECT name, phone FROM users WHERE id = $1', [ana.id]);
      expect(row).toEqual({ name: 'Ana', phone: null });
    });

    it('the phone never reaches anonymous visitors; a new name reaches logged-in ones at once', async () => {
      await inject('PATCH', '/api/user/me', { cookie, body: { phone: '3001234567' } });
      const dog = await createDog(app, cookie);
      const viewer = await insertSession(t.db, (await createUser(t.db)).id, clock.now());
      // Warm the list caches of both audiences.
      expect((await inject('GET', '/api/dog', { cookie: viewer })).json()[0].user.name).toBe('Ana');
      for (const url of ['/api/dog', `/api/dog/${dog.id}`, '/api/dog?limit=5']) {
        const body = (await inject('GET', url)).body;
        expect(body).not.toContain('3001234567');
        expect(body).not.toContain('phone');
      }
      await inject('PATCH', '/api/user/me', { cookie, body: { name: 'Ana Nueva' } });
      expect((await inject('GET', '/api/dog', { cookie: viewer })).json()[0].user.name).toBe(
        'Ana Nueva',
      );
      expect((await inject('GET', `/api/dog/${dog.id}`, { cookie: viewer })).json().user.name).toBe(
        'Ana Nueva',
      );
    });

    it('a new phone alone reaches logged-in visitors at once (the list cache is exact)', async () => {
      await inject('PATCH', '/api/user/me', { cookie, body: { phone: '3001234567' } });
      const dog = await createDog(app, cookie);
      const viewer = await insertSession(t.db, (await createUser(t.db)).id, clock.now());
      const phones = async () => [
        (await inject('GET', '/api/dog', { cookie: viewer })).json()[0].user.phone,
        (await inject('GET', `/api/dog/${dog.id}`, { cookie: viewer })).json().user.phone,
      ];
      expect(await phones()).toEqual(['+573001234567', '+573001234567']);
      await inject('PATCH', '/api/user/me', { cookie, body: { phone: '3109876543' } });
      expect(await phones()).toEqual(['+573109876543', '+573109876543']);
      await inject('PATCH', '/api/user/me', { cookie, body: { phone: null } });
      expect(await phones()).toEqual([undefined, undefined]);
    });

    it('every owner field the lists show moves the list stamp, as another process writes it', async () => {
      for (const [column, value] of [
        ['name', 'Ana Otra'],
        ['email', 'ana.otra@example.com'],
        ['phone', '+573005550000'],
      ] as const) {
        const before = (await readStamps(t.db)).dogs;
        await t.db.query(`UPDATE users SET ${column} = $1 WHERE id = $2`, [value, ana.id]);
        expect((await readStamps(t.db)).dogs, column).toBeGreaterThan(before);
      }
      // A column the lists never show leaves the pages cached.
      const before = (await readStamps(t.db)).dogs;
      await t.db.query(`UPDATE users SET password_hash = 'x' WHERE id = $1`, [ana.id]);
      expect((await readStamps(t.db)).dogs).toBe(before);
    });
  });

  describe('POST /api/user/password', () => {
    let ana: TestUser;
    let cookie: string;
    let otherDevice: string;
    beforeEach(async () => {
      ana = await createUser(t.db, {
        name: 'Ana',
        email: 'ana@example.com',
        password: 'vieja-clave-1',
      });
      cookie = await login(app, ana);
      otherDevice = await insertSession(t.db, ana.id, clock.now());
    });
    const change = (body: object, c = cookie) =>
      inject('POST', '/api/user/password', { cookie: c, body });

    it('204: the new password works, the old one does not, other sessions end, this one stays, an e-mail tells', async () => {
      const res = await change({
        current: 'vieja-clave-1',
        password: 'nueva-clave-2',
        passwordValidate: 'nueva-clave-2',
      });
      expect(res.statusCode).toBe(204);
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await me(otherDevice)).statusCode).toBe(401);
      expect(await count('SELECT count(*) AS n FROM sessions WHERE user_id = $1', [ana.id])).toBe(
        1,
      );
      await expect(login(app, { email: ana.email, password: 'vieja-clave-1' })).rejects.toThrow(
        /401/,
      );
      await login(app, { email: ana.email, password: 'nueva-clave-2' });

      const [message] = await mail();
      expect(message).toMatchObject({
        to: ['ana@example.com'],
        subject: 'Tu contraseña cambió | Happy Dog',
      });
      expect(message!.text).toContain('Cerramos la sesión en tus otros dispositivos');
      expect(message!.text).not.toContain('nueva-clave-2');
    });

    it.each([
      [
        'a wrong current password',
        { current: 'no-es-esta', password: 'nueva-clave-2', passwordValidate: 'nueva-clave-2' },
        403,
        ACCOUNT_MESSAGES.wrongCurrentPassword,
      ],
      [
        'passwords that differ',
        { current: 'vieja-clave-1', password: 'nueva-clave-2', passwordValidate: 'nueva-clave-3' },
        400,
        MESSAGES.passwordsDiffer,
      ],
      [
        'a short new password',
        { current: 'vieja-clave-1', password: 'corta', passwordValidate: 'corta' },
        400,
        'La contraseña debe tener al menos 8 caracteres',
      ],
      [
        'no current password',
        { password: 'nueva-clave-2', passwordValidate: 'nueva-clave-2' },
        400,
        'Escribe tu contraseña actual',
      ],
    ])('%s: refused, nothing changes and no session ends', async (_, body, status, message) => {
      const res = await change(body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: message });
      expect((await me(otherDevice)).statusCode).toBe(200);
      await login(app, { email: ana.email, password: 'vieja-clave-1' });
      expect(await mail()).toHaveLength(0);
    });

    it('401 without a session', async () => {
      const res = await inject('POST', '/api/user/password', {
        body: { current: 'x', password: 'nueva-clave-2', passwordValidate: 'nueva-clave-2' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('400 for a common password or one made of the name or e-mail, saying why; the old one stays', async () => {
      for (const [password, error] of [
        ['password', PASSWORD_MESSAGES.common],
        ['ana@example.com', PASSWORD_MESSAGES.personal],
        ['Ana-Ana-2025', PASSWORD_MESSAGES.personal],
      ] as const) {
        const res = await change({
          current: 'vieja-clave-1',
          password,
          passwordValidate: password,
        });
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({ error });
      }
      expect((await me(otherDevice)).statusCode).toBe(200);
      await login(app, { email: ana.email, password: 'vieja-clave-1' });
    });

    it('a stolen session cannot guess the password at speed: 429 after 10 tries', async () => {
      const wrong = {
        current: 'adivina',
        password: 'nueva-clave-2',
        passwordValidate: 'nueva-clave-2',
      };
      for (let i = 0; i < 10; i += 1) expect((await change(wrong)).statusCode).toBe(403);
      const refused = await change({ ...wrong, current: 'vieja-clave-1' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: MESSAGES.tooManyAttempts });
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });

  describe('POST /api/user/logout-all', () => {
    it('ends every session of the person, this one included, and clears the cookie', async () => {
      const ana = await createUser(t.db);
      const beto = await createUser(t.db);
      const mine = [await login(app, ana), await insertSession(t.db, ana.id, clock.now())];
      const betos = await insertSession(t.db, beto.id, clock.now());
      const res = await inject('POST', '/api/user/logout-all', { cookie: mine[0] });
      expect(res.statusCode).toBe(204);
      expect(setCookieHeader(res)).toMatch(/^hd_session=; .*Max-Age=0/);
      for (const cookie of mine) expect((await me(cookie)).statusCode).toBe(401);
      expect((await me(betos)).statusCode).toBe(200);
      expect((await inject('POST', '/api/user/logout-all')).statusCode).toBe(401);
    });
  });

  describe('GET /api/user/export', () => {
    it('a JSON download with exactly the person’s data and no one else’s, no tokens or hashes', async () => {
      await inject('POST', '/api/user/userRegister', { body: registration() });
      await inject('POST', '/api/user/userRegister', {
        body: registration({ name: 'Beto Otro', email: 'beto@example.com' }),
      });
      const registeredAt = clock.now().toISOString();
      const anaCookie = await login(app, { email: 'ana@example.com', password: 'perritos-2025' });
      clock.advance(MINUTE);
      await login(app, { email: 'ana@example.com', password: 'perritos-2025' });
      const betoCookie = await login(app, { email: 'beto@example.com', password: 'perritos-2025' });
      await inject('PATCH', '/api/user/me', { cookie: anaCookie, body: { phone: '3001234567' } });
      await createDog(app, anaCookie, { name: 'Canela' });
      await createDog(app, anaCookie, { name: 'Tobi' });
      await createDog(app, betoCookie, { name: 'Rocky' });
      await inject('POST', '/api/user/password-reset', { body: { email: 'ana@example.com' } });
      await inject('POST', '/api/user/password-reset', { body: { email: 'beto@example.com' } });

      const res = await inject('GET', '/api/user/export', { cookie: anaCookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="happy-dog-mis-datos-2025-01-15.json"',
      );
      expect(res.headers['cache-control']).toContain('no-store');
      const data = accountExportSchema.parse(res.json());
      expect(data.profile).toMatchObject({
        name: 'Ana Gómez',
        email: 'ana@example.com',
        phone: '+573001234567',
        role: 'user',
      });
      expect(data.consents).toEqual([
        { policy_version: PRIVACY_POLICY.version, accepted_at: registeredAt },
      ]);
      expect((data.dogs as { name: string }[]).map((d) => d.name)).toEqual(['Canela', 'Tobi']);
      expect(data.sessions).toHaveLength(2);
      expect(Object.keys(data.sessions[0]!).sort()).toEqual(['created_at', 'last_seen_at']);
      expect(data.password_resets).toHaveLength(1);
      expect(data.photos).toEqual([]);
      expect(data.other).toBeUndefined();

      const tokens = await t.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM sessions UNION ALL SELECT token_hash FROM password_resets',
      );
      for (const leak of [
        'beto',
        'Beto',
        'Rocky',
        'argon2',
        'password_hash',
        ...tokens.map((r) => r.token_hash),
        anaCookie.split('=')[1]!,
      ]) {
        expect(res.body).not.toContain(leak);
      }
    });

    it('a later table that references the person is exported too, without secrets or binary data', async () => {
      const ana = await createUser(t.db, { email: 'ana@example.com' });
      const beto = await createUser(t.db);
      await t.db.exec(`CREATE TABLE test_notes (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        author_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        note text NOT NULL, api_token text, picture bytea)`);
      try {
        await t.db.query(
          `INSERT INTO test_notes (author_id, note, api_token, picture) VALUES
             ($1, 'nota de Ana', 'tok-ana', '\\x01'), ($2, 'nota de Beto', 'tok-beto', NULL)`,
          [ana.id, beto.id],
        );
        const res = await inject('GET', '/api/user/export', {
          cookie: await insertSession(t.db, ana.id, clock.now()),
        });
        expect(res.json().other).toEqual({
          'test_notes.author_id': [{ id: 1, author_id: ana.id, note: 'nota de Ana' }],
        });
      } finally {
        await t.db.exec('DROP TABLE test_notes');
      }
    });

    it('401 without a session', async () => {
      expect((await inject('GET', '/api/user/export')).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/user/me', () => {
    it('every foreign key to an account deletes with it (ON DELETE CASCADE), but an adoption’s adopter', async () => {
      const refs = await t.db.query<{ name: string; action: string }>(
        `SELECT conrelid::regclass::text || '.' || conname AS name, confdeltype::text AS action
           FROM pg_constraint WHERE contype = 'f' AND confrelid = 'users'::regclass`,
      );
      expect(refs.length).toBeGreaterThanOrEqual(4);
      // The rescuer keeps the record of the dog's adoption without the person (set to NULL).
      const kept = 'adoptions.adoptions_adopter_id_fkey';
      for (const ref of refs)
        expect(ref, ref.name).toMatchObject({ action: ref.name === kept ? 'n' : 'c' });
      expect(refs.map((r) => r.name)).toContain(kept);
    });

    it('removes the person’s account, dogs, sessions, consents and reset tokens in one go; the e-mail can register again', async () => {
      await inject('POST', '/api/user/userRegister', { body: registration() });
      const beto = await createUser(t.db, { email: 'beto@example.com' });
      const betoCookie = await insertSession(t.db, beto.id, clock.now());
      const cookie = await login(app, { email: 'ana@example.com', password: 'perritos-2025' });
      const secondDevice = await insertSession(
        t.db,
        (
          await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
            'ana@example.com',
          ])
        )[0]!.id,
        clock.now(),
      );
      const dog = await createDog(app, cookie, { name: 'Canela' });
      await createDog(app, betoCookie, { name: 'Rocky' });
      await inject('POST', '/api/user/password-reset', { body: { email: 'ana@example.com' } });
      // The caches of both audiences hold Ana's dog before the deletion.
      expect((await inject('GET', '/api/dog')).json()).toHaveLength(2);
      expect((await inject('GET', '/api/dog', { cookie: betoCookie })).json()).toHaveLength(2);
      expect((await inject('GET', `/api/dog/${dog.id}`)).statusCode).toBe(200);

      const res = await inject('DELETE', '/api/user/me', {
        cookie,
        body: { password: 'perritos-2025' },
      });
      expect(res.statusCode).toBe(204);
      expect(setCookieHeader(res)).toMatch(/^hd_session=; .*Max-Age=0/);

      const anaId = dog.hostage_id;
      for (const [table, column] of [
        ['users', 'id'],
        ['dogs', 'hostage_id'],
        ['sessions', 'user_id'],
        ['consents', 'user_id'],
        ['password_resets', 'user_id'],
      ]) {
        expect(
          await count(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [anaId]),
          table,
        ).toBe(0);
      }
      expect(await count('SELECT count(*) AS n FROM users')).toBe(1);
      expect(await count('SELECT count(*) AS n FROM sessions WHERE user_id = $1', [beto.id])).toBe(
        1,
      );
      for (const c of [cookie, secondDevice]) expect((await me(c)).statusCode).toBe(401);
      expect((await inject('GET', '/api/dog')).json().map((d: { name: string }) => d.name)).toEqual(
        ['Rocky'],
      );
      expect((await inject('GET', '/api/dog', { cookie: betoCookie })).json()).toHaveLength(1);
      expect((await inject('GET', `/api/dog/${dog.id}`)).statusCode).toBe(404);

      const messages = await mail();
      expect(messages.map((m) => m.subject)).toContain('Eliminamos tu cuenta | Happy Dog');

      const again = await inject('POST', '/api/user/userRegister', { body: registration() });
      expect(again.statusCode).toBe(201);
      await login(app, { email: 'ana@example.com', password: 'perritos-2025' });
    });

    it('403 with a wrong password, 400 without one, 401 without a session: nothing is removed', async () => {
      const ana = await createUser(t.db);
      const cookie = await insertSession(t.db, ana.id, clock.now());
      await createDog(app, cookie);
      const wrong = await inject('DELETE', '/api/user/me', {
        cookie,
        body: { password: 'no-es-esta' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ error: ACCOUNT_MESSAGES.wrongPassword });
      const missing = await inject('DELETE', '/api/user/me', { cookie, body: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: 'Escribe tu contraseña para confirmar' });
      expect(
        (await inject('DELETE', '/api/user/me', { body: { password: ana.password } })).statusCode,
      ).toBe(401);
      expect(await count('SELECT count(*) AS n FROM dogs')).toBe(1);
      expect((await me(cookie)).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    let ana: TestUser;
    beforeEach(async () => {
      ana = await createUser(t.db, {
        name: 'Ana',
        email: 'ana@example.com',
        password: 'vieja-clave-1',
      });
    });
    const request = (email: string, ip?: string) =>
      inject('POST', '/api/user/password-reset', { body: { email }, ip });
    const confirm = (token: string, password = 'nueva-clave-2', passwordValidate = password) =>
      inject('POST', '/api/user/password-reset/confirm', {
        body: { token, password, passwordValidate },
      });
    /**
     * The token of the newest reset link e-mailed (jobs deliver in any order, so a "password
     * changed" message may arrive after it).
     */
    const tokenFromMail = async () => {
      const links = (await mail())
        .map((m) => /https:\/\/happydog\.example\/recuperar\/([A-Za-z0-9_-]{43})/.exec(m.text))
        .filter((link) => link !== null);
      expect(links.length).toBeGreaterThan(0);
      return links.at(-1)![1]!;
    };

    it('202 and the same body for a known e-mail, an unknown one and one that cannot log in', async () => {
      const locked = await t.db.query<{ id: number }>(
        `INSERT INTO users (name, email, password_hash) VALUES ('Demo', 'demo@example.com', '!') RETURNING id`,
      );
      expect(locked).toHaveLength(1);
      const answers = [];
      for (const email of ['ANA@example.com', 'nadie@example.com', 'demo@example.com']) {
        const res = await request(email);
        answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toEqual({
        status: 202,
        body: JSON.stringify({ message: PASSWORD_RESET_REQUESTED }),
        type: 'application/json; charset=utf-8',
      });
      const messages = await mail();
      expect(messages.map((m) => m.to)).toEqual([['ana@example.com']]);
      expect(await count('SELECT count(*) AS n FROM password_resets')).toBe(1);
    });

    it('e-mails a link to the configured site (not the Host header) and stores only the token’s SHA-256', async () => {
      await app.inject({
        method: 'POST',
        url: '/api/user/password-reset',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { email: 'ana@example.com' },
      });
      const message = (await mail())[0]!;
      expect(message.subject).toBe('Crea una nueva contraseña | Happy Dog');
      expect(message.text).not.toContain('evil.example');
      expect(message.html).toContain('href="https://happydog.example/recuperar/');
      const token = await tokenFromMail();
      const [row] = await t.db.query<{ token_hash: string; expires_at: Date }>(
        'SELECT token_hash, expires_at FROM password_resets',
      );
      expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(row!.expires_at.getTime() - clock.now().getTime()).toBe(RESET_TOKEN_TTL_MS);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    });

    it('POST /api/user/password-reset/check: 204 while the link works, 400 once used, expired or made up', async () => {
      const check = (token: unknown) =>
        inject('POST', '/api/user/password-reset/check', { body: { token } });
      await request('ana@example.com');
      const token = await tokenFromMail();
      expect((await check(token)).statusCode).toBe(204);
      // Checking does not use it up.
      expect((await check(token)).statusCode).toBe(204);
      for (const bad of ['x'.repeat(43), 'corto', 42]) {
        const res = await check(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
      }
      expect((await confirm(token)).statusCode).toBe(204);
      const used = await check(token);
      expect(used.statusCode).toBe(400);
      expect(used.json()).toEqual({ error: RESET_LINK_INVALID });

      await request('ana@example.com');
      const late = await tokenFromMail();
      clock.advance(31 * MINUTE);
      expect((await check(late)).statusCode).toBe(400);
    });

    it('the link sets a new password once, ends every session and tells by e-mail', async () => {
      const sessions = [await login(app, ana), await insertSession(t.db, ana.id, clock.now())];
      await request('ana@example.com');
      const token = await tokenFromMail();
      clock.advance(29 * MINUTE);

      const res = await confirm(token);
      expect(res.statusCode).toBe(204);
      for (const cookie of sessions) expect((await me(cookie)).statusCode).toBe(401);
      await expect(login(app, { email: ana.email, password: 'vieja-clave-1' })).rejects.toThrow(
        /401/,
      );
      await login(app, { email: ana.email, password: 'nueva-clave-2' });
      expect((await mail()).at(-1)!.subject).toBe('Tu contraseña cambió | Happy Dog');

      const reused = await confirm(token, 'otra-clave-3');
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ error: RESET_LINK_INVALID });
      await login(app, { email: ana.email, password: 'nueva-clave-2' });
    });

    it('a link expires after 30 minutes', async () => {
      await request('ana@example.com');
      const token = await tokenFromMail();
      clock.advance(30 * MINUTE);
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
      await login(app, { email: ana.email, password: 'vieja-clave-1' });
    });

    it('using one link ends the other links of the account', async () => {
      await request('ana@example.com');
      const first = await tokenFromMail();
      await request('ana@example.com');
      const second = await tokenFromMail();
      expect(second).not.toBe(first);
      expect((await confirm(second)).statusCode).toBe(204);
      expect((await confirm(first, 'otra-clave-3')).statusCode).toBe(400);
    });

    it.each([
      ['unknown', 'A'.repeat(43)],
      ['malformed', 'abc'],
      ['empty', ''],
    ])('400 for an %s token', async (_, token) => {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
    });

    it('400 when the new passwords differ or are short; the link still works afterwards', async () => {
      await request('ana@example.com');
      const token = await tokenFromMail();
      expect((await confirm(token, 'nueva-clave-2', 'nueva-clave-3')).json()).toEqual({
        error: MESSAGES.passwordsDiffer,
      });
      expect((await confirm(token, 'corta')).json()).toEqual({
        error: 'La contraseña debe tener al menos 8 caracteres',
      });
      expect((await confirm(token)).statusCode).toBe(204);
    });

    it('changing the password ends the links e-mailed before it', async () => {
      await request('ana@example.com');
      const token = await tokenFromMail();
      const cookie = await login(app, ana);
      const changed = await inject('POST', '/api/user/password', {
        cookie,
        body: {
          current: 'vieja-clave-1',
          password: 'nueva-clave-2',
          passwordValidate: 'nueva-clave-2',
        },
      });
      expect(changed.statusCode).toBe(204);
      expect(await count('SELECT count(*) AS n FROM password_resets')).toBe(0);
      const res = await confirm(token, 'otra-clave-3');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
      await login(app, { email: ana.email, password: 'nueva-clave-2' });
    });

    it('"Cerrar sesión en todos los dispositivos" ends the pending links too', async () => {
      await request('ana@example.com');
      const token = await tokenFromMail();
      const cookie = await login(app, ana);
      expect((await inject('POST', '/api/user/logout-all', { cookie })).statusCode).toBe(204);
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
      await login(app, { email: ana.email, password: 'vieja-clave-1' });
    });

    it('a blocked account gets the same answer and no e-mail, and its links set no password', async () => {
      await request('ana@example.com');
      const token = await tokenFromMail();
      await t.db.query(
        `UPDATE users SET blocked_at = now(), blocked_reason = 'spam' WHERE id = $1`,
        [ana.id],
      );
      const known = await request('nadie@example.com');
      const blocked = await request('ana@example.com');
      expect(blocked.statusCode).toBe(202);
      expect(blocked.body).toBe(known.body);
      expect(await mail()).toHaveLength(1);
      expect(await count('SELECT count(*) AS n FROM password_resets')).toBe(1);
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
      const [row] = await t.db.query<{ used_at: Date | null }>(
        'SELECT used_at FROM password_resets',
      );
      expect(row!.used_at).toBeNull();
      // Unblocked, the old password is still the one.
      await t.db.query('UPDATE users SET blocked_at = NULL WHERE id = $1', [ana.id]);
      await login(app, { email: ana.email, password: 'vieja-clave-1' });
    });

    it('400 for a weak new password, saying why; the link still works afterwards', async () => {
      await request('ana@example.com');
      const token = await tokenFromMail();
      for (const [password, error] of [
        ['12345678', PASSWORD_MESSAGES.common],
        ['ana@example.com', PASSWORD_MESSAGES.personal],
      ] as const) {
        const res = await confirm(token, password);
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({ error });
      }
      expect((await confirm(token)).statusCode).toBe(204);
      await login(app, { email: ana.email, password: 'nueva-clave-2' });
    });

    it('rate limited per e-mail (known or not, the same) and per IP', async () => {
      for (const email of ['ana@example.com', 'nadie@example.com']) {
        for (let i = 0; i < 3; i += 1)
          expect((await request(email, '10.0.0.1')).statusCode).toBe(202);
        const refused = await request(email, '10.0.0.2');
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ error: MESSAGES.tooManyAttempts });
      }
      expect((await mail()).length).toBe(3);
      for (let i = 0; i < 10; i += 1) {
        expect((await request(`persona${i}@example.com`, '10.0.0.3')).statusCode).toBe(202);
      }
      expect((await request('otra@example.com', '10.0.0.3')).statusCode).toBe(429);
      expect((await request('otra@example.com', '10.0.0.4')).statusCode).toBe(202);
    });
  });
});

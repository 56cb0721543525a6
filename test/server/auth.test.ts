// Accounts and sessions: register, login, logout, me, expiry, rotation and rate limits.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PURGE_QUEUE } from '../../src/server/maintenance';
import { MESSAGES } from '../../src/shared/api';
import { NOT_FROM_A_SCRIPT } from '../../src/server/http/security';
import { PASSWORD_MESSAGES } from '../../src/server/users/password-strength';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import {
  createUser,
  DAY,
  login,
  makeApp,
  MINUTE,
  sessionCookieOf,
  setCookieHeader,
  testConfig,
  TestClock,
} from './helpers/app';

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Gómez',
  email: 'ana@example.com',
  password: 'perritos-2025',
  passwordValidate: 'perritos-2025',
  consent: true,
  ...overrides,
});

/** 128 characters that pass the strength rule (its first 64 are what is judged). */
const LONG_PASSWORD = 'Tres perros comen mango en el patio azul de Cali; '.repeat(3).slice(0, 128);

describe.each(BACKENDS)('accounts and sessions on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = new TestClock();
    app = await makeApp(t.db, { clock });
  });
  afterEach(async () => {
    await app.close();
  });

  const register = (body: unknown, extra: { remoteAddress?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/user/userRegister',
      payload: body as object,
      ...extra,
    });
  const me = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/user/me', headers: cookie ? { cookie } : {} });

  describe('POST /api/user/userRegister', () => {
    it('201 true, stores an argon2id hash (never the password) and the account can log in', async () => {
      const res = await register(registration());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toBe(true);
      const [row] = await t.db.query<{ password_hash: string; role: string }>(
        'SELECT password_hash, role FROM users WHERE email = $1',
        ['ana@example.com'],
      );
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.password_hash).not.toContain('perritos-2025');
      expect(row!.role).toBe('user');
      const cookie = await login(app, { email: 'ana@example.com', password: 'perritos-2025' });
      expect(cookie).toMatch(/^hd_session=/);
    });

    it.each([
      ['a common password', 'password', PASSWORD_MESSAGES.common],
      ['a common password', '12345678', PASSWORD_MESSAGES.common],
      ['the e-mail itself', 'ana@example.com', PASSWORD_MESSAGES.personal],
      ['the name and a year', 'AnaGomez2025', PASSWORD_MESSAGES.personal],
      ['an easy one', 'aaaaaaaaaaaa', PASSWORD_MESSAGES.weak],
    ])('400 for %s (%s), saying why, and no account', async (_label, password, error) => {
      const res = await register(registration({ password, passwordValidate: password }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await t.db.query('SELECT id FROM users')).toEqual([]);
    });

    it('400 when the passwords differ', async () => {
      const res = await register(registration({ passwordValidate: 'otra-cosa-123' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.passwordsDiffer });
    });

    it('409 when the e-mail is taken, in any letter case', async () => {
      expect((await register(registration())).statusCode).toBe(201);
      const res = await register(registration({ email: 'ANA@Example.COM' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MESSAGES.emailTaken });
    });

    it.each([
      ['name 1 character', { name: 'A' }, 'El nombre debe tener al menos 2 caracteres'],
      ['name 81 characters', { name: 'a'.repeat(81) }, 'El nombre no puede superar 80 caracteres'],
      ['name missing', { name: undefined }, 'El nombre es obligatorio'],
      ['name not text', { name: 42 }, 'El nombre es obligatorio'],
      ['e-mail invalid', { email: 'no-es-correo' }, 'El correo electrónico no es válido'],
      ['e-mail missing', { email: undefined }, 'El correo electrónico es obligatorio'],
      [
        'password 7 characters',
        { password: '1234567', passwordValidate: '1234567' },
        'La contraseña debe tener al menos 8 caracteres',
      ],
      [
        'password 129 characters',
        { password: 'p'.repeat(129), passwordValidate: 'p'.repeat(129) },
        'La contraseña no puede superar 128 caracteres',
      ],
      ['password missing', { password: undefined }, 'La contraseña es obligatoria'],
      ['passwordValidate missing', { passwordValidate: undefined }, 'Debes repetir la contraseña'],
    ])('400 with a Spanish message naming the field: %s', async (_label, overrides, message) => {
      const res = await register(registration(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });

    it.each([
      ['name of 2', { name: 'Al' }],
      ['name of 80', { name: 'n'.repeat(80) }],
      ['password of 8', { password: 'Xq7#pL2v', passwordValidate: 'Xq7#pL2v' }],
      ['password of 128', { password: LONG_PASSWORD, passwordValidate: LONG_PASSWORD }],
    ])('201 at the boundary: %s', async (_label, overrides) => {
      expect((await register(registration(overrides))).statusCode).toBe(201);
    });

    it('drops unknown fields such as role', async () => {
      expect((await register(registration({ role: 'admin', id: 99 }))).statusCode).toBe(201);
      const [row] = await t.db.query<{ id: number; role: string }>('SELECT id, role FROM users');
      expect(row).toEqual({ id: 1, role: 'user' });
    });

    it('400 for bodies that are not JSON objects', async () => {
      for (const body of [[], 'texto', 42, null]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/userRegister',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'El cuerpo de la petición debe ser un objeto JSON' });
      }
    });

    it('429 after REGISTER_RATE_LIMIT_IP attempts from one IP; other IPs and the next window are fine', async () => {
      await app.close();
      app = await makeApp(t.db, { clock, config: testConfig({ registerPerIp: 3 }) });
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await register(registration({ email: `r${i}@example.com` }), {
              remoteAddress: '10.0.0.1',
            })
          ).statusCode,
        ).toBe(201);
      }
      const blocked = await register(registration({ email: 'r9@example.com' }), {
        remoteAddress: '10.0.0.1',
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: MESSAGES.tooManyAttempts });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await register(registration({ email: 'r9@example.com' }), { remoteAddress: '10.0.0.2' }))
          .statusCode,
      ).toBe(201);
      clock.advance(60 * MINUTE);
      expect(
        (await register(registration({ email: 'r10@example.com' }), { remoteAddress: '10.0.0.1' }))
          .statusCode,
      ).toBe(201);
    });
  });

  describe('POST /api/user/userLogin', () => {
    it('200 {user:{id,name,email,role,logged:true}} and a HttpOnly SameSite=Lax cookie on Path=/', async () => {
      const user = await createUser(t.db, { name: 'Beto', email: 'beto@example.com' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        payload: { email: 'beto@example.com', password: user.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: { id: user.id, name: 'Beto', email: 'beto@example.com', role: 'user', logged: true },
      });
      const cookie = setCookieHeader(res)!;
      expect(cookie).toMatch(/^hd_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');
    });

    it('accepts the e-mail in any letter case', async () => {
      const user = await createUser(t.db, { email: 'Carla@Example.com' });
      await expect(
        login(app, { email: 'carla@EXAMPLE.com', password: user.password }),
      ).resolves.toMatch(/^hd_session=/);
    });

    it('stores only the SHA-256 of the token', async () => {
      const user = await createUser(t.db);
      const token = (await login(app, user)).split('=')[1]!;
      const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
      expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    });

    it('401 with one generic message for a wrong password, an unknown e-mail and the demo account', async () => {
      const user = await createUser(t.db);
      await createUser(t.db, { email: 'demo@example.com' });
      await t.db.query("UPDATE users SET password_hash = '!' WHERE email = 'demo@example.com'");
      for (const body of [
        { email: user.email, password: 'equivocada' },
        { email: 'nadie@example.com', password: user.password },
        { email: 'demo@example.com', password: '!' },
        { email: 'demo@example.com', password: 'secreto-123' },
      ]) {
        const res = await app.inject({ method: 'POST', url: '/api/user/userLogin', payload: body });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: MESSAGES.badCredentials });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('an unknown e-mail costs about the same time as a wrong password (argon2 runs either way)', async () => {
      const user = await createUser(t.db);
      const time = async (email: string) => {
        const started = performance.now();
        await app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          payload: { email, password: 'equivocada' },
        });
        return performance.now() - started;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      await time('calentar@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await time(user.email));
        unknown.push(await time(`nadie${i}@example.com`));
      }
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });

    it.each([
      ['e-mail missing', { password: 'x' }, 'El correo electrónico es obligatorio'],
      ['e-mail invalid', { email: 'x', password: 'x' }, 'El correo electrónico no es válido'],
      ['password missing', { email: 'a@example.com' }, 'La contraseña es obligatoria'],
      ['password empty', { email: 'a@example.com', password: '' }, 'La contraseña es obligatoria'],
      [
        'password 129 characters',
        { email: 'a@example.com', password: 'p'.repeat(129) },
        'La contraseña no puede superar 128 caracteres',
      ],
    ])('400 for a bad body: %s', async (_label, body, message) => {
      const res = await app.inject({ method: 'POST', url: '/api/user/userLogin', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });

    it('a new token on every login; the token sent along with a login dies', async () => {
      const user = await createUser(t.db);
      const first = await login(app, user);
      const second = await login(app, user);
      expect(second).not.toBe(first);
      // Two devices: both sessions live.
      expect((await me(first)).statusCode).toBe(200);
      expect((await me(second)).statusCode).toBe(200);
      // Logging in again from a browser that already has a cookie replaces that session.
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        headers: { cookie: first },
        payload: { email: user.email, password: user.password },
      });
      const third = sessionCookieOf(res)!;
      expect(third).not.toBe(first);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(third)).statusCode).toBe(200);
    });

    it('marks the cookie Secure over https (X-Forwarded-Proto only when TRUST_PROXY allows it)', async () => {
      const user = await createUser(t.db);
      const attempt = (a: FastifyInstance) =>
        a.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers: { 'x-forwarded-proto': 'https' },
          payload: { email: user.email, password: user.password },
        });
      expect(setCookieHeader(await attempt(app))).not.toContain('Secure');
      const proxied = await makeApp(t.db, {
        clock,
        config: testConfig({}, { TRUST_PROXY: 'true' }),
      });
      try {
        expect(setCookieHeader(await attempt(proxied))).toContain('; Secure');
      } finally {
        await proxied.close();
      }
    });
  });

  describe('login rate limits', () => {
    const attempt = (
      email: string,
      password: string,
      remoteAddress = '10.1.1.1',
      a: FastifyInstance = app,
    ) =>
      a.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        payload: { email, password },
        remoteAddress,
      });
    const limited = (res: { statusCode: number; json(): unknown; headers: object }) => {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: MESSAGES.tooManyAttempts });
      const retryAfter = Number((res.headers as Record<string, string>)['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    };
    const relimit = async (overrides: Parameters<typeof testConfig>[0]) => {
      await app.close();
      app = await makeApp(t.db, { clock, config: testConfig(overrides) });
    };

    it('nobody can lock an account out: failures from one IP block that IP, not the owner elsewhere', async () => {
      // Default limits: 10 failures per e-mail from one IP.
      const victim = await createUser(t.db);
      const attacker = '203.0.113.66';
      for (let i = 0; i < 10; i++)
        expect((await attempt(victim.email, `mala-${i}`, attacker)).statusCode).toBe(401);
      for (let i = 0; i < 3; i++) limited(await attempt(victim.email, `mala-x${i}`, attacker));
      // Even the right password is refused to the attacking IP…
      limited(await attempt(victim.email, victim.password, attacker));
      // …whatever the letter case of the e-mail…
      limited(await attempt(victim.email.toUpperCase(), victim.password, attacker));
      // …while the owner, from their own address, logs in as usual.
      expect((await attempt(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
      // The attacking IP may still log in to other accounts, and gets its turn back later.
      const own = await createUser(t.db);
      expect((await attempt(own.email, own.password, attacker)).statusCode).toBe(200);
      clock.advance(15 * MINUTE);
      expect((await attempt(victim.email, 'mala', attacker)).statusCode).toBe(401);
    });

    it('per IP: spraying many e-mails from one address gets 429; another address is unaffected', async () => {
      await relimit({ loginPerIp: 3 });
      const user = await createUser(t.db);
      for (let i = 0; i < 3; i++)
        expect((await attempt(`x${i}@example.com`, 'mala')).statusCode).toBe(401);
      limited(await attempt('x9@example.com', 'mala'));
      limited(await attempt(user.email, user.password));
      // Once refused, the IP's further e-mails leave no counters behind.
      for (let i = 10; i < 15; i++) limited(await attempt(`x${i}@example.com`, 'mala'));
      expect(
        await t.db.query("SELECT key FROM rate_limits WHERE key LIKE '%x1_@example.com%'"),
      ).toEqual([]);
      expect((await attempt(user.email, user.password, '10.9.9.9')).statusCode).toBe(200);
    });

    it('an e-mail under attack from many IPs: each failing IP gets only a few more tries, a client that has not failed still logs in', async () => {
      await relimit({ loginPerEmail: 10, loginPerEmailGlobal: 5 });
      const victim = await createUser(t.db);
      for (let i = 1; i <= 6; i++)
        expect((await attempt(victim.email, 'mala', `192.0.2.${i}`)).statusCode).toBe(401);
      // Now under attack: 192.0.2.1 has failed once and may fail twice more, not ten times.
      expect((await attempt(victim.email, 'mala', '192.0.2.1')).statusCode).toBe(401);
      expect((await attempt(victim.email, 'mala', '192.0.2.1')).statusCode).toBe(401);
      limited(await attempt(victim.email, 'mala', '192.0.2.1'));
      limited(await attempt(victim.email, victim.password, '192.0.2.1'));
      // A fresh address with the right password is never refused.
      expect((await attempt(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
      // Neither is one that failed once (a typo) before getting it right.
      expect((await attempt(victim.email, 'typo', '198.51.100.8')).statusCode).toBe(401);
      expect((await attempt(victim.email, victim.password, '198.51.100.8')).statusCode).toBe(200);
      // When the window ends the e-mail is no longer under attack.
      clock.advance(15 * MINUTE);
      expect((await attempt(victim.email, victim.password, '192.0.2.1')).statusCode).toBe(200);
    });

    it('a success forgives that client its failures for the e-mail', async () => {
      await relimit({ loginPerEmail: 2, loginPerIp: 3 });
      const user = await createUser(t.db);
      for (let i = 0; i < 8; i++)
        expect((await attempt(user.email, user.password)).statusCode).toBe(200);
      expect((await attempt(user.email, 'mala')).statusCode).toBe(401);
      expect((await attempt(user.email, user.password)).statusCode).toBe(200);
      expect((await attempt(user.email, 'mala')).statusCode).toBe(401);
      expect((await attempt(user.email, 'mala')).statusCode).toBe(401);
      limited(await attempt(user.email, user.password));
    });

    it('successful logins count too: per IP (every attempt) and per account', async () => {
      await relimit({ loginAttemptsPerIp: 3, loginPerAccount: 100 });
      const user = await createUser(t.db);
      for (let i = 0; i < 3; i++)
        expect((await attempt(user.email, user.password)).statusCode).toBe(200);
      limited(await attempt(user.email, user.password));
      expect((await attempt(user.email, user.password, '10.1.1.2')).statusCode).toBe(200);

      await relimit({ loginAttemptsPerIp: 100, loginPerAccount: 3 });
      const busy = await createUser(t.db);
      for (let i = 0; i < 3; i++)
        expect((await attempt(busy.email, busy.password, `10.3.0.${i}`)).statusCode).toBe(200);
      const sessionsBefore = await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [
        busy.id,
      ]);
      const refused = await attempt(busy.email, busy.password, '10.3.0.9');
      limited(refused);
      expect(sessionCookieOf(refused)).toBeUndefined();
      expect(await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [busy.id])).toEqual(
        sessionsBefore,
      );
      // A wrong password still gets the ordinary 401: the account's limit reveals nothing.
      expect((await attempt(busy.email, 'mala', '10.3.0.9')).statusCode).toBe(401);
      // Other accounts are unaffected, and the account logs in again after the window.
      const calm = await createUser(t.db);
      expect((await attempt(calm.email, calm.password, '10.3.0.9')).statusCode).toBe(200);
      clock.advance(15 * MINUTE);
      expect((await attempt(busy.email, busy.password, '10.3.0.9')).statusCode).toBe(200);
    });

    it('counters live in the database, shared by every server process', async () => {
      const config = testConfig({ loginPerEmail: 2, loginAttemptsPerIp: 3 });
      await app.close();
      app = await makeApp(t.db, { clock, config });
      const other = await makeApp(t.db, { clock, config });
      try {
        const user = await createUser(t.db);
        expect((await attempt(user.email, 'mala', '10.5.5.5', app)).statusCode).toBe(401);
        expect((await attempt(user.email, 'mala', '10.5.5.5', other)).statusCode).toBe(401);
        limited(await attempt(user.email, user.password, '10.5.5.5', app));
        const fresh = '10.5.5.6';
        expect((await attempt(user.email, user.password, fresh, app)).statusCode).toBe(200);
        expect((await attempt(user.email, user.password, fresh, other)).statusCode).toBe(200);
        expect((await attempt(user.email, user.password, fresh, app)).statusCode).toBe(200);
        limited(await attempt(user.email, user.password, fresh, other));
      } finally {
        await other.close();
      }
    });

    it('uses X-Forwarded-For only behind a trusted proxy', async () => {
      await app.close();
      const user = await createUser(t.db);
      const send = (a: FastifyInstance, xff: string) =>
        a.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers: { 'x-forwarded-for': xff },
          payload: { email: user.email, password: 'mala' },
        });
      app = await makeApp(t.db, {
        clock,
        config: testConfig({ loginPerIp: 1, loginPerEmail: 100 }, { TRUST_PROXY: 'true' }),
      });
      expect((await send(app, '203.0.113.1')).statusCode).toBe(401);
      expect((await send(app, '203.0.113.2')).statusCode).toBe(401);
      expect((await send(app, '203.0.113.1')).statusCode).toBe(429);
      await app.close();
      await t.reset();
      const user2 = await createUser(t.db, { email: user.email });
      app = await makeApp(t.db, {
        clock,
        config: testConfig({ loginPerIp: 1, loginPerEmail: 100 }),
      });
      expect(user2.email).toBe(user.email);
      expect((await send(app, '203.0.113.1')).statusCode).toBe(401);
      // Without TRUST_PROXY the header is ignored: same socket address, so blocked.
      expect((await send(app, '203.0.113.2')).statusCode).toBe(429);
    });

    it('TRUST_PROXY=true trusts one proxy: a forged X-Forwarded-For prefix never picks the IP', async () => {
      await app.close();
      app = await makeApp(t.db, {
        clock,
        config: testConfig(
          { loginPerIp: 3, loginPerEmail: 100, loginPerEmailGlobal: 0 },
          { TRUST_PROXY: 'true' },
        ),
      });
      const user = await createUser(t.db);
      // The proxy appends the address it saw; whatever the client wrote comes before it.
      const send = (forged: string, password = 'mala') =>
        app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers: { 'x-forwarded-for': `${forged}, 198.51.100.7` },
          payload: { email: user.email, password },
        });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await send(`203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      // Not even the right password gets through from that address meanwhile.
      expect((await send('203.0.113.99', user.password)).statusCode).toBe(429);
      const ips = await t.db.query<{ key: string }>('SELECT key FROM rate_limits');
      expect(ips.some((r) => r.key.includes('198.51.100.7'))).toBe(true);
      expect(ips.some((r) => r.key.includes('203.0.113.'))).toBe(false);
    });

    it('a limit of 0 turns it off', async () => {
      await relimit({
        loginPerEmail: 0,
        loginPerIp: 0,
        loginPerEmailGlobal: 0,
        loginAttemptsPerIp: 0,
        loginPerAccount: 0,
      });
      const user = await createUser(t.db);
      for (let i = 0; i < 12; i++) expect((await attempt(user.email, 'mala')).statusCode).toBe(401);
      for (let i = 0; i < 3; i++)
        expect((await attempt(user.email, user.password)).statusCode).toBe(200);
      expect(await t.db.query('SELECT 1 FROM rate_limits')).toEqual([]);
    });

    it('an unknown e-mail and a wrong password get identical answers, throttled alike', async () => {
      await relimit({ loginPerEmail: 3 });
      const user = await createUser(t.db);
      const comparable = (res: Awaited<ReturnType<typeof attempt>>) => {
        const headers: Record<string, unknown> = { ...res.headers };
        delete headers.date;
        delete headers['x-request-id'];
        // Every answer has its own script nonce.
        headers['content-security-policy'] = String(headers['content-security-policy']).replace(
          /'nonce-[^']+'/,
          "'nonce-…'",
        );
        return { status: res.statusCode, body: res.body, headers };
      };
      for (let i = 0; i < 5; i++) {
        const known = await attempt(user.email, 'mala', '10.7.0.1');
        const unknown = await attempt('nadie@example.com', 'mala', '10.7.0.2');
        expect(comparable(unknown)).toEqual(comparable(known));
        expect(known.statusCode).toBe(i < 3 ? 401 : 429);
      }
      // The counters behind them are the same too (an unknown e-mail is no cheaper).
      const rows = await t.db.query<{ key: string; hits: number }>(
        'SELECT key, hits FROM rate_limits',
      );
      const countersOf = (ip: string, email: string) =>
        rows
          .filter((r) => r.key.includes(ip) || r.key.endsWith(`:${email}`))
          .map((r) => `${r.key.replace(email, '<e-mail>').replace(ip, '<ip>')} ${r.hits}`)
          .sort();
      expect(countersOf('10.7.0.1', user.email)).toHaveLength(4);
      expect(countersOf('10.7.0.2', 'nadie@example.com')).toEqual(
        countersOf('10.7.0.1', user.email),
      );
    });
  });

  describe('GET /api/user/me', () => {
    it('401 without a cookie', async () => {
      const res = await me();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.notLoggedIn });
    });

    it('401 with a forged or malformed cookie, and the cookie is cleared', async () => {
      for (const cookie of ['hd_session=' + 'A'.repeat(43), 'hd_session=corto', 'hd_session=']) {
        const res = await me(cookie);
        expect(res.statusCode).toBe(401);
        expect(setCookieHeader(res)).toMatch(/^hd_session=; .*Max-Age=0/);
      }
    });

    it('200 {user} with a valid session', async () => {
      const user = await createUser(t.db, { name: 'Dora' });
      const res = await me(await login(app, user));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: { id: user.id, name: 'Dora', email: user.email, role: 'user', logged: true },
      });
    });

    it('finds the cookie among other cookies', async () => {
      const user = await createUser(t.db);
      const cookie = await login(app, user);
      expect((await me(`tema=oscuro; ${cookie}; otra=1`)).statusCode).toBe(200);
    });
  });

  describe('session expiry', () => {
    it('idle: 7 days without use ends the session; use keeps it alive', async () => {
      const user = await createUser(t.db);
      const cookie = await login(app, user);
      clock.advance(7 * DAY - MINUTE);
      expect((await me(cookie)).statusCode).toBe(200); // refreshes last use
      clock.advance(7 * DAY - MINUTE);
      expect((await me(cookie)).statusCode).toBe(200);
      clock.advance(7 * DAY);
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(setCookieHeader(res)).toContain('Max-Age=0');
      expect(await t.db.query('SELECT 1 FROM sessions')).toEqual([]);
    });

    it('absolute: 30 days after login the session ends even if used every day', async () => {
      const user = await createUser(t.db);
      const cookie = await login(app, user);
      for (let day = 1; day < 30; day++) {
        clock.advance(DAY);
        expect((await me(cookie)).statusCode).toBe(200);
      }
      clock.advance(DAY);
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('expired rows are purged (periodically, and for the user at login)', async () => {
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      await login(app, user);
      await login(app, other);
      clock.advance(8 * DAY);
      await login(app, user); // purges the user's own stale session
      expect(await t.db.query('SELECT user_id FROM sessions ORDER BY user_id')).toEqual([
        { user_id: user.id },
        { user_id: other.id },
      ]);
      await app.purgeExpired();
      expect(await t.db.query('SELECT user_id FROM sessions')).toEqual([{ user_id: user.id }]);
    });
  });

  describe('sessions per user', () => {
    const capped = async (max: number) => {
      await app.close();
      app = await makeApp(t.db, {
        clock,
        config: testConfig({}, { SESSIONS_PER_USER: String(max) }),
      });
    };
    const liveSessions = async (userId: number) =>
      (await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [userId])).length;

    it('a login beyond SESSIONS_PER_USER ends the oldest sessions of that user only', async () => {
      await capped(3);
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      const otherCookie = await login(app, other);
      const cookies: string[] = [];
      for (let i = 0; i < 5; i++) {
        cookies.push(await login(app, user));
        clock.advance(MINUTE);
      }
      expect(await liveSessions(user.id)).toBe(3);
      expect((await me(cookies[0])).statusCode).toBe(401);
      expect((await me(cookies[1])).statusCode).toBe(401);
      for (const cookie of cookies.slice(2)) expect((await me(cookie)).statusCode).toBe(200);
      expect((await me(otherCookie)).statusCode).toBe(200);
    });

    it('the cap holds for logins in the same instant and concurrent ones, and the new session always lives', async () => {
      await capped(3);
      const user = await createUser(t.db);
      for (let i = 0; i < 4; i++) {
        // Same timestamp every time: the session just handed out is never the one ended.
        expect((await me(await login(app, user))).statusCode).toBe(200);
      }
      expect(await liveSessions(user.id)).toBe(3);
      clock.advance(1);
      const cookies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          app
            .inject({
              method: 'POST',
              url: '/api/user/userLogin',
              payload: { email: user.email, password: user.password },
              remoteAddress: `10.8.0.${i}`,
            })
            .then((res) => sessionCookieOf(res)!),
        ),
      );
      expect(await liveSessions(user.id)).toBe(3);
      // The three left are three of the newest logins.
      const alive = await Promise.all(cookies.map(async (c) => (await me(c)).statusCode));
      expect(alive.filter((s) => s === 200)).toHaveLength(3);
    });

    it('SESSIONS_PER_USER=0 turns the cap off', async () => {
      await capped(0);
      const user = await createUser(t.db);
      for (let i = 0; i < 12; i++) await login(app, user);
      expect(await liveSessions(user.id)).toBe(12);
    });
  });

  describe('periodic purge', () => {
    it('is a job scheduled every purge interval that deletes expired sessions and rate-limit windows', async () => {
      await app.close();
      app = await makeApp(t.db, { clock, purgeIntervalMs: 10 * MINUTE });
      // Scheduled once in the database, whichever process runs it.
      // (Other capabilities keep schedules of their own, e.g. the daily alert digest.)
      const schedules = await app.jobs.boss.getSchedules();
      expect(schedules.filter((s) => s.name === PURGE_QUEUE).map((s) => [s.name, s.cron])).toEqual([
        [PURGE_QUEUE, '*/10 * * * *'],
      ]);
      const stale = await createUser(t.db);
      const fresh = await createUser(t.db);
      await login(app, stale);
      const failed = await app.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        payload: { email: 'nadie@example.com', password: 'mala' },
      });
      expect(failed.statusCode).toBe(401);
      clock.advance(8 * DAY);
      const freshCookie = await login(app, fresh);
      const count = async (table: string) => (await t.db.query(`SELECT 1 FROM ${table}`)).length;
      expect(await count('sessions')).toBe(2);
      expect(await count('rate_limits')).toBeGreaterThan(0);
      // What pg-boss's clock sends when the period comes round.
      await app.jobs.boss.send(PURGE_QUEUE, {});
      await app.jobs.idle(PURGE_QUEUE);
      expect(await count('sessions')).toBe(1);
      // Only the windows that are still running survive (those of the fresh login).
      expect(
        (await t.db.query<{ key: string }>('SELECT key FROM rate_limits')).every(
          (r) => !r.key.includes('nadie@example.com'),
        ),
      ).toBe(true);
      expect((await me(freshCookie)).statusCode).toBe(200);
    });

    it('off (0): no schedule is left behind', async () => {
      await app.close();
      app = await makeApp(t.db, { clock, purgeIntervalMs: 10 * MINUTE });
      await app.close();
      app = await makeApp(t.db, { clock, purgeIntervalMs: 0 });
      const names = (await app.jobs.boss.getSchedules()).map((s) => s.name);
      expect(names).not.toContain(PURGE_QUEUE);
    });
  });

  describe('GET /api/user/userLogout', () => {
    it('200 true, deletes the session server-side and clears the cookie', async () => {
      const user = await createUser(t.db);
      const cookie = await login(app, user);
      const res = await app.inject({
        method: 'GET',
        url: '/api/user/userLogout',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
      expect(setCookieHeader(res)).toMatch(
        /^hd_session=; Path=\/; Max-Age=0;.*HttpOnly; SameSite=Lax/,
      );
      expect(await t.db.query('SELECT 1 FROM sessions')).toEqual([]);
      // A copy of the old cookie is worthless now.
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('never fails for the client: no cookie, or a dead one, still gives 200 true', async () => {
      for (const headers of [
        {},
        { cookie: 'hd_session=' + 'B'.repeat(43) },
        { cookie: 'hd_session=basura' },
      ]) {
        const res = await app.inject({ method: 'GET', url: '/api/user/userLogout', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toBe(true);
      }
    });

    it('never ends a session for an <img>, a stylesheet, a frame or a link (Sec-Fetch-Dest not empty), even same-origin', async () => {
      const user = await createUser(t.db);
      const cookie = await login(app, user);
      for (const dest of ['image', 'style', 'script', 'iframe', 'document', 'object', 'video']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({
            method,
            url: '/api/user/userLogout',
            headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': dest },
          });
          expect(res.statusCode, `${method} ${dest}`).toBe(403);
          if (method === 'GET') expect(res.json()).toEqual({ error: NOT_FROM_A_SCRIPT });
          expect(setCookieHeader(res), dest).toBeUndefined();
        }
      }
      expect((await me(cookie)).statusCode).toBe(200);
      // The site's own fetch/XHR (empty) logs out.
      const xhr = await app.inject({
        method: 'GET',
        url: '/api/user/userLogout',
        headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' },
      });
      expect(xhr.statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(401);
      // A client without Sec-Fetch headers (curl, an old browser) still can.
      const again = await login(app, user);
      const curl = await app.inject({
        method: 'GET',
        url: '/api/user/userLogout',
        headers: { cookie: again },
      });
      expect(curl.statusCode).toBe(200);
      expect((await me(again)).statusCode).toBe(401);
    });

    it('403 when another site triggers it', async () => {
      const user = await createUser(t.db);
      const cookie = await login(app, user);
      const res = await app.inject({
        method: 'GET',
        url: '/api/user/userLogout',
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(403);
      expect((await me(cookie)).statusCode).toBe(200);
    });
  });
});

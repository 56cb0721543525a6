// Login never tells whether an e-mail is registered: an unknown e-mail, a locked account and a
// wrong password cost the same argon2 verification and get the same answer.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/shared/api';
import { openTestDatabase, type TestDatabase } from './helpers/database';
import { createUser, makeApp, type TestUser } from './helpers/app';

const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications += 1;
      return real.verify(...args);
    },
  };
});

describe('login privacy', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    app = await makeApp(t.db);
    user = await createUser(t.db);
    await createUser(t.db, { email: 'demo@example.com' });
    await t.db.query("UPDATE users SET password_hash = '!' WHERE email = 'demo@example.com'");
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  beforeEach(() => {
    argon2.verifications = 0;
  });

  const attempt = (email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/userLogin',
      payload: { email, password },
      remoteAddress,
    });

  it.each([
    ['a wrong password', () => user.email],
    ['an unknown e-mail', () => 'nadie@example.com'],
    ['an account that cannot log in', () => 'demo@example.com'],
  ])('%s costs exactly one argon2 verification and gets the generic 401', async (_l, email) => {
    const res = await attempt(email(), 'no-es-la-clave', '10.20.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.badCredentials });
    expect(argon2.verifications).toBe(1);
  });
});

// "Guardados": saving and forgetting dogs, the saved list with owners' contact, who may call it,
// idempotence, and that favorites go with the dog and with the account.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api';
import { dogListResponseSchema } from '../../src/shared/dog';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createDog, createUser, login, makeApp, type TestUser } from './helpers/app';

describe.each(BACKENDS)('favorites on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let owner: TestUser;
  let ownerCookie: string;
  let visitor: TestUser;
  let visitorCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    app = await makeApp(t.db);
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    visitor = await createUser(t.db, { name: 'Vera Visita', email: 'vera@example.com' });
    ownerCookie = await login(app, owner);
    visitorCookie = await login(app, visitor);
  });
  afterEach(async () => {
    await app.close();
  });

  const favorites = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/me/favorites', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return dogListResponseSchema.parse(res.json());
  };
  const save = (cookie: string, id: number | string) =>
    app.inject({ method: 'PUT', url: `/api/me/favorites/${id}`, headers: { cookie } });
  const forget = (cookie: string, id: number | string) =>
    app.inject({ method: 'DELETE', url: `/api/me/favorites/${id}`, headers: { cookie } });

  it('saves dogs, lists them last saved first with the owner, and forgets them', async () => {
    const luna = await createDog(app, ownerCookie, { name: 'Luna' });
    const toby = await createDog(app, ownerCookie, { name: 'Toby' });
    expect(await favorites(visitorCookie)).toEqual([]);

    expect((await save(visitorCookie, toby.id)).statusCode).toBe(204);
    expect((await save(visitorCookie, luna.id)).statusCode).toBe(204);
    // Saving again is no change.
    expect((await save(visitorCookie, toby.id)).statusCode).toBe(204);
    const saved = await favorites(visitorCookie);
    expect(saved.map((d) => d.name)).toEqual(['Luna', 'Toby']);
    expect(saved[0]!.user).toEqual({ name: 'Olga Dueña', email: 'olga@example.com' });
    // Each person has their own.
    expect(await favorites(ownerCookie)).toEqual([]);

    expect((await forget(visitorCookie, luna.id)).statusCode).toBe(204);
    expect((await forget(visitorCookie, luna.id)).statusCode).toBe(204);
    expect((await favorites(visitorCookie)).map((d) => d.name)).toEqual(['Toby']);
  });

  it('refuses anonymous visitors, unknown dogs and malformed ids in Spanish', async () => {
    const dog = await createDog(app, ownerCookie);
    for (const res of [
      await app.inject({ method: 'GET', url: '/api/me/favorites' }),
      await app.inject({ method: 'PUT', url: `/api/me/favorites/${dog.id}` }),
      await app.inject({ method: 'DELETE', url: `/api/me/favorites/${dog.id}` }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    for (const id of [999999, 99999999999]) {
      const res = await save(visitorCookie, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.dogNotFound });
    }
    const bad = await save(visitorCookie, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'El id del perro no es válido' });
    // Another site cannot make a visitor's browser save or forget dogs.
    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/me/favorites/${dog.id}`,
      headers: { cookie: visitorCookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await favorites(visitorCookie)).toEqual([]);
  });

  it('a deleted dog leaves every list of saved dogs; a deleted account takes its favorites along', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Canela' });
    expect((await save(visitorCookie, dog.id)).statusCode).toBe(204);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/dog/${dog.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await favorites(visitorCookie)).toEqual([]);

    const other = await createDog(app, ownerCookie, { name: 'Max' });
    expect((await save(visitorCookie, other.id)).statusCode).toBe(204);
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: { cookie: visitorCookie },
      payload: { password: visitor.password },
    });
    expect(gone.statusCode).toBe(204);
    const rows = await t.db.query('SELECT * FROM favorites WHERE user_id = $1', [visitor.id]);
    expect(rows).toEqual([]);
  });

  it('the personal data export lists the saved dogs', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Pelusa' });
    expect((await save(visitorCookie, dog.id)).statusCode).toBe(204);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/export',
      headers: { cookie: visitorCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().favorites).toEqual([
      { dog_id: dog.id, dog_name: 'Pelusa', created_at: expect.any(String) },
    ]);
  });
});

// Contract with the original site's client: its calls replayed exactly as it makes them (paths,
// methods, payloads, including the fields our API ignores), asserting every field it reads.
// That client runs in a browser on the same origin, so requests carry the page's Origin, the
// browser's Sec-Fetch-Site and the session cookie; it treats any status outside 200–299 as a
// failure. One deliberate change: registration now needs `consent: true` (the person accepted the
// personal data policy, as Colombian law requires), which that client's form adds with a checkbox;
// its old request without it is refused with a message it shows as is.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { makeApp, sessionCookieOf } from './helpers/app';

const HOST = 'happydog.example';
const ORIGIN = `http://${HOST}`;

const account = {
  name: 'Rosa Rescatista',
  email: 'rosa@example.com',
  password: 'perritos-2025',
};

// The client's dog form: every field of the listing plus the owner id it keeps in its state.
const dogForm = {
  name: 'Canela',
  height: '45 cm',
  weight: '14 kg',
  city: 'Cali',
  image: 'https://example.com/canela.jpg',
  personality: 'Tranquila y cariñosa',
  life_span: '12 a 14 años',
};

/** The client's registration body: its four fields plus the policy consent. */
const registration = { ...account, passwordValidate: account.password, consent: true };

const isSuccess = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

describe.each(BACKENDS)('the original client against the API on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie: string | undefined;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    app = await makeApp(t.db);
    cookie = undefined;
  });
  afterEach(async () => {
    await app.close();
  });

  // One call as the browser sends it for that client: same-origin headers and its cookie jar.
  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) {
    const res = await app.inject({
      method,
      url: `/api${path}`,
      headers: {
        host: HOST,
        // What the browser sends for the seed client's XHR (axios).
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'empty',
        ...(method === 'GET' ? {} : { origin: ORIGIN }),
        ...(cookie ? { cookie } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    const setCookie = sessionCookieOf(res);
    if (setCookie !== undefined) cookie = setCookie.endsWith('=') ? undefined : setCookie;
    return res;
  }

  it('registers, logs in, lists, publishes, edits, deletes and logs out', async () => {
    // Registration: success is a body exactly equal to true.
    const registered = await call('POST', '/user/userRegister', registration);
    expect(isSuccess(registered)).toBe(true);
    expect(registered.json()).toStrictEqual(true);

    // Login: the client stores `user` and copies its `logged` flag into the session state.
    const loggedIn = await call('POST', '/user/userLogin', {
      email: account.email,
      password: account.password,
    });
    expect(isSuccess(loggedIn)).toBe(true);
    const { user } = loggedIn.json();
    expect(user).toMatchObject({ name: account.name, role: expect.any(String), logged: true });
    expect(typeof user.id).toBe('number');
    expect(cookie).toBeDefined();

    // The same user object, with the flag, when the session is asked for again.
    const me = await call('GET', '/user/me');
    expect(me.json().user).toStrictEqual(user);

    // Publishing: the client sends its own idea of the owner (hostage_id); the session decides.
    const created = await call('POST', '/dog', { ...dogForm, hostage_id: user.id + 1000 });
    expect(isSuccess(created)).toBe(true);

    // The list is an array of dogs; logged in, each carries its owner's contact.
    const listed = await call('GET', '/dog');
    expect(isSuccess(listed)).toBe(true);
    const dogs = listed.json();
    expect(Array.isArray(dogs)).toBe(true);
    expect(dogs).toHaveLength(1);
    const [dog] = dogs;
    expect(dog).toMatchObject({ ...dogForm, hostage_id: user.id });
    expect(dog.user).toEqual({ name: account.name, email: account.email });

    // Editing sends the whole dog object back (id, owner, contact included) and reads `dog`.
    const updated = await call('PUT', `/dog/${dog.id}`, { ...dog, personality: 'Muy juguetona' });
    expect(isSuccess(updated)).toBe(true);
    expect(updated.json().dog).toMatchObject({
      id: dog.id,
      personality: 'Muy juguetona',
      hostage_id: user.id,
    });

    const deleted = await call('DELETE', `/dog/${dog.id}`);
    expect(isSuccess(deleted)).toBe(true);
    expect((await call('GET', '/dog')).json()).toEqual([]);

    // Logout: result unused, but the session must really end.
    const loggedOut = await call('GET', '/user/userLogout');
    expect(isSuccess(loggedOut)).toBe(true);
    expect(cookie).toBeUndefined();
    expect((await call('POST', '/dog', dogForm)).statusCode).toBe(401);
  });

  it('its registration without the policy consent is refused with a text it shows as is', async () => {
    const old = await call('POST', '/user/userRegister', {
      ...account,
      passwordValidate: account.password,
    });
    expect(isSuccess(old)).toBe(false);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ error: 'Debes aceptar la política de tratamiento de datos' });
    expect(await t.db.query('SELECT 1 FROM users')).toHaveLength(0);
  });

  it('shows the server’s own text for a wrong password and a failed registration', async () => {
    await call('POST', '/user/userRegister', registration);

    const wrong = await call('POST', '/user/userLogin', {
      email: account.email,
      password: 'otra-clave-1',
    });
    expect(isSuccess(wrong)).toBe(false);
    expect(wrong.json()).toEqual({ error: expect.stringMatching(/contraseña/i) });
    expect(wrong.json().user).toBeUndefined();

    const again = await call('POST', '/user/userRegister', registration);
    expect(isSuccess(again)).toBe(false);
    expect(again.json()).not.toBe(true);
    expect(again.json()).toEqual({ error: expect.any(String) });
  });

  it('anonymous visitors get the list and the dog with an empty owner, never the real one', async () => {
    await call('POST', '/user/userRegister', registration);
    await call('POST', '/user/userLogin', { email: account.email, password: account.password });
    await call('POST', '/dog', dogForm);
    await call('GET', '/user/userLogout');

    const listed = await call('GET', '/dog');
    expect(isSuccess(listed)).toBe(true);
    const dogs = listed.json();
    expect(Array.isArray(dogs)).toBe(true);
    expect(dogs[0]).toMatchObject(dogForm);
    // "Info Dog" renders dog.user.name and dog.user.email: an object, but an empty one.
    expect(dogs[0].user).toStrictEqual({ name: '', email: '' });
    expect(listed.body).not.toContain(account.email);
    expect(listed.body).not.toContain(account.name);

    const single = await call('GET', `/dog/${dogs[0].id}`);
    expect(isSuccess(single)).toBe(true);
    expect(single.json()).toMatchObject(dogForm);
    expect(single.json().user).toStrictEqual({ name: '', email: '' });
    expect(single.body).not.toContain(account.email);
    expect(single.body).not.toContain(account.name);
  });
});

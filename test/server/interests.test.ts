// "Me interesa": sending a request about a dog, the owner's and the sender's boxes, answering it,
// who may do what (only the sender and the dog's owner ever see a request), the one open request
// per person and dog, the rate limit, "Mis publicaciones" (GET /api/me/dogs), the owner's phone
// in dog answers (logged-in requesters only), the e-mails both sides get (through a real SMTP
// peer), and that requests go with the dog, with the account and into the data export.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api';
import { dogListResponseSchema, dogSchema } from '../../src/shared/dog';
import {
  INTEREST_MESSAGES,
  INTEREST_STATE_INVALID,
  INTEREST_TRANSITION_MESSAGES,
  interestListSchema,
  interestResponseSchema,
} from '../../src/shared/interest';
import {
  createDog,
  createUser,
  login,
  makeApp,
  testConfig,
  TestClock,
  HOUR,
  type TestUser,
} from './helpers/app';
import {
  BACKENDS,
  deletingDogBefore,
  openTestDatabase,
  type TestDatabase,
} from './helpers/database';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp';
import { DEMO_DOGS, seedDemoData } from '../../src/server/seed/demo';

const PUBLIC_URL = 'https://happydog.example';
const MESSAGE = 'Hola, tengo patio y mucho tiempo para Luna. ¿Podemos hablar?';

describe.each(BACKENDS)('"Me interesa" requests on %s', (backend) => {
  let t: TestDatabase;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let clock: TestClock;
  let owner: TestUser;
  let visitor: TestUser;
  let stranger: TestUser;
  let ownerCookie: string;
  let visitorCookie: string;
  let strangerCookie: string;

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
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    visitor = await createUser(t.db, { name: 'Vera Visita', email: 'vera@example.com' });
    stranger = await createUser(t.db, { name: 'Eloy Extraño', email: 'eloy@example.com' });
    [ownerCookie, visitorCookie, strangerCookie] = await Promise.all(
      [owner, visitor, stranger].map((u) => login(app, u)),
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const send = (cookie: string | undefined, dogId: number | string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/dog/${dogId}/interest`,
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });
  const box = (cookie: string | undefined, which: string) =>
    app.inject({
      method: 'GET',
      url: `/api/me/interests?box=${which}`,
      headers: cookie ? { cookie } : {},
    });
  const answer = (cookie: string | undefined, id: number | string, state: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `/api/interest/${id}`,
      headers: cookie ? { cookie } : {},
      payload: { state },
    });
  const mail = async () => {
    await app.mailer.idle();
    return smtp.received;
  };

  it('the visitor sends a request; the owner receives it with the contact and an e-mail', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Luna' });
    const res = await send(visitorCookie, dog.id, {
      message: `  ${MESSAGE}  `,
      phone: '300 123 4567',
    });
    expect(res.statusCode).toBe(201);
    const { interest } = interestResponseSchema.parse(res.json());
    expect(interest).toEqual({
      id: expect.any(Number),
      dog: { id: dog.id, name: 'Luna' },
      sender: { name: 'Vera Visita', email: 'vera@example.com' },
      message: MESSAGE,
      phone: '+573001234567',
      state: 'new',
      history: [{ state: 'new', at: clock.now().toISOString() }],
      profile: null,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });

    const received = await box(ownerCookie, 'received');
    expect(received.statusCode).toBe(200);
    expect(interestListSchema.parse(received.json())).toEqual([interest]);
    const sent = await box(visitorCookie, 'sent');
    expect(sent.json()).toEqual([interest]);
    // Each box is its person's own.
    expect((await box(visitorCookie, 'received')).json()).toEqual([]);
    expect((await box(ownerCookie, 'sent')).json()).toEqual([]);
    expect((await box(strangerCookie, 'received')).json()).toEqual([]);
    expect((await box(strangerCookie, 'sent')).json()).toEqual([]);

    const sentMail = await mail();
    expect(sentMail.map((m) => m.to)).toEqual(
      expect.arrayContaining([['olga@example.com'], ['vera@example.com']]),
    );
    expect(sentMail).toHaveLength(2);
    const message = sentMail.find((m) => m.to[0] === 'olga@example.com');
    const receipt = sentMail.find((m) => m.to[0] === 'vera@example.com');
    expect(receipt!.subject).toBe('Recibimos tu solicitud por Luna | Happy Dog');
    expect(receipt!.text).toContain(`${PUBLIC_URL}/mis-solicitudes`);
    expect(message!.subject).toBe('Luna tiene una nueva solicitud | Happy Dog');
    expect(message!.text).toContain('Hola, Olga Dueña:');
    expect(message!.text).toContain('Vera Visita está interesado en adoptar a Luna');
    expect(message!.text).toContain(MESSAGE);
    expect(message!.text).toContain(`${PUBLIC_URL}/mis-perros`);
    expect(message!.html).toContain(`href="${PUBLIC_URL}/mis-perros"`);
    expect(message!.html).toContain('Happy Dog');
  });

  it('the demo data’s dogs say they are examples and refuse requests (409), sending no e-mail', async () => {
    await t.reset();
    expect(await seedDemoData(t.db, { photos: () => undefined })).toBe(true);
    const reader = await createUser(t.db, { name: 'Rita Lectora', email: 'rita@example.com' });
    const cookie = await login(app, reader);
    const list = await app.inject({ method: 'GET', url: '/api/dog?limit=50', headers: { cookie } });
    const dogs = dogListResponseSchema.parse(list.json());
    expect(dogs).toHaveLength(DEMO_DOGS.length);
    expect(dogs.every((dog) => dog.demo === true)).toBe(true);
    const res = await send(cookie, dogs[0]!.id, { message: MESSAGE });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: INTEREST_MESSAGES.demo });
    expect(await mail()).toHaveLength(0);
    // A person's own dog is no example.
    const own = await createDog(app, cookie, { name: 'Propio' });
    expect(dogSchema.parse(own).demo).toBe(false);
  });

  it('without a phone the request has none; the message is 10 to 1000 characters', async () => {
    const dog = await createDog(app, ownerCookie);
    const cases: Array<[unknown, string]> = [
      [{}, 'El mensaje es obligatorio'],
      [{ message: 42 }, 'El mensaje debe ser texto'],
      [{ message: '   corto   ' }, 'El mensaje debe tener al menos 10 caracteres'],
      [{ message: 'x'.repeat(1001) }, 'El mensaje no puede superar 1000 caracteres'],
      [{ message: MESSAGE, phone: '602 555 1234' }, expect.stringContaining('El celular')],
      [{ message: MESSAGE, phone: '+1 202 555 0143' }, expect.stringContaining('El celular')],
    ] as Array<[unknown, string]>;
    for (const [body, error] of cases) {
      const res = await send(visitorCookie, dog.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const ok = await send(visitorCookie, dog.id, { message: 'x'.repeat(1000), phone: '' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().interest.phone).toBeNull();
  });

  it('one open request per person and dog; after an answer another may follow', async () => {
    const dog = await createDog(app, ownerCookie);
    const first = await send(visitorCookie, dog.id, { message: MESSAGE });
    expect(first.statusCode).toBe(201);
    const again = await send(visitorCookie, dog.id, { message: `${MESSAGE} Otra vez.` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: INTEREST_MESSAGES.alreadyOpen });
    // Someone else may still write.
    expect((await send(strangerCookie, dog.id, { message: MESSAGE })).statusCode).toBe(201);

    expect((await answer(ownerCookie, first.json().interest.id, 'dismissed')).statusCode).toBe(200);
    expect((await send(visitorCookie, dog.id, { message: MESSAGE })).statusCode).toBe(201);
    const sent = interestListSchema.parse((await box(visitorCookie, 'sent')).json());
    expect(sent.map((i) => i.state).sort()).toEqual(['declined', 'new']);
  });

  it('refuses anonymous visitors (401), the own dog (403), unknown, hidden and adopted dogs', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Toby' });
    for (const res of [
      await send(undefined, dog.id, { message: MESSAGE }),
      await box(undefined, 'received'),
      await answer(undefined, 1, 'answered'),
      await app.inject({ method: 'GET', url: '/api/me/dogs' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.notLoggedIn });
    }

    const own = await send(ownerCookie, dog.id, { message: MESSAGE });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: INTEREST_MESSAGES.ownDog });

    for (const id of [999999, 99999999999]) {
      const res = await send(visitorCookie, id, { message: MESSAGE });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.dogNotFound });
    }
    expect((await send(visitorCookie, 'abc', { message: MESSAGE })).statusCode).toBe(400);

    // A listing moderation hid: its owner gets nothing.
    const hidden = await createDog(app, ownerCookie, { name: 'Oculto' });
    await t.db.query(`UPDATE dogs SET hidden_at = now(), hidden_reason = 'Venta' WHERE id = $1`, [
      hidden.id,
    ]);
    const toHidden = await send(visitorCookie, hidden.id, { message: MESSAGE });
    expect(toHidden.statusCode).toBe(404);
    expect(toHidden.json()).toEqual({ error: MESSAGES.dogNotFound });

    // Adopted: 409, the dog's state forbids it (DESIGN: never to an adopted dog).
    const adopted = await createDog(app, ownerCookie, { name: 'Adoptado', status: 'adopted' });
    const toAdopted = await send(visitorCookie, adopted.id, { message: MESSAGE });
    expect(toAdopted.statusCode).toBe(409);
    expect(toAdopted.json()).toEqual({ error: INTEREST_MESSAGES.adopted });
    // A female dog's answer agrees with her.
    const adoptedFemale = await createDog(app, ownerCookie, {
      name: 'Adoptada',
      sex: 'female',
      status: 'adopted',
    });
    const toAdoptedFemale = await send(visitorCookie, adoptedFemale.id, { message: MESSAGE });
    expect(toAdoptedFemale.statusCode).toBe(409);
    expect(toAdoptedFemale.json()).toEqual({ error: INTEREST_MESSAGES.adoptedFemale });

    // Another site cannot make a visitor's browser send one.
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/dog/${dog.id}/interest`,
      headers: { cookie: visitorCookie, origin: 'https://evil.example' },
      payload: { message: MESSAGE },
    });
    expect(foreign.statusCode).toBe(403);

    expect(await t.db.query('SELECT id FROM interests')).toEqual([]);
    expect(await mail()).toEqual([]);
  });

  it('only the dog owner answers a request; the sender is told by e-mail when it changes', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Canela' });
    const { interest } = (await send(visitorCookie, dog.id, { message: MESSAGE })).json();
    await mail();
    smtp.received.length = 0;

    // The sender, a stranger: 403; nobody: 404; bad bodies: 400.
    const bySender = await answer(visitorCookie, interest.id, 'answered');
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json()).toEqual({ error: INTEREST_TRANSITION_MESSAGES.rescuerOnly });
    const byStranger = await answer(strangerCookie, interest.id, 'answered');
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toEqual({ error: INTEREST_MESSAGES.notDogOwner });
    const unknown = await answer(ownerCookie, 999999, 'answered');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: INTEREST_MESSAGES.notFound });
    expect((await answer(ownerCookie, 'x', 'answered')).statusCode).toBe(400);
    for (const state of ['new', 'closed', undefined]) {
      const res = await answer(ownerCookie, interest.id, state);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: INTEREST_STATE_INVALID });
    }
    expect((await box(ownerCookie, 'received')).json()[0].state).toBe('new');

    clock.advance(HOUR);
    const answered = await answer(ownerCookie, interest.id, 'answered');
    expect(answered.statusCode).toBe(200);
    expect(answered.json().interest).toMatchObject({
      id: interest.id,
      // "answered" is the second wave's name for "reviewing".
      state: 'reviewing',
      created_at: interest.created_at,
      updated_at: clock.now().toISOString(),
    });
    // The same state again changes nothing and sends nothing more.
    expect((await answer(ownerCookie, interest.id, 'answered')).statusCode).toBe(200);
    expect((await box(visitorCookie, 'sent')).json()[0].state).toBe('reviewing');

    const [message, ...more] = await mail();
    expect(more).toEqual([]);
    expect(message!.to).toEqual(['vera@example.com']);
    expect(message!.subject).toBe('Tu solicitud por Canela está en revisión | Happy Dog');
    expect(message!.text).toContain('Hola, Vera Visita:');
    expect(message!.text).toContain(`${PUBLIC_URL}/mis-solicitudes`);
    expect(message!.html).toContain(`href="${PUBLIC_URL}/mis-solicitudes"`);

    smtp.received.length = 0;
    expect((await answer(ownerCookie, interest.id, 'dismissed')).statusCode).toBe(200);
    const [dismissed] = await mail();
    expect(dismissed!.subject).toBe('Sobre tu solicitud por Canela | Happy Dog');
    expect(dismissed!.text).toContain('Gracias por querer darle un hogar a Canela');
  });

  it('switching a request back and forth e-mails the sender once per state, never again', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Canela' });
    const { interest } = (await send(visitorCookie, dog.id, { message: MESSAGE })).json();
    await mail();
    smtp.received.length = 0;
    const states = [];
    for (let i = 0; i < 10; i++) {
      const state = i % 2 === 0 ? 'answered' : 'dismissed';
      const res = await answer(ownerCookie, interest.id, state);
      expect(res.statusCode).toBe(200);
      states.push(res.json().interest.state);
    }
    expect(states).toEqual(Array.from({ length: 5 }, () => ['reviewing', 'declined']).flat());
    // Once each (jobs may deliver two messages in either order).
    const subjects = (await mail()).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Sobre tu solicitud por Canela | Happy Dog',
      'Tu solicitud por Canela está en revisión | Happy Dog',
    ]);
    // Concurrent answers of one request e-mail once too.
    const second = (
      await send(visitorCookie, (await createDog(app, ownerCookie, { name: 'Luna' })).id, {
        message: MESSAGE,
      })
    ).json().interest;
    await mail();
    smtp.received.length = 0;
    await Promise.all(Array.from({ length: 4 }, () => answer(ownerCookie, second.id, 'answered')));
    expect((await mail()).map((m) => m.subject)).toEqual([
      'Tu solicitud por Luna está en revisión | Happy Dog',
    ]);
  });

  it('rate limits answers per user with a Spanish 429', async () => {
    await app.close();
    app = await makeApp(t.db, {
      clock,
      config: testConfig({ interestAnswerPerUser: 3 }, { SMTP_URL: smtp.url, PUBLIC_URL }),
    });
    const dog = await createDog(app, ownerCookie, { name: 'Canela' });
    const { interest } = (await send(visitorCookie, dog.id, { message: MESSAGE })).json();
    for (const state of ['answered', 'dismissed', 'answered']) {
      expect((await answer(ownerCookie, interest.id, state)).statusCode).toBe(200);
    }
    const limited = await answer(ownerCookie, interest.id, 'dismissed');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await box(ownerCookie, 'received')).json()[0].state).toBe('reviewing');
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/interest/{id}'].patch.responses)).toContain('429');
  });

  it('a dog deleted after the checks and before the insert: a Spanish 404, nothing stored, no e-mail', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Luna' });
    const racing = await makeApp(deletingDogBefore(t.db, 'INSERT INTO interests', 0), {
      clock,
      config: testConfig({}, { SMTP_URL: smtp.url, PUBLIC_URL }),
    });
    try {
      const res = await racing.inject({
        method: 'POST',
        url: `/api/dog/${dog.id}/interest`,
        headers: { cookie: visitorCookie },
        payload: { message: MESSAGE },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.dogNotFound });
      await racing.mailer.idle();
    } finally {
      await racing.close();
    }
    expect(await t.db.query('SELECT id FROM interests')).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('rate limits requests per user with a Spanish 429', async () => {
    await app.close();
    app = await makeApp(t.db, {
      clock,
      config: testConfig({ interestPerUser: 4 }, { SMTP_URL: smtp.url, PUBLIC_URL }),
    });
    const dogs = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => createDog(app, ownerCookie, { name: `Perro ${n}` })),
    );
    for (const dog of dogs.slice(0, 4)) {
      expect((await send(visitorCookie, dog.id, { message: MESSAGE })).statusCode).toBe(201);
    }
    const limited = await send(visitorCookie, dogs[4]!.id, { message: MESSAGE });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.tooManyAttempts });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another person has their own budget.
    expect((await send(strangerCookie, dogs[4]!.id, { message: MESSAGE })).statusCode).toBe(201);
  });

  it('a bad box is a Spanish 400', async () => {
    for (const url of ['/api/me/interests', '/api/me/interests?box=all']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'El parámetro box no es válido: elige las solicitudes recibidas o las enviadas',
      });
    }
  });

  it('a hidden listing keeps its requests for the owner, not for the sender', async () => {
    const dog = await createDog(app, ownerCookie);
    expect((await send(visitorCookie, dog.id, { message: MESSAGE })).statusCode).toBe(201);
    await t.db.query(`UPDATE dogs SET hidden_at = now(), hidden_reason = 'Spam' WHERE id = $1`, [
      dog.id,
    ]);
    expect((await box(ownerCookie, 'received')).json()).toHaveLength(1);
    expect((await box(visitorCookie, 'sent')).json()).toEqual([]);
  });

  it('GET /api/me/dogs: own dogs in any status, hidden ones with the reason', async () => {
    const a = await createDog(app, ownerCookie, { name: 'Disponible' });
    const b = await createDog(app, ownerCookie, { name: 'Adoptado', status: 'adopted' });
    const c = await createDog(app, ownerCookie, { name: 'Oculto' });
    await createDog(app, visitorCookie, { name: 'Ajeno' });
    await t.db.query(`UPDATE dogs SET hidden_at = now(), hidden_reason = 'Venta' WHERE id = $1`, [
      c.id,
    ]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/me/dogs',
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(200);
    const dogs = dogListResponseSchema.parse(res.json());
    expect(dogs.map((d) => [d.id, d.name, d.status, d.hidden_reason])).toEqual([
      [c.id, 'Oculto', 'available', 'Venta'],
      [b.id, 'Adoptado', 'adopted', undefined],
      [a.id, 'Disponible', 'available', undefined],
    ]);
    expect(dogs[0]!.user).toEqual({ name: 'Olga Dueña', email: 'olga@example.com' });
  });

  it("the owner's phone reaches logged-in requesters only", async () => {
    await t.db.query(`UPDATE users SET phone = '+573001234567' WHERE id = $1`, [owner.id]);
    const dog = await createDog(app, ownerCookie, { name: 'Con celular' });
    const anonymous = [
      await app.inject({ method: 'GET', url: `/api/dog/${dog.id}` }),
      await app.inject({ method: 'GET', url: '/api/dog' }),
      await app.inject({ method: 'GET', url: '/api/dog?q=celular' }),
    ];
    for (const res of anonymous) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('3001234567');
      expect(res.body).not.toContain('olga@example.com');
    }
    const logged = await app.inject({
      method: 'GET',
      url: `/api/dog/${dog.id}`,
      headers: { cookie: visitorCookie },
    });
    expect(dogSchema.parse(logged.json()).user).toEqual({
      name: 'Olga Dueña',
      email: 'olga@example.com',
      phone: '+573001234567',
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/dog',
      headers: { cookie: visitorCookie },
    });
    expect(list.json()[0].user.phone).toBe('+573001234567');
  });

  it('requests go with the dog and with the sender; the export lists both boxes', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Pelusa' });
    const other = await createDog(app, ownerCookie, { name: 'Max' });
    expect((await send(visitorCookie, dog.id, { message: MESSAGE })).statusCode).toBe(201);
    expect(
      (await send(visitorCookie, other.id, { message: MESSAGE, phone: '3001234567' })).statusCode,
    ).toBe(201);

    const exported = async (cookie: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/user/export',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json().interests;
    };
    const visitorData = await exported(visitorCookie);
    expect(visitorData.received).toEqual([]);
    expect(visitorData.sent.map((i: { dog_name: string }) => i.dog_name)).toEqual([
      'Pelusa',
      'Max',
    ]);
    expect(visitorData.sent[1]).toMatchObject({ message: MESSAGE, phone: '+573001234567' });
    const ownerData = await exported(ownerCookie);
    expect(ownerData.sent).toEqual([]);
    expect(ownerData.received[0]).toMatchObject({
      dog_name: 'Pelusa',
      sender_name: 'Vera Visita',
      sender_email: 'vera@example.com',
      message: MESSAGE,
    });

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/dog/${dog.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.query('SELECT id FROM interests WHERE dog_id = $1', [dog.id])).toEqual([]);

    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: { cookie: visitorCookie },
      payload: { password: visitor.password },
    });
    expect(gone.statusCode).toBe(204);
    expect(await t.db.query('SELECT id FROM interests')).toEqual([]);
  });
});

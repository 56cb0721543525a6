// The adoption application: the adopter profile (GET/PUT, validation naming each field), its copy
// in every application, the sterilization commitment for dogs not yet sterilized, the states and
// who may set each one (illegal changes 409), the history, one e-mail per state reached (through
// a real SMTP peer), the kind e-mail when a dog is deleted, privacy, the rescuer's median
// response time, and the migration of second-wave rows.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../src/server/db/migrate';
import { STERILIZATION_RULE_MESSAGE } from '../../src/shared/adopter-profile';
import {
  INTEREST_MESSAGES,
  INTEREST_TRANSITION_MESSAGES,
  interestListSchema,
  type Interest,
} from '../../src/shared/interest';
import {
  createDog,
  createUser,
  DAY,
  HOUR,
  login,
  makeApp,
  MINUTE,
  TestClock,
  testConfig,
  type TestUser,
} from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp';

const PUBLIC_URL = 'https://happydog.example';
const MESSAGE = 'Hola, tengo patio y mucho tiempo para Luna. ¿Podemos hablar?';
const PROFILE = {
  housing: 'apartment',
  owns_home: false,
  landlord_allows_pets: true,
  adults: 2,
  children: 1,
  household_agrees: true,
  other_animals: 'Una gata de 3 años',
  experience: 'Tuve perros toda la vida',
  hours_alone: 4,
  sleeps_where: 'Dentro de la casa, en su cama',
  zone: 'cali-comuna-17',
  will_sterilize: true,
  accepts_follow_up: true,
};

describe.each(BACKENDS)('adoption applications on %s', (backend) => {
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
    owner = await createUser(t.db, { name: 'Olga Rescatista', email: 'olga@example.com' });
    visitor = await createUser(t.db, { name: 'Vera Adoptante', email: 'vera@example.com' });
    stranger = await createUser(t.db, { name: 'Eloy Extraño', email: 'eloy@example.com' });
    [ownerCookie, visitorCookie, strangerCookie] = await Promise.all(
      [owner, visitor, stranger].map((u) => login(app, u)),
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const putProfile = (cookie: string | undefined, body: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/me/adopter-profile',
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });
  const getProfile = (cookie: string | undefined) =>
    app.inject({
      method: 'GET',
      url: '/api/me/adopter-profile',
      headers: cookie ? { cookie } : {},
    });
  const apply = (cookie: string, dogId: number) =>
    app.inject({
      method: 'POST',
      url: `/api/dog/${dogId}/interest`,
      headers: { cookie },
      payload: { message: MESSAGE },
    });
  const patch = (cookie: string, id: number, state: string, note?: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/interest/${id}`,
      headers: { cookie },
      payload: note === undefined ? { state } : { state, note },
    });
  const box = async (cookie: string, which: 'received' | 'sent'): Promise<Interest[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/me/interests?box=${which}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return interestListSchema.parse(res.json());
  };
  const mail = async () => {
    await app.mailer.idle();
    const received = [...smtp.received];
    smtp.received.length = 0;
    return received;
  };

  it('the adopter profile: none at first, saved and read back, anonymous visitors refused', async () => {
    expect((await getProfile(visitorCookie)).json()).toEqual({ profile: null });
    const saved = await putProfile(visitorCookie, { ...PROFILE, experience: '  Tuve perros  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ profile: { ...PROFILE, experience: 'Tuve perros' } });
    expect((await getProfile(visitorCookie)).json()).toEqual(saved.json());
    // Each person's own: the owner still has none.
    expect((await getProfile(ownerCookie)).json()).toEqual({ profile: null });
    // Owning the home: the landlord question does not apply.
    const owned = await putProfile(visitorCookie, {
      ...PROFILE,
      owns_home: true,
      landlord_allows_pets: false,
    });
    expect(owned.json().profile.landlord_allows_pets).toBeNull();
    for (const res of [await getProfile(undefined), await putProfile(undefined, PROFILE)]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('every profile field is validated with a Spanish message naming it', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ housing: 'castle' }, 'Vivienda: elige una casa, un apartamento o una finca'],
      [{ owns_home: 'sí' }, 'Vivienda propia: responde sí o no'],
      [
        { landlord_allows_pets: null },
        'El arrendador permite mascotas: si vives en arriendo, dinos si el arrendador permite mascotas',
      ],
      [{ adults: 0 }, 'Adultos en el hogar: debe ser al menos 1'],
      [{ adults: 1.5 }, 'Adultos en el hogar: debe ser un número entero'],
      [{ children: 21 }, 'Niños en el hogar: no puede ser más de 20'],
      [{ children: '2' }, 'Niños en el hogar: escribe un número'],
      [{ household_agrees: undefined }, 'Todos en el hogar están de acuerdo: responde sí o no'],
      [{ other_animals: 'x'.repeat(501) }, 'Otros animales: no puede superar 500 caracteres'],
      [{ experience: 7 }, 'Experiencia con perros: debe ser texto'],
      [{ hours_alone: 25 }, 'Horas solo al día: no puede ser más de 24'],
      [{ sleeps_where: '   ' }, 'Dónde dormirá: cuéntanos dónde dormirá el perro'],
      [{ zone: 'bogota' }, 'Zona: elige una zona de la lista'],
      [{ will_sterilize: null }, 'Me comprometo a esterilizarlo: responde sí o no'],
      [{ accepts_follow_up: 'true' }, 'Acepto el seguimiento: responde sí o no'],
    ];
    for (const [change, error] of cases) {
      const res = await putProfile(visitorCookie, { ...PROFILE, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect((await getProfile(visitorCookie)).json()).toEqual({ profile: null });
  });

  it('an application copies the profile; later edits do not change it; anonymous answers carry none', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Luna' });
    // Without a profile the application carries none.
    const noProfile = await apply(strangerCookie, dog.id);
    expect(noProfile.statusCode).toBe(201);
    expect(noProfile.json().interest.profile).toBeNull();

    await putProfile(visitorCookie, PROFILE);
    const res = await apply(visitorCookie, dog.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().interest.profile).toEqual(PROFILE);
    await putProfile(visitorCookie, { ...PROFILE, adults: 5, zone: 'yumbo' });

    const received = await box(ownerCookie, 'received');
    expect(received.find((i) => i.sender.email === 'vera@example.com')!.profile).toEqual(PROFILE);
    expect((await box(visitorCookie, 'sent'))[0]!.profile).toEqual(PROFILE);
    // Nobody else sees it: not a stranger's boxes, not the dog's public answers.
    expect(await box(strangerCookie, 'received')).toEqual([]);
    for (const url of [`/api/dog/${dog.id}`, '/api/dog', `/api/dog/${dog.id}/response-time`]) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).not.toContain('Dentro de la casa');
      expect(anonymous.body).not.toContain('cali-comuna-17');
      expect(anonymous.body).not.toContain('vera@example.com');
    }
  });

  it('a dog not yet sterilized needs the commitment to sterilize and to accept follow-up', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Sin esterilizar', sterilized: false });
    const unknown = await createDog(app, ownerCookie, { name: 'Sin dato' });
    // No profile: refused for the unsterilized dog, fine for the one whose status is unknown.
    const refused = await apply(visitorCookie, dog.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: STERILIZATION_RULE_MESSAGE });
    expect((await apply(visitorCookie, unknown.id)).statusCode).toBe(201);

    for (const missing of [{ will_sterilize: false }, { accepts_follow_up: false }]) {
      await putProfile(visitorCookie, { ...PROFILE, ...missing });
      expect((await apply(visitorCookie, dog.id)).statusCode).toBe(409);
    }
    await putProfile(visitorCookie, PROFILE);
    expect((await apply(visitorCookie, dog.id)).statusCode).toBe(201);
  });

  it('the rescuer moves it forward (past steps too) with a history; the applicant gets one e-mail per state', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Canela' });
    const { interest } = (await apply(visitorCookie, dog.id)).json();
    const created = clock.now().toISOString();
    expect((await mail()).map((m) => m.subject).sort()).toEqual([
      'Canela tiene una nueva solicitud | Happy Dog',
      'Recibimos tu solicitud por Canela | Happy Dog',
    ]);

    clock.advance(HOUR);
    const reviewing = await patch(ownerCookie, interest.id, 'reviewing');
    expect(reviewing.statusCode).toBe(200);
    const reviewedAt = clock.now().toISOString();
    clock.advance(DAY);
    // Past the interview, straight to approved, with a note for the applicant.
    const approved = await patch(ownerCookie, interest.id, 'approved', '  Te espero el sábado  ');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().interest).toMatchObject({
      state: 'approved',
      history: [
        { state: 'new', at: created },
        { state: 'reviewing', at: reviewedAt },
        { state: 'approved', at: clock.now().toISOString(), note: 'Te espero el sábado' },
      ],
    });
    expect((await box(visitorCookie, 'sent'))[0]!.history.map((h) => h.state)).toEqual([
      'new',
      'reviewing',
      'approved',
    ]);
    // Jobs may deliver two messages in either order.
    const mails = await mail();
    expect(mails.map((m) => [m.to[0], m.subject]).sort()).toEqual([
      ['vera@example.com', 'Tu solicitud por Canela está en revisión | Happy Dog'],
      ['vera@example.com', '¡Tu solicitud por Canela fue aprobada! | Happy Dog'],
    ]);
    expect(mails.find((m) => m.subject.includes('aprobada'))!.text).toContain(
      '«Te espero el sábado»',
    );

    // Never backwards; adopted only by closing an adoption.
    const back = await patch(ownerCookie, interest.id, 'interview');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      error: 'Una solicitud no vuelve atrás: de «Aprobada» no puede pasar a «Entrevista o visita»',
    });
    const adopted = await patch(ownerCookie, interest.id, 'adopted');
    expect(adopted.statusCode).toBe(409);
    expect(adopted.json()).toEqual({ error: INTEREST_TRANSITION_MESSAGES.adoptedOnlyByClosing });
    // Declined, then reconsidered: no second e-mail for a state already reached.
    expect((await patch(ownerCookie, interest.id, 'declined')).statusCode).toBe(200);
    expect((await patch(ownerCookie, interest.id, 'approved')).statusCode).toBe(200);
    expect((await patch(ownerCookie, interest.id, 'declined')).statusCode).toBe(200);
    expect((await mail()).map((m) => m.subject)).toEqual([
      'Sobre tu solicitud por Canela | Happy Dog',
    ]);
    expect(await t.db.query("SELECT 1 FROM interests WHERE state = 'adopted'")).toEqual([]);
  });

  it('who may set each state: the rescuer never withdraws, the applicant only withdraws, strangers nothing', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Toby' });
    const { interest } = (await apply(visitorCookie, dog.id)).json();
    for (const state of [
      'reviewing',
      'interview',
      'approved',
      'declined',
      'answered',
      'dismissed',
    ]) {
      const res = await patch(visitorCookie, interest.id, state);
      expect(res.statusCode, state).toBe(403);
      expect(res.json()).toEqual({ error: INTEREST_TRANSITION_MESSAGES.rescuerOnly });
    }
    const byRescuer = await patch(ownerCookie, interest.id, 'withdrawn');
    expect(byRescuer.statusCode).toBe(403);
    expect(byRescuer.json()).toEqual({ error: INTEREST_TRANSITION_MESSAGES.applicantOnly });
    for (const state of ['withdrawn', 'reviewing']) {
      const res = await patch(strangerCookie, interest.id, state);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: INTEREST_MESSAGES.notDogOwner });
    }
    const note = await patch(ownerCookie, interest.id, 'reviewing', 'x'.repeat(501));
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual({ error: 'La nota no puede superar 500 caracteres' });
    expect((await box(ownerCookie, 'received'))[0]!.state).toBe('new');

    await mail();
    expect((await patch(ownerCookie, interest.id, 'interview')).statusCode).toBe(200);
    const withdrawn = await patch(visitorCookie, interest.id, 'withdrawn');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().interest.state).toBe('withdrawn');
    expect((await mail()).map((m) => m.subject).sort()).toEqual([
      'Retiraste tu solicitud por Toby | Happy Dog',
      'Siguiente paso con Toby: entrevista o visita | Happy Dog',
    ]);
    // Withdrawn is final for both sides; a new application may follow.
    for (const [cookie, state] of [
      [ownerCookie, 'reviewing'],
      [ownerCookie, 'declined'],
    ] as const) {
      const res = await patch(cookie, interest.id, state);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'Esta solicitud ya terminó («Retirada») y no cambia de estado',
      });
    }
    const again = await apply(visitorCookie, dog.id);
    expect(again.statusCode).toBe(201);
    // A declined one cannot be withdrawn; it cannot be reopened while another is open.
    const second = again.json().interest.id;
    expect((await patch(ownerCookie, second, 'declined')).statusCode).toBe(200);
    const late = await patch(visitorCookie, second, 'withdrawn');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: INTEREST_TRANSITION_MESSAGES.notOpen });
    const third = (await apply(visitorCookie, dog.id)).json().interest.id;
    const reopen = await patch(ownerCookie, second, 'reviewing');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({ error: INTEREST_MESSAGES.reopenTaken });
    expect((await box(ownerCookie, 'received')).find((i) => i.id === third)!.state).toBe('new');
  });

  it('state changes are rate limited per user', async () => {
    await app.close();
    app = await makeApp(t.db, {
      clock,
      config: testConfig({ interestAnswerPerUser: 2 }, { SMTP_URL: smtp.url, PUBLIC_URL }),
    });
    const dog = await createDog(app, ownerCookie, { name: 'Canela' });
    const { interest } = (await apply(visitorCookie, dog.id)).json();
    expect((await patch(ownerCookie, interest.id, 'reviewing')).statusCode).toBe(200);
    expect((await patch(ownerCookie, interest.id, 'interview')).statusCode).toBe(200);
    expect((await patch(ownerCookie, interest.id, 'approved')).statusCode).toBe(429);
    // The applicant has their own budget.
    expect((await patch(visitorCookie, interest.id, 'withdrawn')).statusCode).toBe(200);
  });

  it('deleting a dog ends its open applications and tells those applicants kindly', async () => {
    const dog = await createDog(app, ownerCookie, { name: 'Pelusa' });
    const open = (await apply(visitorCookie, dog.id)).json().interest;
    const declined = (await apply(strangerCookie, dog.id)).json().interest;
    expect((await patch(ownerCookie, open.id, 'interview')).statusCode).toBe(200);
    expect((await patch(ownerCookie, declined.id, 'declined')).statusCode).toBe(200);
    await mail();
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/dog/${dog.id}`,
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(204);
    const mails = await mail();
    // Only the open one: the declined applicant was already told.
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['vera@example.com', 'Sobre tu solicitud por Pelusa | Happy Dog'],
    ]);
    expect(mails[0]!.text).toContain('retiró la publicación');
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/perros`);
    // Someone else's failed delete tells nobody.
    const other = await createDog(app, ownerCookie, { name: 'Max' });
    await apply(visitorCookie, other.id);
    await mail();
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/dog/${other.id}`,
      headers: { cookie: strangerCookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(await mail()).toEqual([]);
  });

  it("deleting the rescuer's account tells the open applicants of each of their dogs", async () => {
    const luna = await createDog(app, ownerCookie, { name: 'Luna' });
    const toby = await createDog(app, ownerCookie, { name: 'Toby' });
    await apply(visitorCookie, luna.id);
    await apply(strangerCookie, toby.id);
    await mail();
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: { cookie: ownerCookie },
      payload: { password: owner.password },
    });
    expect(res.statusCode).toBe(204);
    const mails = await mail();
    expect(mails.map((m) => [m.to[0], m.subject]).sort()).toEqual(
      [
        ['eloy@example.com', 'Sobre tu solicitud por Toby | Happy Dog'],
        ['olga@example.com', expect.any(String)],
        ['vera@example.com', 'Sobre tu solicitud por Luna | Happy Dog'],
      ].sort(),
    );
    const notices = mails.filter((m) => m.to[0] !== 'olga@example.com');
    for (const notice of notices) expect(notice.text).toContain('retiró la publicación');
  });

  it("the rescuer's median time to a first answer, over 90 days, from 3 requests on", async () => {
    const dogA = await createDog(app, ownerCookie, { name: 'A' });
    const dogB = await createDog(app, ownerCookie, { name: 'B' });
    const time = async () => {
      const res = await app.inject({ method: 'GET', url: `/api/dog/${dogB.id}/response-time` });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await time()).toEqual({ median_minutes: null, requests: 0 });

    // An old request (more than 90 days ago) does not count.
    const old = (await apply(visitorCookie, dogA.id)).json().interest;
    clock.advance(91 * DAY);
    [ownerCookie, visitorCookie, strangerCookie] = await Promise.all(
      [owner, visitor, stranger].map((u) => login(app, u)),
    );
    expect((await patch(ownerCookie, old.id, 'declined')).statusCode).toBe(200);

    const first = (await apply(visitorCookie, dogA.id)).json().interest;
    clock.advance(30 * MINUTE);
    await patch(ownerCookie, first.id, 'reviewing');
    const second = (await apply(strangerCookie, dogA.id)).json().interest;
    clock.advance(2 * HOUR);
    await patch(ownerCookie, second.id, 'declined');
    expect(await time()).toEqual({ median_minutes: null, requests: 2 });

    // A third, still waiting after 10 hours: counts with its wait so far.
    await apply(visitorCookie, dogB.id);
    clock.advance(10 * HOUR);
    expect(await time()).toEqual({ median_minutes: 120, requests: 3 });
    // Later answers do not change the first answer's time.
    await patch(ownerCookie, first.id, 'interview');
    expect(await time()).toEqual({ median_minutes: 120, requests: 3 });

    const missing = await app.inject({ method: 'GET', url: '/api/dog/999999/response-time' });
    expect(missing.statusCode).toBe(404);
  });

  it('the received box kept by one process follows every change made through another', async () => {
    const other = await makeApp(t.db, {
      clock,
      config: testConfig({}, { SMTP_URL: smtp.url, PUBLIC_URL }),
    });
    try {
      const dog = await createDog(app, ownerCookie, { name: 'Luna' });
      const kept = async () =>
        (await box(ownerCookie, 'received')).map((i) => [
          i.dog.name,
          i.sender.name,
          i.sender.email,
          i.state,
        ]);
      const { interest } = (await apply(visitorCookie, dog.id)).json();
      expect(await kept()).toEqual([['Luna', 'Vera Adoptante', 'vera@example.com', 'new']]);
      const through = (
        method: 'PATCH' | 'PUT' | 'POST' | 'DELETE',
        url: string,
        cookie: string,
        payload?: object,
      ) => other.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

      expect(
        (
          await through('PATCH', `/api/interest/${interest.id}`, ownerCookie, {
            state: 'interview',
          })
        ).statusCode,
      ).toBe(200);
      expect(await kept()).toEqual([['Luna', 'Vera Adoptante', 'vera@example.com', 'interview']]);
      expect(
        (await through('PATCH', '/api/user/me', visitorCookie, { name: 'Vera Nueva' })).statusCode,
      ).toBe(200);
      expect(await kept()).toEqual([['Luna', 'Vera Nueva', 'vera@example.com', 'interview']]);
      expect(
        (await through('PUT', `/api/dog/${dog.id}`, ownerCookie, { name: 'Lunita', city: 'Cali' }))
          .statusCode,
      ).toBe(200);
      expect(await kept()).toEqual([['Lunita', 'Vera Nueva', 'vera@example.com', 'interview']]);
      const second = await createDog(app, ownerCookie, { name: 'Toby' });
      expect(
        (
          await through('POST', `/api/dog/${second.id}/interest`, strangerCookie, {
            message: MESSAGE,
          })
        ).statusCode,
      ).toBe(201);
      expect((await kept()).map((row) => row[0])).toEqual(['Toby', 'Lunita']);
      expect((await through('DELETE', `/api/dog/${dog.id}`, ownerCookie)).statusCode).toBe(204);
      expect((await kept()).map((row) => row[0])).toEqual(['Toby']);
    } finally {
      await other.close();
    }
  });

  it('the data export carries the adopter profile and each application with its copy and history', async () => {
    await putProfile(visitorCookie, PROFILE);
    const dog = await createDog(app, ownerCookie, { name: 'Luna' });
    expect((await apply(visitorCookie, dog.id)).statusCode).toBe(201);
    const exported = (
      await app.inject({
        method: 'GET',
        url: '/api/user/export',
        headers: { cookie: visitorCookie },
      })
    ).json();
    expect(exported.adopter_profile.profile).toEqual(PROFILE);
    expect(exported.interests.sent[0]).toMatchObject({
      dog_name: 'Luna',
      state: 'new',
      profile: PROFILE,
      history: [{ state: 'new' }],
    });
    const owners = (
      await app.inject({ method: 'GET', url: '/api/user/export', headers: { cookie: ownerCookie } })
    ).json();
    expect(owners.adopter_profile).toBeNull();
    expect(owners.interests.received[0].profile).toEqual(PROFILE);
  });

  it('the OpenAPI document describes the new routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/me/adopter-profile'])).toEqual(['get', 'put']);
    expect(doc.paths['/api/dog/{id}/response-time'].get).toBeDefined();
    expect(Object.keys(doc.paths['/api/interest/{id}'].patch.responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '404', '409', '429']),
    );
  });
});

describe.each(BACKENDS)('the application migration on %s', (backend) => {
  it('maps answered to reviewing and dismissed to declined, with a history; one open per person and dog', async () => {
    const migrations = await loadMigrations();
    const t = await openTestDatabase(backend, {
      migrations: migrations.filter((m) => m.version < 40),
    });
    try {
      const db = t.db;
      const [o, a, b] = await Promise.all([1, 2, 3].map((n) => createUser(db, { name: `U${n}` })));
      const [dog] = await db.query<{ id: number }>(
        `INSERT INTO dogs (name, city, height, weight, life_span, personality, image, hostage_id)
         VALUES ('Luna', 'Cali', '', '', '', '', '', $1) RETURNING id`,
        [o!.id],
      );
      const insert = (sender: number, state: string, created: string, updated: string) =>
        db.query<{ id: number }>(
          `INSERT INTO interests (dog_id, sender_id, message, state, created_at, updated_at, emailed_states)
           VALUES ($1, $2, 'Hola, me interesa mucho', $3, $4, $5, CASE WHEN $3 = 'new' THEN '{}'::text[] ELSE ARRAY[$3] END)
           RETURNING id`,
          [dog!.id, sender, state, created, updated],
        );
      const [answered] = await insert(
        a!.id,
        'answered',
        '2026-01-01T10:00:00Z',
        '2026-01-02T10:00:00Z',
      );
      const [dismissed] = await insert(
        b!.id,
        'dismissed',
        '2026-01-01T11:00:00Z',
        '2026-01-01T12:00:00Z',
      );
      const [newer] = await insert(a!.id, 'new', '2026-01-05T10:00:00Z', '2026-01-05T10:00:00Z');

      expect(await (await import('../../src/server/db/migrate')).migrate(db, migrations)).toContain(
        40,
      );
      const rows = await db.query<{
        id: number;
        state: string;
        history: unknown;
        emailed_states: string[];
        profile: unknown;
      }>('SELECT id, state, history, emailed_states, profile FROM interests ORDER BY id');
      expect(rows).toEqual([
        {
          id: answered!.id,
          // Answered, then replaced by its sender's newer request: withdrawn at that time.
          state: 'withdrawn',
          history: [
            { state: 'new', at: '2026-01-01T10:00:00.000Z' },
            { state: 'reviewing', at: '2026-01-02T10:00:00.000Z' },
            { state: 'withdrawn', at: '2026-01-05T10:00:00.000Z' },
          ],
          emailed_states: ['reviewing'],
          profile: null,
        },
        {
          id: dismissed!.id,
          state: 'declined',
          history: [
            { state: 'new', at: '2026-01-01T11:00:00.000Z' },
            { state: 'declined', at: '2026-01-01T12:00:00.000Z' },
          ],
          emailed_states: ['declined'],
          profile: null,
        },
        {
          id: newer!.id,
          state: 'new',
          history: [{ state: 'new', at: '2026-01-05T10:00:00.000Z' }],
          emailed_states: [],
          profile: null,
        },
      ]);
      // Still one open request per person and dog, now over every open state.
      await db.query("UPDATE interests SET state = 'reviewing' WHERE id = $1", [newer!.id]);
      await expect(
        db.query(
          `INSERT INTO interests (dog_id, sender_id, message, state, created_at, updated_at, history)
           VALUES ($1, $2, 'Hola, otra solicitud', 'interview', now(), now(), '[]')`,
          [dog!.id, a!.id],
        ),
      ).rejects.toThrow();
      await expect(
        db.query("UPDATE interests SET state = 'answered' WHERE id = $1", [dismissed!.id]),
      ).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});

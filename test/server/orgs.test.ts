// Organizations: creation (the creator is its admin), the public list and page (no member's
// e-mail anywhere public), invitations by e-mail (a hashed single-use link accepted while logged
// in with the invited address), roles, leaving and removal (never the last admin), dogs published
// for an organization (every member edits them and answers their applications, nobody else),
// the share of follow-ups up to date among its dogs' active adoptions, verification by site
// admins only, automatic flags (money, shipping, a photo another account published), the data
// export and account deletion. On each database backend.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORG_MESSAGES, orgPageSchema, type Org } from '../../src/shared/org';
import { makeJpegPhoto } from '../support/photos';
import {
  createDog,
  createUser,
  insertSession,
  makeApp,
  recordingMailer,
  TestClock,
  testConfig,
  DAY,
  type TestUser,
} from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';

const PUBLIC_URL = 'https://happydog.example';
const ORG = {
  name: 'Fundación Patitas del Valle',
  kind: 'fundacion',
  zone: 'cali-comuna-17',
  description: 'Rescatamos perros de la calle en el sur de Cali desde 2015.',
  links: ['https://instagram.com/patitasdelvalle'],
};

/** A multipart/form-data body with one file. */
function multipart(bytes: Buffer) {
  const boundary = '----happydog-orgs-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(BACKENDS)('organizations on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let mailer: ReturnType<typeof recordingMailer>;
  let clock: TestClock;
  let ana: TestUser;
  let beto: TestUser;
  let caro: TestUser;
  let admin: TestUser;
  let anaCookie: string;
  let betoCookie: string;
  let caroCookie: string;
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
    mailer = recordingMailer();
    app = await makeApp(t.db, {
      clock,
      mailer,
      config: testConfig({}, { PUBLIC_URL }),
    });
    ana = await createUser(t.db, { name: 'Ana Fundadora', email: 'ana@example.com' });
    beto = await createUser(t.db, { name: 'Beto Voluntario', email: 'beto@example.com' });
    caro = await createUser(t.db, { name: 'Caro Extraña', email: 'caro@example.com' });
    admin = await createUser(t.db, { name: 'Admin Sitio', email: 'admin@example.com' });
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    [anaCookie, betoCookie, caroCookie, adminCookie] = await Promise.all(
      [ana, beto, caro, admin].map((u) => insertSession(t.db, u.id, clock.now())),
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const call = (method: string, url: string, cookie?: string, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const expectError = (res: LightMyRequestResponse, status: number, message?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json()).toEqual({ error: message });
    else expect(typeof res.json().error).toBe('string');
  };
  const createOrg = async (cookie = anaCookie, body: object = ORG): Promise<Org> => {
    const res = await call('POST', '/api/orgs', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().org as Org;
  };
  /** The token of the newest invitation e-mailed to `email`. */
  const invitationToken = async (email: string): Promise<string> => {
    await app.mailer.idle();
    const message = mailer.sent
      .filter((m) => m.kind === 'org-invitation' && m.to.toLowerCase() === email)
      .at(-1);
    const match = /\/fundaciones\/invitacion\/([A-Za-z0-9_-]{43})/.exec(message?.text ?? '');
    if (!match) throw new Error(`no invitation mailed to ${email}`);
    return match[1]!;
  };
  /** Ana's organization with Beto as a member. */
  const orgWithBeto = async () => {
    const org = await createOrg();
    expect(
      (await call('POST', `/api/orgs/${org.id}/members`, anaCookie, { email: 'beto@example.com' }))
        .statusCode,
    ).toBe(201);
    const token = await invitationToken('beto@example.com');
    expect(
      (await call('POST', `/api/org-invitations/${token}/accept`, betoCookie)).statusCode,
    ).toBe(200);
    return org;
  };

  describe('creating and reading', () => {
    it('makes the creator its admin, a slug from the name, and a public page', async () => {
      const org = await createOrg();
      expect(org).toMatchObject({
        slug: 'fundacion-patitas-del-valle',
        name: ORG.name,
        kind: 'fundacion',
        zone: 'cali-comuna-17',
        zone_name: 'Cali – Comuna 17',
        verified: false,
        links: ORG.links,
      });
      const mine = (await call('GET', '/api/me/orgs', anaCookie)).json();
      expect(mine).toEqual([expect.objectContaining({ id: org.id, role: 'admin' })]);

      const page = await call('GET', `/api/orgs/${org.slug}`);
      expect(page.statusCode).toBe(200);
      const parsed = orgPageSchema.parse(page.json());
      expect(parsed.stats).toEqual({
        available_dogs: 0,
        adoptions_closed: 0,
        median_response_minutes: null,
        members: 1,
        active_adoptions: 0,
        follow_ups_up_to_date: 0,
        follow_ups_up_to_date_percent: null,
      });
      const second = await createOrg(betoCookie);
      expect(second.slug).toBe('fundacion-patitas-del-valle-2');
      const list = (await call('GET', '/api/orgs')).json() as { slug: string }[];
      expect(list.map((o) => o.slug).sort()).toEqual([org.slug, second.slug].sort());
    });

    it('refuses bad input in Spanish, and anonymous creation', async () => {
      expectError(await call('POST', '/api/orgs', undefined, ORG), 401);
      expectError(
        await call('POST', '/api/orgs', anaCookie, { ...ORG, kind: 'empresa' }),
        400,
        'Elige si es fundación, rescatista o refugio',
      );
      expectError(
        await call('POST', '/api/orgs', anaCookie, { ...ORG, zone: 'bogota' }),
        400,
        'La zona no es válida',
      );
      expectError(
        await call('POST', '/api/orgs', anaCookie, { ...ORG, links: ['javascript:alert(1)'] }),
        400,
        'Cada enlace debe ser una dirección que empiece por http:// o https://',
      );
      expectError(await call('GET', '/api/orgs/no-existe'), 404, ORG_MESSAGES.notFound);
      expectError(await call('GET', '/api/orgs/Mal_Slug'), 400);
    });

    it('never shows a member e-mail in public answers', async () => {
      const org = await orgWithBeto();
      await createDog(app, betoCookie, { name: 'Canela', org_id: org.id });
      for (const url of [
        '/api/orgs',
        `/api/orgs/${org.slug}`,
        `/api/orgs/${org.slug}/dogs`,
        '/api/dog',
      ]) {
        const res = await call('GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('@example.com');
      }
      const members = await call('GET', `/api/orgs/${org.id}/members`);
      expectError(members, 401);
      expectError(
        await call('GET', `/api/orgs/${org.id}/members`, caroCookie),
        403,
        ORG_MESSAGES.notMember,
      );
    });
  });

  describe('editing', () => {
    const patch = (org: Org, cookie: string | undefined, body: unknown) =>
      call('PATCH', `/api/orgs/${org.id}`, cookie, body);

    it('its admins change what they send, the rest stays, and the address never moves', async () => {
      const org = await createOrg();
      await createDog(app, anaCookie, { name: 'Lupe', org_id: org.id });
      const renamed = await patch(org, anaCookie, { name: '  Patitas del Sur  ' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().org).toEqual({
        ...org,
        name: 'Patitas del Sur',
      });
      const described = await patch(org, anaCookie, {
        kind: 'refugio',
        zone: 'yumbo',
        description: 'Un refugio en Yumbo.',
        links: ['https://patitas.example', 'http://facebook.com/patitas'],
      });
      expect(described.statusCode, described.body).toBe(200);
      // The old address still opens the page, under the new data; no new address appears.
      const page = (await call('GET', `/api/orgs/${org.slug}`)).json();
      expect(page.org).toEqual({
        ...org,
        name: 'Patitas del Sur',
        kind: 'refugio',
        zone: 'yumbo',
        zone_name: 'Yumbo',
        description: 'Un refugio en Yumbo.',
        links: ['https://patitas.example', 'http://facebook.com/patitas'],
      });
      expectError(await call('GET', '/api/orgs/patitas-del-sur'), 404);
      // Its dogs show the new name.
      const dogs = (await call('GET', '/api/dog')).json() as { org: { name: string } }[];
      expect(dogs[0]!.org.name).toBe('Patitas del Sur');
      // Links may be emptied on purpose.
      const cleared = await patch(org, anaCookie, { links: [] });
      expect(cleared.json().org.links).toEqual([]);
    });

    it('only its admins: a member, someone else and a visitor are refused', async () => {
      const org = await orgWithBeto();
      expectError(await patch(org, undefined, { name: 'Otra' }), 401);
      expectError(await patch(org, betoCookie, { name: 'Otra' }), 403, ORG_MESSAGES.notAdmin);
      expectError(await patch(org, caroCookie, { name: 'Otra' }), 403, ORG_MESSAGES.notMember);
      // A site admin who is not part of it is someone else here.
      expectError(await patch(org, adminCookie, { name: 'Otra' }), 403, ORG_MESSAGES.notMember);
      expectError(
        await call('PATCH', '/api/orgs/999999', anaCookie, { name: 'Otra' }),
        404,
        ORG_MESSAGES.notFound,
      );
      expect((await call('GET', `/api/orgs/${org.slug}`)).json().org.name).toBe(ORG.name);
      // Once Beto administers it too, he may.
      await call('PATCH', `/api/orgs/${org.id}/members/${beto.id}`, anaCookie, { role: 'admin' });
      expect((await patch(org, betoCookie, { name: 'Otra vez' })).statusCode).toBe(200);
    });

    it('refuses bad input in Spanish and changes nothing', async () => {
      const org = await createOrg();
      const cases: [unknown, string][] = [
        [{}, ORG_MESSAGES.nothingToChange],
        [{ name: 'A' }, 'El nombre debe tener al menos 2 caracteres'],
        [{ name: 'x'.repeat(81) }, 'El nombre no puede superar 80 caracteres'],
        [{ kind: 'empresa' }, 'Elige si es fundación, rescatista o refugio'],
        [{ zone: 'bogota' }, 'La zona no es válida'],
        [{ description: '   ' }, 'La descripción es obligatoria'],
        [
          { links: ['javascript:alert(1)'] },
          'Cada enlace debe ser una dirección que empiece por http:// o https://',
        ],
        [
          { links: Array.from({ length: 6 }, (_, i) => `https://x.example/${i}`) },
          'Puedes poner hasta 5 enlaces',
        ],
      ];
      for (const [body, message] of cases)
        expectError(await patch(org, anaCookie, body), 400, message);
      expectError(await call('PATCH', '/api/orgs/abc', anaCookie, { name: 'Otra' }), 400);
      expect((await call('GET', `/api/orgs/${org.slug}`)).json().org).toEqual(org);
    });

    it('a new name takes the verification away; other changes keep it', async () => {
      const org = await createOrg();
      const verify = () => call('POST', `/api/admin/orgs/${org.id}/verify`, adminCookie);
      expect((await verify()).statusCode).toBe(204);
      const described = await patch(org, anaCookie, {
        name: ORG.name,
        description: 'Ahora también en Jamundí.',
        links: [],
      });
      expect(described.json().org.verified).toBe(true);
      expect((await call('GET', '/api/admin/orgs', adminCookie)).json()).toEqual([]);

      const renamed = await patch(org, anaCookie, { name: 'Fundación Otra Cosa' });
      expect(renamed.json().org.verified).toBe(false);
      expect((await call('GET', `/api/orgs/${org.slug}`)).json().org.verified).toBe(false);
      await createDog(app, anaCookie, { name: 'Lupe', org_id: org.id });
      const listed = (await call('GET', '/api/dog')).json() as { org: { verified: boolean } }[];
      expect(listed[0]!.org.verified).toBe(false);
      // Back in the site admins' queue, under its new name, to be verified again.
      expect((await call('GET', '/api/admin/orgs', adminCookie)).json()).toEqual([
        expect.objectContaining({ id: org.id, name: 'Fundación Otra Cosa' }),
      ]);
      expect((await verify()).statusCode).toBe(204);
    });
  });

  describe('members', () => {
    it('invites by e-mail with a single-use link stored only as its hash', async () => {
      const org = await createOrg();
      const res = await call('POST', `/api/orgs/${org.id}/members`, anaCookie, {
        email: 'Beto@Example.com',
      });
      expect(res.statusCode, res.body).toBe(201);
      const token = await invitationToken('beto@example.com');
      const stored = await t.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM org_invitations',
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(token);
      expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const preview = await call('GET', `/api/org-invitations/${token}`);
      expect(preview.json()).toEqual({
        org: { name: ORG.name, slug: org.slug, kind: 'fundacion' },
        email: 'beto@example.com',
      });
      // Another account cannot use a forwarded link; the invited one can, once.
      expectError(
        await call('POST', `/api/org-invitations/${token}/accept`, caroCookie),
        403,
        ORG_MESSAGES.invitationOtherEmail,
      );
      expectError(await call('POST', `/api/org-invitations/${token}/accept`), 401);
      const accepted = await call('POST', `/api/org-invitations/${token}/accept`, betoCookie);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().org.id).toBe(org.id);
      expectError(
        await call('POST', `/api/org-invitations/${token}/accept`, betoCookie),
        404,
        ORG_MESSAGES.invitationInvalid,
      );

      const members = (await call('GET', `/api/orgs/${org.id}/members`, betoCookie)).json();
      expect(
        members.members.map((m: { email: string; role: string }) => [m.email, m.role]),
      ).toEqual([
        ['ana@example.com', 'admin'],
        ['beto@example.com', 'member'],
      ]);
      expect(members.invitations).toEqual([]);
      expectError(
        await call('POST', `/api/orgs/${org.id}/members`, anaCookie, { email: 'beto@example.com' }),
        409,
        ORG_MESSAGES.alreadyMember,
      );
    });

    it('lets only admins invite, and links expire', async () => {
      const org = await orgWithBeto();
      expectError(
        await call('POST', `/api/orgs/${org.id}/members`, betoCookie, {
          email: 'caro@example.com',
        }),
        403,
        ORG_MESSAGES.notAdmin,
      );
      expectError(
        await call('POST', `/api/orgs/${org.id}/members`, anaCookie, { email: 'no es correo' }),
        400,
        'El correo electrónico no es válido',
      );
      await call('POST', `/api/orgs/${org.id}/members`, anaCookie, { email: 'caro@example.com' });
      const token = await invitationToken('caro@example.com');
      clock.advance(8 * DAY);
      caroCookie = await insertSession(t.db, caro.id, clock.now());
      expectError(
        await call('POST', `/api/org-invitations/${token}/accept`, caroCookie),
        404,
        ORG_MESSAGES.invitationInvalid,
      );
    });

    it('changes roles, lets members leave and admins remove, never the last admin', async () => {
      const org = await orgWithBeto();
      const url = (id: number) => `/api/orgs/${org.id}/members/${id}`;
      expectError(await call('DELETE', url(ana.id), anaCookie), 409, ORG_MESSAGES.lastAdmin);
      expectError(
        await call('PATCH', url(ana.id), anaCookie, { role: 'member' }),
        409,
        ORG_MESSAGES.lastAdmin,
      );
      expectError(await call('DELETE', url(ana.id), betoCookie), 403, ORG_MESSAGES.notAdmin);
      expectError(
        await call('PATCH', url(beto.id), betoCookie, { role: 'admin' }),
        403,
        ORG_MESSAGES.notAdmin,
      );

      const promoted = await call('PATCH', url(beto.id), anaCookie, { role: 'admin' });
      expect(promoted.json().member).toMatchObject({ user_id: beto.id, role: 'admin' });
      // Now Ana may leave: Beto administers it.
      expect((await call('DELETE', url(ana.id), anaCookie)).statusCode).toBe(204);
      expect((await call('GET', '/api/me/orgs', anaCookie)).json()).toEqual([]);
      expectError(await call('DELETE', url(caro.id), betoCookie), 404, ORG_MESSAGES.memberNotFound);
    });
  });

  describe("an organization's dogs", () => {
    it('every member edits them and answers their applications; nobody else', async () => {
      const org = await orgWithBeto();
      const dog = await createDog(app, betoCookie, { name: 'Canela', org_id: org.id });
      // Ana did not publish it, but it is her organization's.
      const edit = (cookie: string) =>
        call('PUT', `/api/dog/${dog.id}`, cookie, {
          name: 'Canela',
          city: 'Cali',
          personality: 'Dulce y tranquila',
        });
      const byAna = await edit(anaCookie);
      expect(byAna.statusCode, byAna.body).toBe(200);
      expect(byAna.json().dog.org).toEqual({
        id: org.id,
        slug: org.slug,
        name: ORG.name,
        verified: false,
      });
      expectError(await edit(caroCookie), 403);

      // Caro applies; Ana sees it in her received box and answers it.
      const applied = await call('POST', `/api/dog/${dog.id}/interest`, caroCookie, {
        message: 'Hola, me encantaría conocer a Canela este fin de semana.',
      });
      expect(applied.statusCode, applied.body).toBe(201);
      const received = (await call('GET', '/api/me/interests?box=received', anaCookie)).json();
      expect(received.map((i: { id: number }) => i.id)).toEqual([applied.json().interest.id]);
      const answered = await call(
        'PATCH',
        `/api/interest/${applied.json().interest.id}`,
        anaCookie,
        {
          state: 'reviewing',
        },
      );
      expect(answered.statusCode, answered.body).toBe(200);

      // Someone who leaves the organization no longer manages its dogs.
      await call('PATCH', `/api/orgs/${org.id}/members/${beto.id}`, anaCookie, { role: 'admin' });
      await call('DELETE', `/api/orgs/${org.id}/members/${ana.id}`, anaCookie);
      expectError(await edit(anaCookie), 403);
      expect((await call('GET', '/api/me/interests?box=received', anaCookie)).json()).toEqual([]);

      const page = orgPageSchema.parse((await call('GET', `/api/orgs/${org.slug}`)).json());
      expect(page.dogs.map((d) => d.name)).toEqual(['Canela']);
      expect(page.stats.available_dogs).toBe(1);
    });

    it('refuses publishing for an organization one is not part of', async () => {
      const org = await createOrg();
      const res = await call('POST', '/api/dog', caroCookie, {
        name: 'Max',
        city: 'Cali',
        org_id: org.id,
      });
      expectError(res, 403, ORG_MESSAGES.notDogOrg);
      const own = await createDog(app, caroCookie, { name: 'Max' });
      expectError(
        await call('PUT', `/api/dog/${own.id}`, caroCookie, {
          name: 'Max',
          city: 'Cali',
          org_id: org.id,
        }),
        403,
        ORG_MESSAGES.notDogOrg,
      );
    });
  });

  describe('follow-ups up to date', () => {
    const PROFILE = {
      housing: 'house',
      owns_home: true,
      adults: 2,
      children: 0,
      household_agrees: true,
      other_animals: 'Ninguno',
      experience: 'Tuve perros toda la vida',
      hours_alone: 3,
      sleeps_where: 'Dentro de la casa',
      zone: 'cali-comuna-17',
      will_sterilize: true,
      accepts_follow_up: true,
    };
    const stats = async (slug: string) => {
      const res = await call('GET', `/api/orgs/${slug}`);
      expect(res.statusCode, res.body).toBe(200);
      return orgPageSchema.parse(res.json()).stats;
    };
    /** Ana's dog `name` (for `orgId`, or her own), adopted by Caro as far as `until`. */
    const adopt = async (name: string, orgId: number | null, until: 'closed' | 'accepted') => {
      const dog = await createDog(app, anaCookie, { name, ...(orgId ? { org_id: orgId } : {}) });
      const applied = await call('POST', `/api/dog/${dog.id}/interest`, caroCookie, {
        message: `Hola, tengo patio y mucho tiempo para ${name}.`,
      });
      expect(applied.statusCode, applied.body).toBe(201);
      const interestId = applied.json().interest.id as number;
      const approved = await call('PATCH', `/api/interest/${interestId}`, anaCookie, {
        state: 'approved',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const closed = await call('POST', `/api/dog/${dog.id}/adoption`, anaCookie, {
        interest_id: interestId,
      });
      expect(closed.statusCode, closed.body).toBe(201);
      const id = closed.json().adoption.id as number;
      if (until === 'accepted')
        expect((await call('POST', `/api/adoptions/${id}/accept`, caroCookie)).statusCode).toBe(
          200,
        );
      return id;
    };
    /** The link of the check-in e-mailed to Caro about `dogName`. */
    const checkinToken = async (dogName: string) => {
      await app.mailer.idle();
      const message = mailer.sent.find(
        (m) => m.kind === 'checkin' && m.to === caro.email && m.text.includes(dogName),
      );
      const match = /\/seguimiento\/([A-Za-z0-9_-]+)/.exec(message?.text ?? '');
      if (!match) throw new Error(`no check-in mailed about ${dogName}`);
      return match[1]!;
    };
    const advance = async (days: number) => {
      clock.advance(days * DAY);
      anaCookie = await insertSession(t.db, ana.id, clock.now());
      caroCookie = await insertSession(t.db, caro.id, clock.now());
      await app.followUp.runDue();
    };

    it('counts the active adoptions of its dogs with no check-in overdue, once there is one', async () => {
      const org = await createOrg();
      expect((await call('PUT', '/api/me/adopter-profile', caroCookie, PROFILE)).statusCode).toBe(
        200,
      );
      // An adoption the adopter has not accepted yet is not followed up.
      await adopt('Nube', org.id, 'closed');
      expect(await stats(org.slug)).toMatchObject({
        active_adoptions: 0,
        follow_ups_up_to_date: 0,
        follow_ups_up_to_date_percent: null,
      });
      const luna = await adopt('Luna', org.id, 'accepted');
      await adopt('Toby', org.id, 'accepted');
      // Ana's own dog, not the organization's: never counted.
      await adopt('Rocky', null, 'accepted');
      expect(await stats(org.slug)).toMatchObject({
        active_adoptions: 2,
        follow_ups_up_to_date: 2,
        follow_ups_up_to_date_percent: 100,
      });

      // Day 3: the first check-ins go out; unanswered, none is overdue yet.
      await advance(3);
      expect((await stats(org.slug)).follow_ups_up_to_date_percent).toBe(100);
      // Toby's adopter answers; Luna's does not, past the reminder (day 10) and the rescuer
      // being told (day 17): from then on it is overdue.
      const answer = await call('POST', `/api/checkins/${await checkinToken('Toby')}`, undefined, {
        status: 'ok',
        message: 'Toby duerme en el sofá',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      await advance(7);
      expect((await stats(org.slug)).follow_ups_up_to_date_percent).toBe(100);
      await advance(7);
      expect(await stats(org.slug)).toMatchObject({
        active_adoptions: 2,
        follow_ups_up_to_date: 1,
        follow_ups_up_to_date_percent: 50,
      });

      // A dog that came back is no longer followed up.
      const returned = await call('POST', `/api/adoptions/${luna}/return`, anaCookie, {
        publish: false,
      });
      expect(returned.statusCode, returned.body).toBe(200);
      expect(await stats(org.slug)).toMatchObject({
        active_adoptions: 1,
        follow_ups_up_to_date: 1,
        follow_ups_up_to_date_percent: 100,
      });
    });
  });

  describe('verification', () => {
    it('only site admins verify, the badge shows on the page and dogs, and it can be undone', async () => {
      const org = await createOrg();
      await createDog(app, anaCookie, { name: 'Lupe', org_id: org.id });
      expectError(await call('POST', `/api/admin/orgs/${org.id}/verify`, anaCookie), 403);
      expectError(await call('POST', `/api/admin/orgs/${org.id}/verify`), 401);
      const waiting = (await call('GET', '/api/admin/orgs', adminCookie)).json();
      expect(waiting).toEqual([
        expect.objectContaining({ id: org.id, admins: [{ name: ana.name, email: ana.email }] }),
      ]);

      expect((await call('POST', `/api/admin/orgs/${org.id}/verify`, adminCookie)).statusCode).toBe(
        204,
      );
      expectError(
        await call('POST', `/api/admin/orgs/${org.id}/verify`, adminCookie),
        409,
        ORG_MESSAGES.alreadyVerified,
      );
      expect((await call('GET', `/api/orgs/${org.slug}`)).json().org.verified).toBe(true);
      const dogs = (await call('GET', '/api/dog')).json() as { org: { verified: boolean } }[];
      expect(dogs[0]!.org.verified).toBe(true);
      expect((await call('GET', '/api/admin/orgs', adminCookie)).json()).toEqual([]);
      const audit = await t.db.query<{ action: string }>('SELECT action FROM admin_audit');
      expect(audit.map((a) => a.action)).toEqual(['org_verify']);

      expect(
        (await call('DELETE', `/api/admin/orgs/${org.id}/verify`, adminCookie)).statusCode,
      ).toBe(204);
      expect((await call('GET', `/api/orgs/${org.slug}`)).json().org.verified).toBe(false);
      expectError(
        await call('POST', '/api/admin/orgs/999999/verify', adminCookie),
        404,
        ORG_MESSAGES.notFound,
      );
    });
  });

  describe('automatic flags', () => {
    const reports = async () =>
      (await call('GET', '/api/admin/reports', adminCookie)).json() as {
        dog: { id: number };
        reports: { source: string; reason: string; details: string; reporter: unknown }[];
      }[];

    it('flags a listing that asks for money or offers shipping, once per reason', async () => {
      const dog = await createDog(app, caroCookie, {
        name: 'Golden',
        personality: 'Cachorros en adopción, solo pagas el transporte: $150.000 por Nequi',
      });
      await createDog(app, anaCookie, {
        name: 'Luna',
        personality: 'Esterilizada, vacunada, sin costo.',
      });
      await call('PUT', `/api/dog/${dog.id}`, caroCookie, {
        name: 'Golden',
        city: 'Cali',
        personality: 'Envío a todo el país, consignación previa',
      });
      const groups = await reports();
      expect(groups).toHaveLength(1);
      expect(groups[0]!.dog.id).toBe(dog.id);
      expect(groups[0]!.reports.map((r) => [r.source, r.reason, r.reporter])).toEqual([
        ['automatic', 'asks_money', null],
        ['automatic', 'shipping', null],
      ]);
      expect(groups[0]!.reports[0]!.details).toContain('«Nequi»');
      // Admins act on it as on any report.
      const id = (
        await t.db.query<{ id: number }>(`SELECT id FROM reports ORDER BY id LIMIT 1`)
      )[0]!.id;
      expect(
        (await call('POST', `/api/admin/report/${id}/dismiss`, adminCookie, {})).statusCode,
      ).toBe(204);
    });

    it('flags a photo another account already published, the same file or a near copy', async () => {
      const upload = async (bytes: Buffer, cookie: string) => {
        const body = multipart(bytes);
        const res = await app.inject({
          method: 'POST',
          url: '/api/photos',
          payload: body.payload,
          headers: { ...body.headers, cookie },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().photo.id as number;
      };
      const original = await makeJpegPhoto(400, 300, 3);
      const first = await createDog(app, anaCookie, {
        name: 'Original',
        photo_ids: [await upload(original, anaCookie)],
      });
      // Ana again with the same photo: her own, not flagged.
      await createDog(app, anaCookie, {
        name: 'Otra vez',
        photo_ids: [await upload(original, anaCookie)],
      });
      // Caro: a different photo, not flagged; the same file and a resized copy, flagged.
      await createDog(app, caroCookie, {
        name: 'Distinta',
        photo_ids: [await upload(await makeJpegPhoto(400, 300, 9), caroCookie)],
      });
      const copy = await createDog(app, caroCookie, {
        name: 'Copia',
        photo_ids: [await upload(original, caroCookie)],
      });
      const resized = await createDog(app, caroCookie, {
        name: 'Redimensionada',
        photo_ids: [await upload(await makeJpegPhoto(640, 480, 3), caroCookie)],
      });
      const groups = await reports();
      expect(groups.map((g) => g.dog.id).sort()).toEqual([copy.id, resized.id].sort());
      for (const group of groups) {
        expect(group.reports).toEqual([
          expect.objectContaining({ source: 'automatic', reason: 'reused_photo', reporter: null }),
        ]);
        expect(group.reports[0]!.details).toContain(`(perro ${first.id})`);
      }
    });
  });

  describe('personal data', () => {
    it('the export covers memberships and invitations', async () => {
      const org = await orgWithBeto();
      const data = (await call('GET', '/api/user/export', betoCookie)).json();
      expect(data.organizations.memberships).toEqual([
        expect.objectContaining({ org_id: org.id, org_name: ORG.name, role: 'member' }),
      ]);
      expect(data.organizations.invitations_received).toEqual([
        expect.objectContaining({ org_id: org.id, email: 'beto@example.com' }),
      ]);
      expect(data.other).toBeUndefined();
      const anaData = (await call('GET', '/api/user/export', anaCookie)).json();
      expect(anaData.organizations.invitations_sent).toEqual([
        expect.objectContaining({ email: 'beto@example.com' }),
      ]);
      expect(JSON.stringify(anaData)).not.toMatch(/token/);
    });

    it('deleting the last admin asks to hand the organization over first', async () => {
      const org = await orgWithBeto();
      const del = (cookie: string, user: TestUser) =>
        call('DELETE', '/api/user/me', cookie, { password: user.password });
      expectError(await del(anaCookie, ana), 409, ORG_MESSAGES.deleteLastAdmin(ORG.name));
      expect(await t.db.query('SELECT id FROM users WHERE id = $1', [ana.id])).toHaveLength(1);
      // A member's deletion takes their membership with it.
      expect((await del(betoCookie, beto)).statusCode).toBe(204);
      expect(await t.db.query('SELECT * FROM org_members WHERE user_id = $1', [beto.id])).toEqual(
        [],
      );
      // Alone now, Ana's organization goes with her account.
      expect((await del(anaCookie, ana)).statusCode).toBe(204);
      expect(await t.db.query('SELECT id FROM orgs WHERE id = $1', [org.id])).toEqual([]);
    });
  });
});

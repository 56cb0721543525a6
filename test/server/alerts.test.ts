// Saved searches ("Avísame"): the API (validation, at most ten, duplicates, pause, delete, rate
// limit), the matching rules against the catalogue's filters (every filter, accents, the age
// ranges' edges, several words), who is never told (own dog, paused, hidden, adopted, pending,
// deleted, twice), one e-mail per person per batch, the daily digest and its schedule, the
// one-click unsubscribe with its token stored hashed (and the headers as an SMTP peer reads
// them), the export and the account's deletion.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, alertListSchema, type Alert } from '../../src/shared/alerts';
import { alertFilterKey, lostFoundAlertFilterKey } from '../../src/server/alerts/repository';
import { hashAlertToken } from '../../src/server/alerts/service';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { loggerOptions } from '../../src/server/http/server-options';
import type { MailMessage } from '../../src/server/mail/mailer';
import {
  createDog,
  createUser,
  jobsSchemaOf,
  login,
  makeApp,
  recordingMailer,
  TestClock,
  testConfig,
  type TestUser,
} from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp';

const PUBLIC_URL = 'https://happydog.example';

describe.each(BACKENDS)('alerts on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let mailer: ReturnType<typeof recordingMailer>;
  let owner: TestUser;
  let ana: TestUser;
  let beto: TestUser;
  let ownerCookie: string;
  let anaCookie: string;
  let betoCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    mailer = recordingMailer();
    app = await makeApp(t.db, {
      clock: new TestClock(),
      mailer,
      config: testConfig({}, { PUBLIC_URL }),
    });
    owner = await createUser(t.db, { name: 'Olga Rescatista', email: 'olga@example.com' });
    ana = await createUser(t.db, { name: 'Ana Adoptante', email: 'ana@example.com' });
    beto = await createUser(t.db, { name: 'Beto Buscador', email: 'beto@example.com' });
    [ownerCookie, anaCookie, betoCookie] = await Promise.all(
      [owner, ana, beto].map((u) => login(app, u)),
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const post = (cookie: string | undefined, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/me/alerts',
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });
  const save = async (cookie: string, filters: object, frequency = 'instant'): Promise<Alert> => {
    const res = await post(cookie, { filters, frequency });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().alert as Alert;
  };
  const list = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/me/alerts', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return alertListSchema.parse(res.json());
  };
  /** Waits until every published dog was matched and every e-mail delivered. */
  const settle = async () => {
    await app.alerts.idle();
    await app.mailer.idle();
  };
  const alertMails = () => mailer.sent.filter((m) => m.kind.startsWith('alert'));
  const mailsTo = (user: TestUser) => alertMails().filter((m) => m.to === user.email);
  const matchedPairs = async () =>
    (
      await t.db.query<{ alert_id: number; dog_id: number }>(
        'SELECT alert_id, dog_id FROM alert_matches ORDER BY alert_id, dog_id',
      )
    ).map((r) => `${r.alert_id}:${r.dog_id}`);
  const putDog = (id: number, fields: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/api/dog/${id}`,
      headers: { cookie: ownerCookie },
      payload: { name: 'Firulais', city: 'Cali', ...fields },
    });
  const tokenOf = (mail: MailMessage) => {
    const header = mail.headers?.['List-Unsubscribe'] ?? '';
    const match =
      /^<https:\/\/happydog\.example\/api\/alerts\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(header);
    expect(match, header).not.toBeNull();
    return match![1]!;
  };

  describe('the API', () => {
    it('401 without a session', async () => {
      expect(
        (await post(undefined, { filters: { city: 'Cali' }, frequency: 'instant' })).statusCode,
      ).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/me/alerts' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'DELETE', url: '/api/me/alerts/1' })).statusCode).toBe(
        401,
      );
    });

    it('validates the filters as GET /api/dog does, and the frequency, in Spanish', async () => {
      const cases: [unknown, RegExp][] = [
        [{ filters: { size: 'enorme' }, frequency: 'instant' }, /size debe ser uno de/],
        [{ filters: { age: 'bebé' }, frequency: 'daily' }, /age debe ser uno de/],
        [{ filters: { q: 'x'.repeat(101) }, frequency: 'daily' }, /q no puede superar 100/],
        [{ filters: { city: 'Cali' }, frequency: 'weekly' }, /frecuencia debe ser una de/],
        [{ filters: {}, frequency: 'instant' }, /al menos un filtro/],
        [{ filters: { city: '   ', size: '' }, frequency: 'instant' }, /al menos un filtro/],
        // Text without a letter or digit searches for nothing.
        [{ filters: { q: '¡¡!! ...' }, frequency: 'instant' }, /al menos un filtro/],
        [{ filters: { city: 5 }, frequency: 'instant' }, /^El parámetro city debe ser texto$/],
        [{ filters: { q: ['perro'] }, frequency: 'instant' }, /^El parámetro q debe ser texto$/],
        [{ filters: 'Cali', frequency: 'instant' }, /^El campo filters debe ser un objeto/],
        [{ filters: null, frequency: 'instant' }, /^El campo filters debe ser un objeto/],
        [{ filters: ['Cali'], frequency: 'instant' }, /^El campo filters debe ser un objeto/],
        [{ frequency: 'instant' }, /^El campo filters debe ser un objeto/],
        [
          { scope: 'lost_found', filters: { q: '???' }, frequency: 'instant' },
          /al menos un filtro/,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await post(anaCookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      expect(await list(anaCookie)).toEqual([]);
      // Beside another filter, such text is not kept: it would say words it does not search.
      const cali = await save(anaCookie, { city: 'Cali', q: '¡¡!!' });
      expect(cali).toMatchObject({ filters: { city: 'Cali' }, description: 'Perros en Cali' });
    });

    it('creates, lists in words, pauses and deletes; only the owner may touch an alert', async () => {
      const alert = await save(
        anaCookie,
        { city: ' Cali ', size: 'small', age: 'puppy', status: 'adopted', q: '' },
        'daily',
      );
      expect(alert).toMatchObject({
        filters: { city: 'Cali', size: 'small', age: 'puppy' },
        frequency: 'daily',
        paused: false,
        description: 'Pequeños en Cali, cachorros',
      });
      expect(await list(anaCookie)).toEqual([alert]);
      expect(await list(betoCookie)).toEqual([]);

      const foreign = await app.inject({
        method: 'PATCH',
        url: `/api/me/alerts/${alert.id}`,
        headers: { cookie: betoCookie },
        payload: { paused: true },
      });
      expect(foreign.statusCode).toBe(404);
      const paused = await app.inject({
        method: 'PATCH',
        url: `/api/me/alerts/${alert.id}`,
        headers: { cookie: anaCookie },
        payload: { paused: true },
      });
      expect(paused.statusCode).toBe(200);
      expect(paused.json().alert.paused).toBe(true);

      const del = (cookie: string, id: number | string) =>
        app.inject({ method: 'DELETE', url: `/api/me/alerts/${id}`, headers: { cookie } });
      expect((await del(betoCookie, alert.id)).statusCode).toBe(404);
      expect((await del(anaCookie, 'abc')).json().error).toBe('El id de la alerta no es válido');
      expect((await del(anaCookie, alert.id)).statusCode).toBe(204);
      expect((await del(anaCookie, alert.id)).json().error).toBe(ALERT_MESSAGES.notFound);
      expect(await list(anaCookie)).toEqual([]);
    });

    it('the same filters twice (spelled differently) are refused; ten at most', async () => {
      await save(anaCookie, { city: 'Cali', q: 'Juguetón  tranquilo' });
      const again = await post(anaCookie, {
        filters: { q: 'juguetón tranquilo', city: 'cali ' },
        frequency: 'daily',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(ALERT_MESSAGES.duplicate);
      // Accents and case aside, as the catalogue compares them.
      const unaccented = await post(anaCookie, {
        filters: { q: 'JUGUETON tranquilo', city: 'Cáli' },
        frequency: 'instant',
      });
      expect(unaccented.statusCode).toBe(409);
      for (let i = 2; i <= 10; i += 1) await save(anaCookie, { q: `palabra${i}` });
      const eleventh = await post(anaCookie, { filters: { q: 'once' }, frequency: 'instant' });
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json().error).toBe(ALERT_MESSAGES.tooMany);
      expect(await list(anaCookie)).toHaveLength(10);
      // Someone else's count is their own.
      await save(betoCookie, { city: 'Cali', q: 'Juguetón  tranquilo' });
    });

    it('is rate limited per person', async () => {
      await app.close();
      app = await makeApp(t.db, {
        mailer,
        config: testConfig({ alertPerUser: 2 }, { PUBLIC_URL }),
      });
      anaCookie = await login(app, ana);
      await save(anaCookie, { city: 'Cali' });
      await save(anaCookie, { city: 'Jamundí' });
      const third = await post(anaCookie, { filters: { city: 'Yumbo' }, frequency: 'instant' });
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toMatch(/\S/);
    });
  });

  describe('matching', () => {
    it('each filter as the catalogue applies it: city and words without accents or case, sizes, sexes, several words', async () => {
      const a = {
        city: await save(anaCookie, { city: 'bogota' }),
        size: await save(anaCookie, { size: 'small' }),
        sex: await save(anaCookie, { sex: 'female' }),
        word: await save(anaCookie, { q: 'simon' }),
        typo: await save(anaCookie, { q: 'simom' }),
        words: await save(anaCookie, { q: 'tranquila jardín' }),
        all: await save(betoCookie, { city: 'Cali', size: 'medium', sex: 'male', q: 'juguetón' }),
      };
      const d = {
        bogota: await createDog(app, ownerCookie, { city: 'Bogotá', size: 'large', sex: 'male' }),
        small: await createDog(app, ownerCookie, { size: 'small', sex: 'male' }),
        female: await createDog(app, ownerCookie, { sex: 'female', size: 'large' }),
        simon: await createDog(app, ownerCookie, { name: 'SIMÓN', sex: 'male' }),
        calm: await createDog(app, ownerCookie, {
          name: 'Nube',
          personality: 'Muy TRANQUILA, ama el jardin',
        }),
        calmOnly: await createDog(app, ownerCookie, { name: 'Lola', personality: 'tranquila' }),
        match: await createDog(app, ownerCookie, {
          city: 'CALI',
          size: 'medium',
          sex: 'male',
          personality: 'Juguetón',
        }),
        unknown: await createDog(app, ownerCookie, { name: 'Sin datos', city: 'Cali' }),
      };
      await settle();
      const expected = [
        `${a.city.id}:${d.bogota.id}`,
        `${a.size.id}:${d.small.id}`,
        `${a.sex.id}:${d.female.id}`,
        `${a.word.id}:${d.simon.id}`,
        `${a.typo.id}:${d.simon.id}`,
        `${a.words.id}:${d.calm.id}`,
        `${a.all.id}:${d.match.id}`,
      ].sort((x, y) => Number(x.split(':')[0]) - Number(y.split(':')[0]) || x.localeCompare(y));
      expect(await matchedPairs()).toEqual(expected);
      // The same dogs GET /api/dog lists with each alert's filters.
      for (const [alert, dog] of [
        [a.city, d.bogota],
        [a.words, d.calm],
        [a.all, d.match],
      ] as const) {
        const params = new URLSearchParams(alert.filters as Record<string, string>);
        const res = await app.inject({ method: 'GET', url: `/api/dog?${params}` });
        expect(res.json().map((x: { id: number }) => x.id)).toEqual([dog.id]);
      }
    });

    it('the age ranges, at their edges: puppy < 12 months ≤ young < 36 ≤ adult < 96 ≤ senior', async () => {
      const alerts = {
        puppy: await save(anaCookie, { age: 'puppy' }),
        young: await save(anaCookie, { age: 'young' }),
        adult: await save(anaCookie, { age: 'adult' }),
        senior: await save(anaCookie, { age: 'senior' }),
      };
      const ages: [number | null, keyof typeof alerts | null][] = [
        [0, 'puppy'],
        [11, 'puppy'],
        [12, 'young'],
        [35, 'young'],
        [36, 'adult'],
        [95, 'adult'],
        [96, 'senior'],
        [300, 'senior'],
        [null, null],
      ];
      const expected: string[] = [];
      for (const [months, age] of ages) {
        const dog = await createDog(app, ownerCookie, { age_months: months });
        if (age) expected.push(`${alerts[age].id}:${dog.id}`);
      }
      await settle();
      expect((await matchedPairs()).sort()).toEqual(expected.sort());
    });

    it('the indexed lookup of alerts misses none the catalogue would list: short, misspelt, accented and split words, mixed filters', async () => {
      const alerts = [
        ...(await Promise.all(
          ['a', 'lu', 'luna', 'lunna', 'lna', 'ñata', 'pequeno', 'perro-bonito', 'x9', 'cali'].map(
            (q) => save(anaCookie, { q }),
          ),
        )),
        ...(await Promise.all(
          [
            { city: 'cali', size: 'small' },
            { city: 'Jamundí', sex: 'female', age: 'puppy' },
            { size: 'large', age: 'adult' },
            { sex: 'male', q: 'manchas' },
            { city: 'CALI', q: 'bonito tranquilo' },
            { age: 'senior' },
            { age: 'young', size: 'small', sex: 'female' },
            { city: 'Yumbo' },
            { q: 'manch' },
            { sex: 'female', q: 'ñatá' },
          ].map((filters) => save(betoCookie, filters)),
        )),
      ];
      const dogs = await Promise.all(
        [
          { name: 'Luna', city: 'Cali', size: 'small', sex: 'female', age_months: 20 },
          { name: 'Ñata', city: 'Jamundi', size: 'small', sex: 'female', age_months: 4 },
          {
            name: 'Bruno',
            city: 'cali',
            size: 'large',
            sex: 'male',
            age_months: 60,
            personality: 'Perro bonito con manchas, muy tranquilo',
          },
          { name: 'Lu', city: 'Yumbo', size: 'medium', sex: 'male', age_months: 120 },
          {
            name: 'X9',
            city: 'Palmira',
            size: 'large',
            sex: 'female',
            age_months: 40,
            personality: 'Pequeño de corazón',
          },
          { name: 'Sin edad', city: 'Cali', personality: 'Tranquilo y bonito' },
        ].map((fields) => createDog(app, ownerCookie, fields)),
      );
      await settle();
      const ours = new Set(dogs.map((d) => d.id));
      const expected: string[] = [];
      for (const alert of alerts) {
        const params = new URLSearchParams(alert.filters as Record<string, string>);
        params.set('limit', '100');
        const res = await app.inject({ method: 'GET', url: `/api/dog?${params}` });
        expect(res.statusCode).toBe(200);
        for (const dog of res.json() as { id: number }[])
          if (ours.has(dog.id)) expected.push(`${alert.id}:${dog.id}`);
      }
      // Every kind of lookup is exercised: alerts with and without words match something.
      expect(expected.length).toBeGreaterThan(12);
      expect((await matchedPairs()).sort()).toEqual(expected.sort());
    });

    it('never the own dog, a paused alert, a pending, hidden or deleted dog; a re-opened or shown-again one yes, once', async () => {
      const own = await save(ownerCookie, { city: 'Cali' });
      const paused = await save(betoCookie, { city: 'Cali' });
      await app.inject({
        method: 'PATCH',
        url: `/api/me/alerts/${paused.id}`,
        headers: { cookie: betoCookie },
        payload: { paused: true },
      });
      const alert = await save(anaCookie, { city: 'Cali' });

      const pending = await createDog(app, ownerCookie, { name: 'Pendiente', status: 'pending' });
      await settle();
      expect(await matchedPairs()).toEqual([]);

      // Re-opened: back to available.
      expect((await putDog(pending.id, { status: 'available' })).statusCode).toBe(200);
      await settle();
      expect(await matchedPairs()).toEqual([`${alert.id}:${pending.id}`]);
      expect(mailsTo(ana)).toHaveLength(1);
      expect(mailsTo(beto)).toHaveLength(0);
      expect(mailsTo(owner)).toHaveLength(0);
      expect(own.id).toBeGreaterThan(0);

      // Closed and re-opened again: the same dog is never told of twice to one alert.
      await putDog(pending.id, { status: 'pending' });
      await putDog(pending.id, { status: 'available' });
      // An edit of an available dog is no new publication.
      await putDog(pending.id, { status: 'available', personality: 'Cambiado' });
      await settle();
      expect(mailsTo(ana)).toHaveLength(1);

      // Hidden when its match is due: not told; shown again by moderation: told then.
      const admin = await createUser(t.db, { name: 'Admin', email: 'admin@example.com' });
      await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
      const adminCookie = await login(app, admin);
      const hidden = await createDog(app, ownerCookie, { name: 'Oculta', status: 'pending' });
      await t.db.query('UPDATE dogs SET hidden_at = now() WHERE id = $1', [hidden.id]);
      await putDog(hidden.id, { name: 'Oculta', status: 'available' });
      await settle();
      expect(mailsTo(ana)).toHaveLength(1);
      const restore = await app.inject({
        method: 'POST',
        url: `/api/admin/dog/${hidden.id}/restore`,
        headers: { cookie: adminCookie },
      });
      expect(restore.statusCode).toBe(204);
      await settle();
      expect(mailsTo(ana)).toHaveLength(2);
      expect(mailsTo(ana)[1]!.text).toContain('Oculta');

      // A blocked account's listings are hidden; unblocked, they are shown again and told of.
      const blocked = await createDog(app, betoCookie, { name: 'Bloqueada' });
      await settle();
      expect(mailsTo(ana)).toHaveLength(3);
      const later = await save(anaCookie, { city: 'Cali', q: 'Bloqueada' });
      const block = await app.inject({
        method: 'POST',
        url: `/api/admin/user/${beto.id}/block`,
        headers: { cookie: adminCookie },
        payload: { reason: 'Publicaciones repetidas' },
      });
      expect(block.statusCode, block.body).toBe(204);
      const unblock = await app.inject({
        method: 'POST',
        url: `/api/admin/user/${beto.id}/unblock`,
        headers: { cookie: adminCookie },
      });
      expect(unblock.statusCode, unblock.body).toBe(204);
      await settle();
      expect(await matchedPairs()).toContain(`${later.id}:${blocked.id}`);
      expect(mailsTo(ana)).toHaveLength(4);

      // Deleted: its matches go with it.
      const gone = await createDog(app, ownerCookie, { name: 'Borrada' });
      await settle();
      await app.inject({
        method: 'DELETE',
        url: `/api/dog/${gone.id}`,
        headers: { cookie: ownerCookie },
      });
      const [left] = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM alert_matches WHERE dog_id = $1',
        [gone.id],
      );
      expect(left!.n).toBe(0);
    });

    it('one e-mail per person per batch, with every dog of every matching alert, photo and link', async () => {
      await save(anaCookie, { city: 'Cali' });
      await save(anaCookie, { size: 'small' }, 'instant');
      await save(betoCookie, { sex: 'female' });
      const first = await createDog(app, ownerCookie, {
        name: 'Luna',
        size: 'small',
        sex: 'female',
        status: 'pending',
        image: 'https://example.com/luna.jpg',
      });
      const second = await createDog(app, ownerCookie, { name: 'Sol', status: 'pending' });
      // Both re-opened in one transaction: their jobs are fetched together.
      await t.db.transaction(async (tx) => {
        await tx.query(`UPDATE dogs SET status = 'available' WHERE id = ANY($1::int[])`, [
          [first.id, second.id],
        ]);
        await app.alerts.dogBecameAvailable(tx, first.id);
        await app.alerts.dogBecameAvailable(tx, second.id);
      });
      await settle();
      const [toAna] = mailsTo(ana);
      expect(mailsTo(ana)).toHaveLength(1);
      expect(toAna!.subject).toContain('2 perros como los que buscas');
      expect(toAna!.text).toContain('Luna');
      expect(toAna!.text).toContain('Sol');
      expect(toAna!.text).toContain(`${PUBLIC_URL}/perros/${first.id}`);
      expect(toAna!.html).toContain('<img src="https://example.com/luna.jpg"');
      expect(toAna!.text).toContain('«Perros en Cali»');
      expect(toAna!.text).toContain('«Pequeños»');
      expect(mailsTo(beto)).toHaveLength(1);
      expect(mailsTo(beto)[0]!.subject).toContain('Luna');
      expect(mailsTo(beto)[0]!.text).not.toContain('Sol');
    });

    it('daily alerts wait for the 8:00 digest (scheduled in America/Bogota), which a dog adopted meanwhile misses', async () => {
      await save(anaCookie, { city: 'Cali' }, 'daily');
      const kept = await createDog(app, ownerCookie, { name: 'Canela' });
      const adopted = await createDog(app, ownerCookie, { name: 'Tito' });
      await settle();
      expect(alertMails()).toHaveLength(0);
      await putDog(adopted.id, { name: 'Tito', status: 'adopted' });
      expect(await app.alerts.sendDigests()).toBe(1);
      await app.mailer.idle();
      const [digest] = mailsTo(ana);
      expect(digest!.kind).toBe('alert-digest');
      expect(digest!.subject).toContain('Tu resumen de hoy');
      expect(digest!.text).toContain('Canela');
      expect(digest!.text).not.toContain('Tito');
      expect(kept.id).toBeGreaterThan(0);
      expect(await app.alerts.sendDigests()).toBe(0);
      const schema = await jobsSchemaOf(t.db);
      const [schedule] = await t.db.query<{ cron: string; timezone: string }>(
        `SELECT cron, timezone FROM ${schema}.schedule WHERE name = 'alert-digest'`,
      );
      expect(schedule).toEqual({ cron: '0 8 * * *', timezone: 'America/Bogota' });
    });
  });

  describe('unsubscribe', () => {
    it('one click with the token (stored hashed) deletes the alerts of that e-mail and says which; no login needed', async () => {
      const alert = await save(anaCookie, { city: 'Cali', age: 'puppy' });
      const other = await save(anaCookie, { size: 'large' });
      await createDog(app, ownerCookie, { name: 'Mota', age_months: 3 });
      await settle();
      const [mail] = mailsTo(ana);
      expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const token = tokenOf(mail!);
      // The page's link holds the token in its fragment, which browsers never send anywhere.
      expect(mail!.text).toContain(`${PUBLIC_URL}/alertas/cancelar#${token}`);
      expect(mail!.text).not.toContain(`/alertas/cancelar/${token}`);
      const stored = await t.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM alert_unsubscribe_tokens',
      );
      expect(stored).toEqual([{ token_hash: hashAlertToken(token) }]);

      // As a mail program sends it (RFC 8058): a form body, no cookie.
      const res = await app.inject({
        method: 'POST',
        url: `/api/alerts/unsubscribe/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        stopped: [
          {
            scope: 'dogs',
            filters: { city: 'Cali', age: 'puppy' },
            frequency: 'instant',
            description: 'Perros en Cali, cachorros',
          },
        ],
      });
      expect((await list(anaCookie)).map((a) => a.id)).toEqual([other.id]);
      expect(alert.id).not.toBe(other.id);
      const again = await app.inject({ method: 'POST', url: `/api/alerts/unsubscribe/${token}` });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe(ALERT_MESSAGES.tokenNotFound);
      const bad = await app.inject({ method: 'POST', url: '/api/alerts/unsubscribe/x' });
      expect(bad.statusCode).toBe(400);
      // A mail program without one-click opens the same URL: the page asks first.
      const opened = await app.inject({ method: 'GET', url: `/api/alerts/unsubscribe/${token}` });
      expect(opened.statusCode).toBe(301);
      expect(opened.headers.location).toBe(`/alertas/cancelar#${token}`);
    });

    it('tokens over a year old are purged, except the newest of each alert', async () => {
      const a = await save(anaCookie, { city: 'Cali' });
      const b = await save(anaCookie, { city: 'Yumbo' });
      const daysAgo = (days: number) => new Date(app.now().getTime() - days * 86_400_000);
      for (const [hash, alert, days] of [
        ['viejo-1', a, 400],
        ['viejo-2', a, 380],
        ['reciente', a, 1],
        ['unico', b, 500],
      ] as const) {
        await t.db.query(
          'INSERT INTO alert_unsubscribe_tokens (token_hash, alert_id, created_at) VALUES ($1, $2, $3)',
          [hash, alert.id, daysAgo(days)],
        );
      }
      await app.purgeExpired();
      const left = await t.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM alert_unsubscribe_tokens ORDER BY token_hash',
      );
      expect(left.map((r) => r.token_hash)).toEqual(['reciente', 'unico']);
    });

    it('a link of the older shape (token in the path) is sent on to the page with the token as its fragment', async () => {
      const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
      const res = await app.inject({ method: 'GET', url: `/alertas/cancelar/${token}` });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/alertas/cancelar#${token}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const bad = await app.inject({ method: 'GET', url: '/alertas/cancelar/x%20y' });
      expect(bad.statusCode).toBe(301);
      expect(bad.headers.location).toBe('/alertas/cancelar');
    });
  });

  describe('personal data', () => {
    it('the export lists the alerts and what they told of; deleting the account deletes them', async () => {
      const alert = await save(anaCookie, { city: 'Cali' }, 'daily');
      const dog = await createDog(app, ownerCookie);
      await settle();
      const res = await app.inject({
        method: 'GET',
        url: '/api/user/export',
        headers: { cookie: anaCookie },
      });
      const data = res.json();
      expect(data.alerts).toEqual([
        expect.objectContaining({
          id: alert.id,
          city: 'Cali',
          frequency: 'daily',
          matches: [expect.objectContaining({ dog_id: dog.id, sent_at: null })],
        }),
      ]);
      expect(data.other).toBeUndefined();
      const del = await app.inject({
        method: 'DELETE',
        url: '/api/user/me',
        headers: { cookie: anaCookie },
        payload: { password: ana.password },
      });
      expect(del.statusCode).toBe(204);
      const [rows] = await t.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM alerts) + (SELECT count(*) FROM alert_matches)::int AS n`,
      );
      expect(Number(rows!.n)).toBe(0);
    });
  });
});

describe('alert e-mails through SMTP', () => {
  let t: TestDatabase;
  let smtp: SmtpPeer;
  let app: FastifyInstance;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase('pglite'), startSmtpPeer()]);
    app = await makeApp(t.db, { config: testConfig({}, { SMTP_URL: smtp.url, PUBLIC_URL }) });
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([t.close(), smtp.close()]);
  });

  it('carry List-Unsubscribe (https on PUBLIC_URL) and List-Unsubscribe-Post, the photo and the link', async () => {
    const owner = await createUser(t.db, { email: 'duena@example.com' });
    const fan = await createUser(t.db, { name: 'Fer', email: 'fer@example.com' });
    const fanCookie = await login(app, fan);
    const res = await app.inject({
      method: 'POST',
      url: '/api/me/alerts',
      headers: { cookie: fanCookie },
      payload: { filters: { q: 'pecas' }, frequency: 'instant' },
    });
    expect(res.statusCode).toBe(201);
    const dog = await createDog(app, await login(app, owner), {
      name: 'Pecas',
      image: 'https://example.com/pecas.jpg',
    });
    await app.alerts.idle();
    await app.mailer.idle();
    const [mail] = smtp.received.filter((m) => m.to.includes(fan.email));
    expect(mail).toBeDefined();
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/happydog\.example\/api\/alerts\/unsubscribe\/[A-Za-z0-9_-]{20,}>$/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('src="https://example.com/pecas.jpg"');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/perros/${dog.id}"`);
    // The header's URL works as a mail program posts it.
    const url = mail!.headers['list-unsubscribe']!.slice(1, -1).replace(PUBLIC_URL, '');
    const off = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().stopped[0].description).toBe('Perros, que digan «pecas»');
  });

  it('an unsubscribe link is logged as its route pattern, never with its token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await makeApp(t.db, {
      logger: { ...(loggerOptions('info') as object), stream },
      config: testConfig({}, { PUBLIC_URL }),
    });
    const token = 'Un5ub-secreto_abcdefghijklmnopqrstuvwxyz0';
    try {
      await logged.inject({ method: 'POST', url: `/api/alerts/unsubscribe/${token}` });
      await logged.inject({ method: 'GET', url: `/alertas/cancelar/${token}` });
    } finally {
      await logged.close();
    }
    const urls = lines
      .map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } })
      .filter((r) => r.msg === 'request completed')
      .map((r) => r.req?.url);
    expect(urls).toEqual(['/api/alerts/unsubscribe/:token', '/alertas/cancelar/:token']);
    expect(lines.join('\n')).not.toContain(token);
  });
});

describe.each(BACKENDS)('the alert key migration on %s', (backend) => {
  it('recomputes keys without accents or case as the app writes them; the older of two alike keeps it', async () => {
    const migrations = await loadMigrations();
    const t = await openTestDatabase(backend, {
      migrations: migrations.filter((m) => m.version < 120),
    });
    try {
      const [ana, beto] = await Promise.all(
        ['Ana', 'Beto'].map((name) => createUser(t.db, { name, email: `${name}@example.com` })),
      );
      // Keys as they were written before: lower case, accents kept.
      const insert = (
        userId: number,
        fields: { q_words?: string[]; city?: string; size?: string; kind?: string; zone?: string },
        oldKey: string,
      ) =>
        t.db.query<{ id: number }>(
          `INSERT INTO alerts (user_id, frequency, q_words, city, size, scope, kind, zone, filter_key)
           VALUES ($1, 'instant', $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [
            userId,
            fields.q_words ?? [],
            fields.city ?? null,
            fields.size ?? null,
            fields.kind ? 'lost_found' : 'dogs',
            fields.kind ?? null,
            fields.zone ?? null,
            oldKey,
          ],
        );
      const [jamundi] = await insert(ana!.id, { city: 'Jamundí' }, '["","jamundí","","",""]');
      const [words] = await insert(
        ana!.id,
        { q_words: ['Juguetón', 'Niños'], size: 'small' },
        '["juguetón niños","","small","",""]',
      );
      const [report] = await insert(
        ana!.id,
        { q_words: ['Collar', 'rojo'], kind: 'lost', zone: 'yumbo' },
        '["lost_found","collar rojo","lost","yumbo","",""]',
      );
      // Beto saved the same city twice, once with its accent: they now share a key.
      const [first] = await insert(beto!.id, { city: 'Jamundí' }, '["","jamundí","","",""]');
      const [second] = await insert(beto!.id, { city: 'jamundi' }, '["","jamundi","","",""]');
      const [third] = await insert(beto!.id, { city: 'JAMUNDÍ ' }, '["","jamundí ","","",""]');

      // Two spellings no key held plain: the older takes the plain key, the newer keeps its own.
      const [older] = await insert(ana!.id, { city: 'Tuluá' }, '["","tuluá","","",""]');
      const [newer] = await insert(ana!.id, { city: 'Tulúa' }, '["","tulúa","","",""]');

      expect(await migrate(t.db, migrations)).toContain(120);
      const keys = Object.fromEntries(
        (
          await t.db.query<{ id: number; filter_key: string }>('SELECT id, filter_key FROM alerts')
        ).map((r) => [r.id, r.filter_key]),
      );
      expect(keys[jamundi!.id]).toBe(alertFilterKey({ city: 'Jamundí' }));
      expect(keys[words!.id]).toBe(alertFilterKey({ q: 'Juguetón  Niños', size: 'small' }));
      expect(keys[report!.id]).toBe(
        lostFoundAlertFilterKey({ q: 'Collar rojo', kind: 'lost', zone: 'yumbo' }),
      );
      // Beto's 'jamundi' was written plain already: it keeps the key, the others keep theirs.
      expect(keys[second!.id]).toBe(alertFilterKey({ city: 'jamundi' }));
      expect(keys[first!.id]).toBe('["","jamundí","","",""]');
      expect(keys[third!.id]).toBe('["","jamundí ","","",""]');
      expect(keys[older!.id]).toBe(alertFilterKey({ city: 'Tulua' }));
      expect(keys[newer!.id]).toBe('["","tulúa","","",""]');
    } finally {
      await t.close();
    }
  });
});

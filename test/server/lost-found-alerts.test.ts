// Saved alerts on lost and found searches: the API (the filters validated as GET /api/lost-found
// does, duplicates, the limit shared with the dog alerts), the matching rules (each filter as the
// list applies it, words without accents or case and with small typos, dog and report alerts
// never crossed), who is never told (own report, hidden, closed, twice; restored or renewed once
// expired yes), the e-mails (one per person per batch, the daily digest, kind, zone, date, photo
// and link, the one-click unsubscribe, also as an SMTP peer reads them), the export and the
// account's deletion.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lostFoundAlertFilterKey } from '../../src/server/alerts/repository';
import { ALERT_MESSAGES, alertListSchema, type Alert } from '../../src/shared/alerts';
import { describeLostFoundAlertFilters } from '../../src/shared/lost-found-alert-words';
import { formatCalendarDate, type LostFoundReport } from '../../src/shared/lost-found';
import type { MailMessage } from '../../src/server/mail/mailer';
import { makeJpegPhoto } from '../support/photos';
import {
  createDog,
  createUser,
  DAY,
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

/** Today in Bogotá shifted by `days`, as YYYY-MM-DD. */
const dayOf = (clock: TestClock, days = 0) =>
  new Date(clock.time - 5 * 3600_000 + days * DAY).toISOString().slice(0, 10);

describe('lost and found alerts in words, and their keys', () => {
  it('say the kind, the zone, the size, the sex and the words', () => {
    expect(
      describeLostFoundAlertFilters({ kind: 'lost', zone: 'cali-comuna-3', size: 'small' }),
    ).toBe('Perros perdidos en Cali – Comuna 3, pequeños');
    expect(describeLostFoundAlertFilters({ kind: 'found', sex: 'female', q: ' collar ' })).toBe(
      'Perros encontrados, hembras, que digan «collar»',
    );
    expect(describeLostFoundAlertFilters({ zone: 'jamundi' })).toBe(
      'Perros perdidos o encontrados en Jamundí',
    );
  });

  it('give the same key to the same filters however spelled, and never a dog alert’s', () => {
    expect(lostFoundAlertFilterKey({ q: '  Collar   rojo ', zone: 'yumbo' })).toBe(
      lostFoundAlertFilterKey({ zone: 'yumbo', q: 'collar rojo' }),
    );
    expect(lostFoundAlertFilterKey({ kind: 'lost' })).not.toBe(
      lostFoundAlertFilterKey({ kind: 'found' }),
    );
  });
});

describe.each(BACKENDS)('lost and found alerts on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let mailer: ReturnType<typeof recordingMailer>;
  let owner: TestUser;
  let ana: TestUser;
  let beto: TestUser;
  let admin: TestUser;
  let ownerCookie: string;
  let anaCookie: string;
  let betoCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = new TestClock(Date.now());
    mailer = recordingMailer();
    app = await makeApp(t.db, {
      clock,
      mailer,
      config: testConfig({ photoUploadPerUser: 50, photoUploadPerIp: 50 }, { PUBLIC_URL }),
    });
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    ana = await createUser(t.db, { name: 'Ana Vecina', email: 'ana@example.com' });
    beto = await createUser(t.db, { name: 'Beto Buscador', email: 'beto@example.com' });
    admin = await createUser(t.db, { name: 'Ada Admin', email: 'ada@example.com' });
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    [ownerCookie, anaCookie, betoCookie, adminCookie] = await Promise.all(
      [owner, ana, beto, admin].map((u) => login(app, u)),
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const save = async (
    cookie: string,
    filters: object,
    frequency = 'instant',
    scope = 'lost_found',
  ): Promise<Alert> => {
    const res = await call('POST', '/api/me/alerts', cookie, { scope, filters, frequency });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().alert as Alert;
  };
  const report = (over: Record<string, unknown> = {}) => ({
    kind: 'lost',
    name: 'Luna',
    sex: 'female',
    size: 'small',
    colors: ['negro'],
    description: 'Perrita criolla con collar rojo, muy asustadiza',
    date: dayOf(clock, -1),
    zone: 'cali-comuna-3',
    ...over,
  });
  const publish = async (cookie: string, body: object): Promise<LostFoundReport> => {
    const res = await call('POST', '/api/lost-found', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().report as LostFoundReport;
  };
  const settle = async () => {
    await app.alerts.idle();
    await app.mailer.idle();
  };
  const alertMails = () => mailer.sent.filter((m) => m.kind.startsWith('alert'));
  const mailsTo = (user: TestUser) => alertMails().filter((m) => m.to === user.email);
  const matchedPairs = async () =>
    (
      await t.db.query<{ alert_id: number; report_id: number }>(
        'SELECT alert_id, report_id FROM alert_report_matches ORDER BY alert_id, report_id',
      )
    ).map((r) => `${r.alert_id}:${r.report_id}`);
  const tokenOf = (mail: MailMessage) =>
    /\/api\/alerts\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(
      mail.headers?.['List-Unsubscribe'] ?? '',
    )![1]!;
  const upload = async (cookie: string, seed: number): Promise<number> => {
    const boundary = '----alert-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      await makeJpegPhoto(64, 48, seed),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().photo.id as number;
  };

  describe('the API', () => {
    it('validates the filters as GET /api/lost-found does, in Spanish', async () => {
      const cases: [unknown, RegExp][] = [
        [{ scope: 'lost_found', filters: { zone: 'narnia' }, frequency: 'instant' }, /zona/],
        [{ scope: 'lost_found', filters: { kind: 'robado' }, frequency: 'instant' }, /kind debe/],
        [{ scope: 'lost_found', filters: { size: 'enorme' }, frequency: 'daily' }, /size debe/],
        [{ scope: 'lost_found', filters: { q: 'x'.repeat(101) }, frequency: 'daily' }, /q no/],
        [{ scope: 'lost_found', filters: { kind: 'lost' }, frequency: 'weekly' }, /frecuencia/],
        [{ scope: 'perdidos', filters: { kind: 'lost' }, frequency: 'instant' }, /scope/],
        [
          { scope: 'lost_found', filters: { city: 'Cali', zone: ' ' }, frequency: 'instant' },
          /tipo, zona, tamaño, sexo o palabras/,
        ],
        // The catalogue's filters stay the catalogue's.
        [{ filters: { zone: 'cali-comuna-3' }, frequency: 'instant' }, /al menos un filtro/],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/api/me/alerts', anaCookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      const listed = await call('GET', '/api/me/alerts', anaCookie);
      expect(listed.json()).toEqual([]);
    });

    it('creates and lists in words; the same filters twice are refused; ten at most of both kinds', async () => {
      const alert = await save(anaCookie, {
        kind: 'lost',
        zone: 'cali-comuna-3',
        size: 'small',
        q: '',
      });
      expect(alert).toMatchObject({
        scope: 'lost_found',
        filters: { kind: 'lost', zone: 'cali-comuna-3', size: 'small' },
        description: 'Perros perdidos en Cali – Comuna 3, pequeños',
        paused: false,
      });
      const again = await call('POST', '/api/me/alerts', anaCookie, {
        scope: 'lost_found',
        filters: { size: 'small', zone: 'cali-comuna-3', kind: 'lost' },
        frequency: 'daily',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(ALERT_MESSAGES.duplicate);
      // The same size as a dog alert is another alert.
      await save(anaCookie, { size: 'small' }, 'instant', 'dogs');
      for (let i = 0; i < 4; i++) await save(anaCookie, { q: `perro${i}` }, 'instant', 'dogs');
      for (let i = 0; i < 4; i++) await save(anaCookie, { q: `collar${i}` });
      const list = alertListSchema.parse((await call('GET', '/api/me/alerts', anaCookie)).json());
      expect(list).toHaveLength(10);
      expect(list.filter((a) => a.scope === 'lost_found')).toHaveLength(5);
      for (const scope of ['lost_found', 'dogs']) {
        const over = await call('POST', '/api/me/alerts', anaCookie, {
          scope,
          filters: { q: 'once' },
          frequency: 'instant',
        });
        expect(over.statusCode).toBe(409);
        expect(over.json().error).toBe(ALERT_MESSAGES.tooMany);
      }
    });
  });

  describe('matching', () => {
    it('each filter as the list applies it; words without accents or case, with small typos; never across scopes', async () => {
      const byKind = await save(anaCookie, { kind: 'found' });
      const byZone = await save(anaCookie, { zone: 'cali-comuna-3' });
      const bySizeSex = await save(anaCookie, { size: 'large', sex: 'male' });
      const byWords = await save(anaCookie, { q: 'COLLAR rójo' });
      const byTypo = await save(betoCookie, { q: 'asustadisa' });
      const dogAlert = await save(betoCookie, { size: 'small' }, 'instant', 'dogs');
      const lostSmall = await publish(ownerCookie, report());
      const found = await publish(
        ownerCookie,
        report({ kind: 'found', zone: 'yumbo', size: 'large', sex: null, description: 'Grande' }),
      );
      const bigMale = await publish(
        ownerCookie,
        report({ zone: 'palmira', size: 'large', sex: 'male', description: 'Collar azul' }),
      );
      const dog = await createDog(app, ownerCookie, { name: 'Toto', size: 'small' });
      await settle();
      // Every listed report agrees with its alert, as the list filtered the same way would say.
      for (const [alert, query] of [
        [byKind, 'kind=found'],
        [byZone, 'zone=cali-comuna-3'],
        [bySizeSex, 'size=large&sex=male'],
        [byWords, 'q=COLLAR%20r%C3%B3jo'],
        [byTypo, 'q=asustadisa'],
      ] as const) {
        const listed = (await call('GET', `/api/lost-found?${query}`)).json() as { id: number }[];
        const matched = (await matchedPairs())
          .filter((p) => p.startsWith(`${alert.id}:`))
          .map((p) => Number(p.split(':')[1]));
        expect(matched.sort(), query).toEqual(listed.map((r) => r.id).sort());
      }
      expect(await matchedPairs()).toEqual(
        [
          `${byKind.id}:${found.id}`,
          `${byZone.id}:${lostSmall.id}`,
          `${bySizeSex.id}:${bigMale.id}`,
          `${byWords.id}:${lostSmall.id}`,
          `${byTypo.id}:${lostSmall.id}`,
        ].sort(),
      );
      // The dog alert told of the dog, never of a report; no report alert told of the dog.
      const dogPairs = await t.db.query<{ alert_id: number; dog_id: number }>(
        'SELECT alert_id, dog_id FROM alert_matches',
      );
      expect(dogPairs).toEqual([{ alert_id: dogAlert.id, dog_id: dog.id }]);
    });

    it('never the own report, a hidden, closed or paused one; a restored or renewed one yes, once', async () => {
      const mine = await save(ownerCookie, { zone: 'cali-comuna-3' });
      const zone = await save(anaCookie, { zone: 'cali-comuna-3' });
      const paused = await save(betoCookie, { zone: 'cali-comuna-3' });
      expect(
        (await call('PATCH', `/api/me/alerts/${paused.id}`, betoCookie, { paused: true }))
          .statusCode,
      ).toBe(200);
      const first = await publish(ownerCookie, report());
      await settle();
      expect(await matchedPairs()).toEqual([`${zone.id}:${first.id}`]);
      expect(mailsTo(ana)).toHaveLength(1);
      expect(mailsTo(owner)).toHaveLength(0);
      expect(mailsTo(beto)).toHaveLength(0);

      // A report hidden (or closed) when its matching runs is not told of; shown again, it is,
      // once however often it is hidden and shown again.
      const second = await publish(ownerCookie, report({ name: 'Sol', zone: 'yumbo' }));
      const third = await publish(ownerCookie, report({ name: 'Nube', zone: 'dagua' }));
      await settle();
      const yumbo = await save(anaCookie, { zone: 'yumbo' });
      const dagua = await save(anaCookie, { zone: 'dagua' });
      const hide = () =>
        call('POST', `/api/admin/lost-found/${second.id}/hide`, adminCookie, { reason: 'Revisar' });
      expect((await hide()).statusCode).toBe(204);
      const closed = await call('PATCH', `/api/lost-found/${third.id}`, ownerCookie, {
        status: 'closed',
      });
      expect(closed.statusCode).toBe(200);
      await app.alerts.reportBecameListed(t.db, second.id);
      await app.alerts.reportBecameListed(t.db, third.id);
      await settle();
      expect(await matchedPairs()).toEqual([`${zone.id}:${first.id}`]);
      for (let i = 0; i < 2; i++) {
        if (i > 0) expect((await hide()).statusCode).toBe(204);
        const restore = await call(
          'POST',
          `/api/admin/lost-found/${second.id}/restore`,
          adminCookie,
        );
        expect(restore.statusCode).toBe(204);
        await settle();
      }
      expect(await matchedPairs()).toEqual([`${zone.id}:${first.id}`, `${yumbo.id}:${second.id}`]);
      expect(mailsTo(ana).filter((m) => m.text.includes(`/perdidos/${second.id}`))).toHaveLength(1);
      expect(alertMails().some((m) => m.text.includes(`/perdidos/${third.id}`))).toBe(false);
      expect(dagua.id).toBeGreaterThan(mine.id);

      // Expired, then renewed: an alert saved meanwhile hears of it; Ana's, told before, not again.
      clock.advance(61 * DAY);
      [ownerCookie, betoCookie] = await Promise.all([owner, beto].map((u) => login(app, u)));
      const later = await save(betoCookie, { kind: 'lost', q: 'collar' });
      const renew = await call('PATCH', `/api/lost-found/${first.id}`, ownerCookie, {
        renew: true,
      });
      expect(renew.statusCode, renew.body).toBe(200);
      await settle();
      expect(await matchedPairs()).toContain(`${later.id}:${first.id}`);
      expect(mailsTo(beto).filter((m) => m.text.includes(`/perdidos/${first.id}`))).toHaveLength(1);
      expect(mailsTo(ana).filter((m) => m.text.includes(`/perdidos/${first.id}`))).toHaveLength(1);
    });

    it('a blocked reporter’s open reports are told of once the account is unblocked', async () => {
      const open = await publish(betoCookie, report({ zone: 'palmira' }));
      const closed = await publish(betoCookie, report({ name: 'Sol', zone: 'palmira' }));
      expect(
        (await call('PATCH', `/api/lost-found/${closed.id}`, betoCookie, { status: 'closed' }))
          .statusCode,
      ).toBe(200);
      await settle();
      const block = await call('POST', `/api/admin/user/${beto.id}/block`, adminCookie, {
        reason: 'Publicaciones repetidas',
      });
      expect(block.statusCode, block.body).toBe(204);
      // Saved while the reports were hidden with their reporter.
      const palmira = await save(anaCookie, { zone: 'palmira' });
      const unblock = await call('POST', `/api/admin/user/${beto.id}/unblock`, adminCookie);
      expect(unblock.statusCode, unblock.body).toBe(204);
      await settle();
      expect(await matchedPairs()).toEqual([`${palmira.id}:${open.id}`]);
      expect(mailsTo(ana)).toHaveLength(1);
    });
  });

  describe('e-mails', () => {
    it('one per person per batch, with each report’s kind, zone, date, photo and link', async () => {
      await save(anaCookie, { zone: 'cali-comuna-3' });
      await save(anaCookie, { q: 'collar' });
      const photo = await upload(ownerCookie, 7);
      const [lost, found] = await Promise.all([
        publish(ownerCookie, report({ photo_ids: [photo] })),
        publish(
          ownerCookie,
          report({ kind: 'found', name: '', description: 'Con collar verde', zone: 'yumbo' }),
        ),
      ]);
      await settle();
      const mails = mailsTo(ana);
      const all = mails.map((m) => m.text).join('\n');
      expect(all).toContain(`Se busca: Luna · Cali – Comuna 3 · ${formatCalendarDate(lost.date)}`);
      expect(all).toContain(`Encontrada · Yumbo · ${formatCalendarDate(found.date)}`);
      expect(all).toContain(`${PUBLIC_URL}/perdidos/${lost.id}`);
      expect(all).toContain(`${PUBLIC_URL}/perdidos/${found.id}`);
      expect(mails.map((m) => m.html).join('\n')).toContain(
        `src="${PUBLIC_URL}${lost.photos[0]!.url}"`,
      );
      // Both reports in one e-mail unless the job took them in two batches.
      expect(mails.length).toBeLessThanOrEqual(2);
      expect(mails[0]!.subject).toMatch(/como los que buscas/);
      expect(all).toContain('«Perros perdidos o encontrados en Cali – Comuna 3»');
    });

    it('daily alerts wait for the digest; its unsubscribe link stops the alert and says which', async () => {
      const alert = await save(anaCookie, { kind: 'lost', size: 'small' }, 'daily');
      const lost = await publish(ownerCookie, report());
      await settle();
      expect(mailsTo(ana)).toHaveLength(0);
      expect(await app.alerts.sendDigests()).toBe(1);
      await settle();
      const [digest] = mailsTo(ana);
      expect(digest).toMatchObject({ kind: 'alert-digest' });
      expect(digest!.subject).toMatch(/^Tu resumen de hoy: Se busca: Luna en Cali – Comuna 3\b/);
      expect(digest!.text).toContain(`${PUBLIC_URL}/perdidos/${lost.id}`);
      expect(digest!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(await app.alerts.sendDigests()).toBe(0);

      const off = await call('POST', `/api/alerts/unsubscribe/${tokenOf(digest!)}`);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toEqual({
        stopped: [
          {
            scope: 'lost_found',
            filters: { kind: 'lost', size: 'small' },
            frequency: 'daily',
            description: 'Perros perdidos, pequeños',
          },
        ],
      });
      expect((await call('GET', '/api/me/alerts', anaCookie)).json()).toEqual([]);
      expect(alert.id).toBeGreaterThan(0);
    });
  });

  describe('personal data', () => {
    it('the export lists the alerts with the reports they told of; deleting the account deletes them', async () => {
      const alert = await save(anaCookie, { zone: 'cali-comuna-3' }, 'daily');
      const lost = await publish(ownerCookie, report());
      await settle();
      const res = await call('GET', '/api/user/export', anaCookie);
      expect(res.statusCode).toBe(200);
      const data = res.json() as { alerts: unknown[] };
      expect(data.alerts).toEqual([
        expect.objectContaining({
          id: alert.id,
          scope: 'lost_found',
          zone: 'cali-comuna-3',
          frequency: 'daily',
          matches: [],
          report_matches: [expect.objectContaining({ report_id: lost.id, sent_at: null })],
        }),
      ]);
      const del = await app.inject({
        method: 'DELETE',
        url: '/api/user/me',
        headers: { cookie: anaCookie },
        payload: { password: ana.password },
      });
      expect(del.statusCode).toBe(204);
      const [row] = await t.db.query<{ n: number }>(
        `SELECT ((SELECT count(*) FROM alerts) + (SELECT count(*) FROM alert_report_matches))::int AS n`,
      );
      expect(Number(row!.n)).toBe(0);
    });
  });
});

describe('lost and found alert e-mails through SMTP', () => {
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

  it('carry the kind, zone, date and link, and List-Unsubscribe that works with one click', async () => {
    const reporter = await createUser(t.db, { email: 'reporta@example.com' });
    const fan = await createUser(t.db, { name: 'Fer', email: 'fer@example.com' });
    const fanCookie = await login(app, fan);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/me/alerts',
      headers: { cookie: fanCookie },
      payload: {
        scope: 'lost_found',
        filters: { kind: 'found', zone: 'dagua' },
        frequency: 'instant',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const date = new Date(app.now().getTime() - 5 * 3600_000).toISOString().slice(0, 10);
    const res = await app.inject({
      method: 'POST',
      url: '/api/lost-found',
      headers: { cookie: await login(app, reporter) },
      payload: {
        kind: 'found',
        sex: 'male',
        size: 'medium',
        colors: ['cafe'],
        description: 'Perro café con pañoleta',
        date,
        zone: 'dagua',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().report.id as number;
    await app.alerts.idle();
    await app.mailer.idle();
    const [mail] = smtp.received.filter((m) => m.to.includes(fan.email));
    expect(mail).toBeDefined();
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/happydog\.example\/api\/alerts\/unsubscribe\/[A-Za-z0-9_-]{20,}>$/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/perdidos/${id}"`);
    expect(mail!.html).toContain(`Encontrado</a> · Dagua · ${formatCalendarDate(date)}`);
    expect(mail!.text).toContain('«Perros encontrados en Dagua»');
    const url = mail!.headers['list-unsubscribe']!.slice(1, -1).replace(PUBLIC_URL, '');
    const off = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().stopped[0]).toMatchObject({
      scope: 'lost_found',
      description: 'Perros encontrados en Dagua',
    });
  });
});

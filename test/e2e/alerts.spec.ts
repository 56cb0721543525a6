// "Avísame", end to end: a person saves an alert from a filtered /perros, another account
// publishes a dog that matches, the e-mail arrives in the server's outbox with the dog's link and
// the one-click unsubscribe headers (RFC 8058), and its link stops the alert, says which one it
// was and creates it again on request; /cuenta lists it in words. Axe checks the new pages. The
// same from a filtered /perdidos: a report published by another account reaches the outbox.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { createDog, newDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { untilInteractive } from './support/ui';

/** The e-mail in the outbox addressed to `email`, with its raw header fields. */
async function alertMailTo(outboxDir: string, email: string) {
  let found: { subject: string; text: string; headers: Record<string, string> } | undefined;
  await expect
    .poll(
      async () => {
        for (const file of await readdir(outboxDir).catch(() => [] as string[])) {
          const raw = await readFile(join(outboxDir, file), 'utf8');
          const mail = await simpleParser(raw);
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          if (to !== email) continue;
          const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
          const headers: Record<string, string> = {};
          for (const line of head.split(/\r?\n/)) {
            const colon = line.indexOf(':');
            if (colon > 0)
              headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
          }
          found = { subject: mail.subject ?? '', text: mail.text ?? '', headers };
          return true;
        }
        return false;
      },
      { message: `an alert e-mail to ${email} in ${outboxDir}`, timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

test('save an alert on /perros → a match is published → the e-mail arrives → unsubscribe from it', async ({
  page,
  makeAccount,
  server,
}) => {
  // Four pages checked by axe, two accounts and an e-mail through the job queue.
  test.slow();
  const subscriber = await makeAccount();
  const rescuer = await makeAccount();
  // A town of this test's own: no other journey's dog matches.
  const city = `Pueblo ${randomBytes(4).toString('hex')}`;

  await loginBrowser(page, subscriber.user);
  await page.goto(`/perros?size=small&city=${encodeURIComponent(city)}`);
  const offer = page.getByRole('button', { name: 'Avísame de perros así' });
  await untilInteractive(offer);
  await offer.click();
  const form = page.getByRole('form', { name: 'Crear una alerta' });
  await expect(form).toContainText(`Pequeños en ${city}`);
  await expectNoAxeViolations(page, '/perros with the alert form');
  await form.getByRole('radio', { name: 'Al instante' }).check();
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/me/alerts') && res.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Crear alerta' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'Listo' })).toContainText(
    `te avisaremos de «Pequeños en ${city}» al instante`,
  );

  // Another account publishes a dog that matches (and one that does not).
  await createDog(rescuer.api, newDog({ city, size: 'large' }));
  const dog = await createDog(rescuer.api, newDog({ city, size: 'small' }));

  const mail = await alertMailTo(server.outboxDir, subscriber.user.email);
  expect(mail.subject).toContain(dog.name);
  expect(mail.text).toContain(`${server.url}/perros/${dog.id}`);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.headers['list-unsubscribe']).toMatch(
    new RegExp(`^<${server.url}/api/alerts/unsubscribe/[A-Za-z0-9_-]{32}>$`),
  );
  const link = new RegExp(`(${server.url}/alertas/cancelar#[A-Za-z0-9_-]{32})`).exec(
    mail.text,
  )?.[1];
  expect(link, 'the unsubscribe link in the e-mail').toBeDefined();

  // The link: asks, stops the alert, says which it was, and creates it again on request.
  const opened = new URL(link!);
  await page.goto(opened.pathname + opened.hash);
  const stop = page.getByRole('button', { name: 'Dejar de recibir estos correos' });
  await untilInteractive(stop);
  await expectNoAxeViolations(page, '/alertas/cancelar#<token>');
  await stop.click();
  const stopped = page.getByRole('list', { name: 'Alertas canceladas' });
  await expect(stopped.getByRole('listitem', { name: `Pequeños en ${city}` })).toContainText(
    'Al instante',
  );
  await expectNoAxeViolations(page, '/alertas/cancelar#<token> after stopping');
  const alerts = await subscriber.api.get('/api/me/alerts');
  expect(await alerts.json()).toEqual([]);

  await stopped.getByRole('button', { name: 'Volver a crearla' }).click();
  await expect(stopped.getByRole('status')).toContainText('La creamos de nuevo');

  // /cuenta lists it in words, with pause and delete.
  await page.goto('/cuenta#alertas');
  const mine = page.getByRole('list', { name: 'Tus alertas' });
  const item = mine.getByRole('listitem', { name: `Pequeños en ${city}` });
  await expect(item).toBeVisible();
  await untilInteractive(item.getByRole('button', { name: 'Pausar' }));
  await expectNoAxeViolations(page, '/cuenta with alerts');
  await item.getByRole('button', { name: 'Pausar' }).click();
  await expect(item.getByText('Pausada')).toBeVisible();
});

/** Today in Bogotá, as YYYY-MM-DD. */
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

test('save an alert on /perdidos → a matching report is published → the e-mail arrives', async ({
  page,
  makeAccount,
  server,
}) => {
  test.slow();
  const subscriber = await makeAccount();
  const finder = await makeAccount();
  // A word of this test's own: no other journey's report matches.
  const word = `pañoleta${randomBytes(3).toString('hex')}`;

  await loginBrowser(page, subscriber.user);
  await page.goto(`/perdidos?kind=found&zone=cali-comuna-3&q=${encodeURIComponent(word)}`);
  const offer = page.getByRole('button', { name: 'Avísame de reportes así' });
  await untilInteractive(offer);
  await offer.click();
  const form = page.getByRole('form', { name: 'Crear una alerta' });
  const description = `Perros encontrados en Cali – Comuna 3, que digan «${word}»`;
  await expect(form).toContainText(description);
  await expectNoAxeViolations(page, '/perdidos with the alert form');
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/me/alerts') && res.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Crear alerta' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'Listo' })).toContainText(
    `te avisaremos de «${description}» al instante`,
  );

  const published = await finder.api.post('/api/lost-found', {
    data: {
      kind: 'found',
      sex: 'male',
      size: 'medium',
      colors: ['cafe'],
      description: `Perro café con ${word} azul`,
      date: today(),
      zone: 'cali-comuna-3',
    },
  });
  expect(published.status()).toBe(201);
  const reportId = ((await published.json()) as { report: { id: number } }).report.id;

  const mail = await alertMailTo(server.outboxDir, subscriber.user.email);
  expect(mail.text).toContain('Encontrado · Cali – Comuna 3');
  expect(mail.text).toContain(`${server.url}/perdidos/${reportId}`);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // /cuenta describes it in words and links back to the same search.
  await page.goto('/cuenta#alertas');
  const item = page
    .getByRole('list', { name: 'Tus alertas' })
    .getByRole('listitem', { name: description });
  await expect(item.getByRole('link', { name: 'Ver reportes así' })).toHaveAttribute(
    'href',
    `/perdidos?kind=found&zone=cali-comuna-3&q=${encodeURIComponent(word)}`,
  );
});

// Lost and found in the browser: an owner reports a lost dog with a photo from the phone form and
// edits it, another person reports it found, the match shows on the lost dog's page with its
// reason, the finder writes through the site and the message reaches the owner's e-mail (outbox),
// and the owner closes the report as "¡Reencontrado!". axe checks the list, the form and the
// report. Someone else reports a report with "Reportar"; the complaint shows in /admin, whose
// admin hides the report, and it is gone for everyone but its reporter.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { makeJpegPhoto } from '../support/photos';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { control, dialog, field, untilInteractive } from './support/ui';

/** The newest e-mail in the outbox to `email` whose subject starts with `subject`. */
async function mailTo(outboxDir: string, email: string, subject: string) {
  let found: { text: string; replyTo: string } | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const mail = await simpleParser(await readFile(join(outboxDir, file)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          if (to === email && mail.subject?.startsWith(subject)) {
            found = { text: mail.text ?? '', replyTo: mail.replyTo?.text ?? '' };
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail "${subject}" to ${email} in ${outboxDir}` },
    )
    .toBe(true);
  return found!;
}

/** Today in Bogotá, as the form and the API write dates. */
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

test('lost, found, matched, written to by e-mail and reunited', async ({
  page,
  browser,
  baseURL,
  makeAccount,
  server,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = await makeAccount();
  const finder = await makeAccount();
  const name = `Luna ${Date.now().toString(36)}`;
  const photoFile = testInfo.outputPath('luna.jpg');
  await writeFile(photoFile, await makeJpegPhoto(1200, 900, 7));

  // The list, for anyone.
  await page.goto('/perdidos');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Perros perdidos y encontrados' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/perdidos');

  // The owner reports the lost dog with a photo.
  await loginBrowser(page, owner.user);
  await page.goto('/perdidos/nuevo');
  const form = page.getByRole('form', { name: 'Publicar un reporte' });
  const lostRadio = form.getByRole('radio', { name: 'Perdí mi perro' });
  await untilInteractive(lostRadio);
  await expectNoAxeViolations(page, '/perdidos/nuevo');
  await lostRadio.check();
  await form.getByLabel('Agregar fotos').setInputFiles([photoFile]);
  await expect(form.getByText('Lista')).toHaveCount(1, { timeout: 30_000 });
  await form.getByRole('textbox', { name: 'Nombre del perro' }).fill(name);
  await form.getByRole('combobox', { name: 'Sexo' }).selectOption('female');
  await form.getByRole('combobox', { name: /Tamaño/ }).selectOption('medium');
  await form.getByRole('checkbox', { name: 'Negro' }).check();
  await form.getByRole('checkbox', { name: 'Blanco' }).check();
  await form.getByRole('combobox', { name: /Zona/ }).selectOption('cali-comuna-17');
  await form
    .getByRole('textbox', { name: /Descripción/ })
    .fill('Collar rojo, muy asustadiza con la pólvora');
  await form.getByRole('button', { name: 'Publicar' }).click();
  await expect(page).toHaveURL(/\/perdidos\/\d+$/);
  const lostId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${name}, perdida en Cali – Comuna 17`,
  );
  await expect(page.getByRole('img', { name: `Foto 1 de ${name}` })).toBeVisible();

  // The owner adds a detail from "Editar" (its page drawn by the server), the form filled in with
  // the report.
  await expect(page.getByRole('link', { name: 'Editar', exact: true })).toHaveAttribute(
    'href',
    `/perdidos/${lostId}/editar`,
  );
  await page.goto(`/perdidos/${lostId}/editar`);
  const edit = page.getByRole('form', { name: 'Editar tu reporte' });
  const editDescription = edit.getByRole('textbox', { name: /Descripción/ });
  await untilInteractive(editDescription);
  await expect(editDescription).toHaveValue('Collar rojo, muy asustadiza con la pólvora');
  await editDescription.fill('Collar rojo, muy asustadiza con la pólvora; responde a «Lunita»');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(new RegExp(`/perdidos/${lostId}$`));
  await expect(page.getByText('responde a «Lunita»')).toBeVisible();
  await expect(page.getByRole('img', { name: `Foto 1 de ${name}` })).toBeVisible();

  // Someone else reports a dog found nearby, that same day.
  const found = await finder.api.post('/api/lost-found', {
    data: {
      kind: 'found',
      sex: 'female',
      size: 'medium',
      colors: ['negro', 'blanco'],
      description: 'Perrita negra y blanca con collar rojo, asustada',
      date: today(),
      zone: 'cali-comuna-17',
    },
  });
  expect(found.status()).toBe(201);
  const foundId = ((await found.json()) as { report: { id: number } }).report.id;

  // The match appears on the lost dog's page, with why.
  await page.reload();
  const matches = page.getByRole('list', { name: 'Posibles coincidencias' });
  const match = matches.getByRole('article').filter({
    has: page.locator(`a[href="/perdidos/${foundId}"]`),
  });
  await expect(match).toBeVisible();
  await expect(
    match.getByText(/misma zona, mismo sexo, mismo tamaño, mismos colores/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compartir' })).toBeVisible();
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toContain(`/api/lost-found/${lostId}/share.jpg`);
  await expectNoAxeViolations(page, '/perdidos/$id (reporter)');

  // The finder writes to the owner through the site, sharing their e-mail.
  const finderContext = await browser.newContext({ baseURL });
  try {
    const finderPage = await finderContext.newPage();
    await loginBrowser(finderPage, finder.user);
    await finderPage.goto(`/perdidos/${lostId}`);
    const write = finderPage.getByRole('form', { name: 'Escribir a quien lo publicó' });
    const message = finderPage.getByRole('textbox', { name: /Tu mensaje/ });
    await untilInteractive(message);
    await expectNoAxeViolations(finderPage, '/perdidos/$id (visitor)');
    await message.fill('Creo que la tengo: la encontré en el parque esta mañana');
    await write.getByRole('checkbox', { name: /Compartir mi correo/ }).check();
    await write.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(finderPage.getByText('Mensaje enviado')).toBeVisible();
    // Nothing of the owner on the finder's page.
    expect(await finderPage.content()).not.toContain(owner.user.email);
  } finally {
    await finderContext.close();
  }
  const mail = await mailTo(server.outboxDir, owner.user.email, 'Te escribieron sobre tu reporte');
  expect(mail.text).toContain('Creo que la tengo: la encontré en el parque esta mañana');
  expect(mail.text).toContain(finder.user.email);
  expect(mail.replyTo).toContain(finder.user.email);

  // Reunited: the owner closes the report.
  await page.getByRole('button', { name: '¡Reencontrado!' }).click();
  await expect(page.getByText('¡Reencontrado!').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '¡Reencontrado!' })).toHaveCount(0);
  const list = await page.request.get('/api/lost-found?kind=lost');
  const ids = ((await list.json()) as { id: number }[]).map((r) => r.id);
  expect(ids).not.toContain(lostId);
});

test('a complaint about a report reaches /admin, and the admin hides the report', async ({
  page,
  browser,
  baseURL,
  makeAccount,
  server,
}) => {
  // Granting the admin role restarts the embedded database's server.
  test.slow();
  const owner = await makeAccount();
  const flagger = await makeAccount();
  const admin = await makeAccount();
  await server.admin(['grant', admin.user.email]);
  const name = `Toby ${Date.now().toString(36)}`;
  const created = await owner.api.post('/api/lost-found', {
    data: {
      kind: 'lost',
      name,
      sex: 'male',
      size: 'small',
      colors: ['cafe'],
      description: 'Pagamos recompensa, consigna primero al número del anuncio',
      date: today(),
      zone: 'cali-comuna-2',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { report: { id: number } }).report.id;

  // Someone else reports it from its page.
  await loginBrowser(page, flagger.user);
  await page.goto(`/perdidos/${id}`);
  const flag = page.getByRole('button', { name: 'Reportar' });
  await untilInteractive(flag);
  await flag.click();
  const form = dialog(page, 'Reportar esta publicación');
  await form.getByRole('radio', { name: 'Información falsa' }).check();
  await field(form, 'Detalles').fill('Pide consignar antes de ver al perro');
  await control(form, 'Enviar reporte').click();
  await expect(page.getByText(/Gracias\. El equipo revisará la publicación/)).toBeVisible();
  await expect(form).toBeHidden();

  // The admin finds the complaint in /admin and hides the report with a reason.
  const adminContext = await browser.newContext({ baseURL });
  try {
    const adminPage = await adminContext.newPage();
    await loginBrowser(adminPage, admin.user);
    await adminPage.goto('/admin');
    const section = adminPage.getByRole('region', { name: 'Denuncias en perdidos y encontrados' });
    const row = section.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Información falsa');
    await expect(row).toContainText('Pide consignar antes de ver al perro');
    await expect(row).toContainText(flagger.user.email);
    await expectNoAxeViolations(adminPage, '/admin (lost and found complaints)');
    const hide = row.getByRole('button', { name: `Ocultar el reporte ${id}` });
    await untilInteractive(hide);
    await hide.click();
    const ask = dialog(adminPage, `Ocultar el reporte ${id}`);
    await field(ask, 'Motivo').fill('Pide dinero por adelantado');
    await control(ask, 'Ocultar reporte').click();
    await expect(ask).toBeHidden();
    await expect(row).toContainText('Reporte oculto');
    await expect(row.getByRole('button', { name: `Restaurar el reporte ${id}` })).toBeVisible();
    const audit = adminPage.getByRole('region', { name: 'Registro de auditoría' });
    await expect(audit).toContainText(name);
  } finally {
    await adminContext.close();
  }

  // Gone for everyone else; its reporter still reads it, with why.
  expect((await page.request.get(`/api/lost-found/${id}`)).status()).toBe(404);
  const own = await owner.api.get(`/api/lost-found/${id}`);
  expect(own.status()).toBe(200);
  expect(((await own.json()) as { report: { hidden_reason: string } }).report.hidden_reason).toBe(
    'Pide dinero por adelantado',
  );
});

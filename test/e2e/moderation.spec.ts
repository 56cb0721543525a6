// Moderation in the browser: a visitor reports a listing from the dog modal, an admin (made with
// `npm run admin -- grant`) hides it from /admin, and the listing disappears for everyone else;
// /admin sends anonymous visitors to log in, answers 403 to non-admins, and passes axe; an admin
// dismisses a report, blocks and unblocks an account and restores a listing from the console.
import { createDog, listDogs, newDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test, untilHydrated } from './support/fixtures';
import {
  control,
  dialog,
  dogCard,
  field,
  pathname,
  untilInteractive,
  waitForDogs,
} from './support/ui';

// On the embedded database `npm run admin` needs the server stopped (DATA_DIR's lock): granting
// the role restarts it, which takes a good part of the default budget.
test.slow();

test('a user reports a listing, an admin hides it, and it disappears for everyone else', async ({
  page,
  browser,
  makeAccount,
  server,
  baseURL,
}) => {
  const owner = await makeAccount();
  const reporter = await makeAccount();
  const admin = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  await server.admin(['grant', admin.user.email]);

  // The reporter flags it from the dog's modal.
  await loginBrowser(page, reporter.user);
  await page.goto('/');
  await waitForDogs(page);
  await dogCard(page, dog.name).getByRole('button', { name: 'Info Dog', exact: true }).click();
  const modal = dialog(page, `Información de ${dog.name}`);
  await control(modal, 'Reportar').click();
  const report = dialog(page, `Reportar la publicación de ${dog.name}`);
  // Without a reason the form says so and sends nothing.
  await control(report, 'Enviar reporte').click();
  await expect(report.getByText('Elige un motivo del reporte')).toBeVisible();
  await report.getByRole('radio', { name: 'Venta de animales' }).check();
  await field(report, 'Detalles').fill('Piden 300.000 pesos por el cachorro');
  await control(report, 'Enviar reporte').click();
  await expect(
    page.getByText(`Gracias. El equipo revisará la publicación de ${dog.name}.`),
  ).toBeVisible();
  await expect(report).toBeHidden();
  // One report per person and listing: a second one gets the server's answer in the form.
  await control(modal, 'Reportar').click();
  await report.getByRole('radio', { name: 'Spam' }).check();
  await control(report, 'Enviar reporte').click();
  await expect(report.getByRole('alert')).toHaveText('Ya reportaste esta publicación');
  await control(report, 'Cancelar').click();
  await expect(report).toBeHidden();

  // The admin sees it in /admin, grouped under the listing, and hides it with a reason.
  const adminContext = await browser.newContext({ baseURL });
  try {
    const adminPage = await adminContext.newPage();
    await loginBrowser(adminPage, admin.user);
    await adminPage.goto('/admin');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Moderación' })).toBeVisible();
    const card = adminPage.getByRole('article', { name: new RegExp(dog.name) });
    await expect(card).toContainText('1 reporte');
    await expect(card).toContainText('Venta de animales');
    await expect(card).toContainText('Piden 300.000 pesos por el cachorro');
    await expect(card).toContainText(reporter.user.email);
    await control(card, 'Ocultar publicación').click();
    const ask = dialog(adminPage, `Ocultar la publicación de ${dog.name}`);
    await field(ask, 'Motivo').fill('Venta de animales');
    await control(ask, 'Ocultar publicación').click();
    await expect(ask).toBeHidden();
    await expect(card).toBeHidden();
    await expect(adminPage.getByText('No hay reportes abiertos.')).toBeVisible();
    const hidden = adminPage.getByRole('region', { name: 'Publicaciones ocultas' });
    await expect(hidden).toContainText(dog.name);
    const audit = adminPage.getByRole('region', { name: 'Registro de auditoría' });
    await expect(audit).toContainText('Ocultó la publicación');
    await expect(audit).toContainText(admin.user.email);
  } finally {
    await adminContext.close();
  }

  // Gone for the reporter, for anonymous visitors and from the API, cached lists included.
  await page.goto('/');
  await waitForDogs(page);
  await expect(page.getByRole('img', { name: dog.name, exact: true })).toHaveCount(0);
  expect((await listDogs(reporter.api, 100)).map((d) => d.id)).not.toContain(dog.id);
  const anonymous = await browser.newContext({ baseURL });
  try {
    const visitor = await anonymous.newPage();
    await visitor.goto('/');
    await waitForDogs(visitor);
    await expect(visitor.getByRole('img', { name: dog.name, exact: true })).toHaveCount(0);
    expect((await listDogs(anonymous.request, 100)).map((d) => d.id)).not.toContain(dog.id);
  } finally {
    await anonymous.close();
  }
  // Its owner still reaches it, and reads why.
  const own = await owner.api.get(`/api/dog/${dog.id}`);
  expect(own.status()).toBe(200);
  expect((await own.json()).hidden_reason).toBe('Venta de animales');
});

test('/admin: anonymous visitors log in first, other accounts get 403, admins pass axe', async ({
  page,
  makeAccount,
  server,
}) => {
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(200);
  await expect.poll(() => pathname(page)).toBe('/entrar');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin');

  const user = await makeAccount();
  await loginBrowser(page, user.user);
  const forbidden = await page.goto('/admin');
  expect(forbidden?.status()).toBe(403);
  await expect(
    page.getByRole('heading', { level: 1, name: 'No tienes acceso a esta página' }),
  ).toBeVisible();
  await untilHydrated(page);

  const admin = await makeAccount();
  await server.admin(['grant', admin.user.email]);
  await loginBrowser(page, admin.user);
  const allowed = await page.goto('/admin');
  expect(allowed?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderación' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Registro de auditoría' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moderación' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin');
});

test('an admin dismisses a report, blocks and unblocks the owner, and restores a hidden listing', async ({
  page,
  browser,
  makeAccount,
  server,
  baseURL,
}) => {
  const owner = await makeAccount();
  const first = await makeAccount();
  const second = await makeAccount();
  const admin = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  for (const [account, details] of [
    [first, 'Lo mismo en otro grupo'],
    [second, 'Parece repetido'],
  ] as const) {
    const res = await account.api.post(`/api/dog/${dog.id}/report`, {
      data: { reason: 'spam', details },
    });
    expect(res.status()).toBe(201);
  }
  await server.admin(['grant', admin.user.email]);
  await loginBrowser(page, admin.user);
  await page.goto('/admin');
  const reports = page.getByRole('region', { name: 'Reportes abiertos' });
  const audit = page.getByRole('region', { name: 'Registro de auditoría' });
  const card = reports.getByRole('article', { name: new RegExp(dog.name) });
  await expect(card).toContainText('2 reportes');

  // Dismiss one of the two reports.
  const dismiss = control(card, `Descartar el reporte de ${first.user.name}`);
  await untilInteractive(dismiss);
  await dismiss.click();
  await expect(card).toContainText('1 reporte');
  await expect(card).not.toContainText('Lo mismo en otro grupo');
  await expect(audit).toContainText('Descartó el reporte');

  // Block the owner: their session stops working and the listing is gone for others.
  await control(card, 'Bloquear cuenta').click();
  const ask = dialog(page, `Bloquear la cuenta de ${owner.user.name}`);
  await field(ask, 'Motivo').fill('Publica lo mismo muchas veces');
  await control(ask, 'Bloquear cuenta').click();
  await expect(ask).toBeHidden();
  const blocked = page.getByRole('region', { name: 'Cuentas bloqueadas' });
  await expect(blocked).toContainText(owner.user.email);
  await expect(blocked).toContainText('Publica lo mismo muchas veces');
  await expect(audit).toContainText('Bloqueó la cuenta');
  expect((await owner.api.get('/api/user/account')).status()).toBe(401);
  const anonymous = await browser.newContext({ baseURL });
  try {
    expect((await anonymous.request.get(`/api/dog/${dog.id}`)).status()).toBe(404);

    // Unblock: the listing is seen again.
    await control(blocked, `Desbloquear la cuenta de ${owner.user.name}`).click();
    await control(
      dialog(page, `Desbloquear la cuenta de ${owner.user.name}`),
      'Desbloquear',
    ).click();
    await expect(blocked).not.toContainText(owner.user.email);
    await expect(audit).toContainText('Desbloqueó la cuenta');
    expect((await anonymous.request.get(`/api/dog/${dog.id}`)).status()).toBe(200);

    // A listing hidden earlier is restored from "Publicaciones ocultas".
    const hide = await admin.api.post(`/api/admin/dog/${dog.id}/hide`, {
      data: { reason: 'Revisión' },
    });
    expect(hide.status()).toBe(204);
    expect((await anonymous.request.get(`/api/dog/${dog.id}`)).status()).toBe(404);
    await page.reload();
    const hidden = page.getByRole('region', { name: 'Publicaciones ocultas' });
    const restore = control(hidden, `Restaurar la publicación de ${dog.name}`);
    await untilInteractive(restore);
    await restore.click();
    await control(dialog(page, `Restaurar la publicación de ${dog.name}`), 'Restaurar').click();
    // Other journeys on this server may have hidden listings of their own.
    await expect(hidden).not.toContainText(dog.name);
    await expect(audit).toContainText('Restauró la publicación');
    expect((await anonymous.request.get(`/api/dog/${dog.id}`)).status()).toBe(200);
  } finally {
    await anonymous.close();
  }
});

// Accounts and personal data in the browser: registering with the policy consent, the account
// page behind a login, changing the password, downloading one's data, deleting the account and
// registering again, and a password reset through the e-mail the server wrote to its outbox.
// axe checks each of these pages.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { loginUser, newUser, registerUser, type TestUser } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { control, field, loginThroughForm, pathname, settle, untilInteractive } from './support/ui';

const CONSENT = 'Acepto la política de tratamiento de datos personales';
/** The server's reasons for refusing a new password (src/server/users/password-strength.ts). */
const WEAK = {
  common: 'Esa contraseña es de las más usadas o aparece en filtraciones de datos',
  personal: 'La contraseña no puede basarse en tu correo ni en tu nombre',
};

/** The newest e-mail in the outbox addressed to `email` whose subject starts with `subject`. */
async function mailTo(outboxDir: string, email: string, subject: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const mail = await simpleParser(await readFile(join(outboxDir, file)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          if (to === email && mail.subject?.startsWith(subject)) {
            found = { subject: mail.subject, text: mail.text ?? '' };
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

async function openAccount(page: import('@playwright/test').Page) {
  await page.goto('/cuenta');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(field(page, 'Nombre completo')).not.toHaveValue('');
}

test('register: the consent box links to the policy and is required', async ({ page, request }) => {
  const user = newUser();
  await page.goto('/registrarse');
  await untilInteractive(field(page, 'Nombre completo'));
  await field(page, 'Nombre completo').fill(user.name);
  await field(page, 'Correo electrónico').fill(user.email);
  await field(page, 'Contraseña').fill(user.password);
  await field(page, 'Repetir contraseña').fill(user.password);
  await expect(
    page.getByRole('link', { name: 'política de tratamiento de datos personales' }),
  ).toHaveAttribute('href', '/privacidad');
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  await expect(page.getByText('Debes aceptar la política de tratamiento de datos')).toBeVisible();
  await expect.poll(() => pathname(page)).toBe('/registrarse');
  await expectNoAxeViolations(page, '/registrarse with the consent error');

  // A common password is refused and the form says why (it is cleared after every submit).
  await field(page, 'Contraseña').fill('12345678');
  await field(page, 'Repetir contraseña').fill('12345678');
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  await expect(page.getByText(WEAK.common)).toBeVisible();
  await expect.poll(() => pathname(page)).toBe('/registrarse');

  await field(page, 'Nombre completo').fill(user.name);
  await field(page, 'Correo electrónico').fill(user.email);
  await field(page, 'Contraseña').fill(user.password);
  await field(page, 'Repetir contraseña').fill(user.password);
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe('/entrar');
  await loginUser(request, user);
});

test('/privacidad: the policy, with its version and the rights under Ley 1581 de 2012', async ({
  page,
}) => {
  await page.goto('/privacidad');
  await expect(page).toHaveTitle('Política de tratamiento de datos personales | Happy Dog');
  await expect(page.getByRole('heading', { level: 2, name: '4. Tus derechos' })).toBeVisible();
  await expect(page.getByText('Superintendencia de Industria y Comercio')).toBeVisible();
  await expect(page.getByText(/^Versión \d/)).toBeVisible();
  await expectNoAxeViolations(page, '/privacidad');
});

test('/cuenta: a visitor logs in first and comes back; Mi cuenta in the nav bar', async ({
  page,
  makeAccount,
}) => {
  const { user } = await makeAccount();
  await page.goto('/cuenta');
  await expect.poll(() => pathname(page)).toBe('/entrar');
  await untilInteractive(field(page, 'Correo electrónico'));
  await loginThroughForm(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  expect(pathname(page)).toBe('/cuenta');
  await expect(page).toHaveTitle('Mi cuenta | Happy Dog');
  await expect(field(page, 'Nombre completo')).toHaveValue(user.name);
  await expect(control(page, 'SALIR')).toBeVisible();
  await settle(page);
  await expectNoAxeViolations(page, '/cuenta');

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Mi cuenta' }).click();
  await expect.poll(() => pathname(page)).toBe('/cuenta');
});

test('/cuenta: name and phone are saved; the page is drawn with them after a reload', async ({
  page,
  makeAccount,
}) => {
  const { user } = await makeAccount();
  await loginBrowser(page, user);
  await openAccount(page);
  await field(page, 'Nombre completo').fill('Rosa Cambiada');
  await field(page, 'Celular').fill('+57 300 123 4567');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Tus datos se actualizaron.')).toBeVisible();
  await page.reload();
  await expect(field(page, 'Nombre completo')).toHaveValue('Rosa Cambiada');
  await expect(field(page, 'Celular')).toHaveValue('300 1234567');
});

test('change password: the new one works, the old one does not, other sessions end', async ({
  page,
  makeAccount,
  playwright,
  baseURL,
}) => {
  const { user, api: otherDevice } = await makeAccount();
  await loginBrowser(page, user);
  await openAccount(page);
  const section = page.getByRole('region', { name: 'Cambiar contraseña' });
  await field(section, 'Contraseña actual').fill(user.password);
  // A common password is refused, and the form says why.
  await field(section, 'Nueva contraseña').fill('password');
  await field(section, 'Repetir nueva contraseña').fill('password');
  await section.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(section.getByText(WEAK.common)).toBeVisible();
  await field(section, 'Nueva contraseña').fill('otra-clave-nueva-1');
  await field(section, 'Repetir nueva contraseña').fill('otra-clave-nueva-1');
  await section.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText(/Cerramos la sesión en tus otros dispositivos/)).toBeVisible();

  expect((await otherDevice.get('/api/user/me')).status()).toBe(401);
  expect((await page.context().request.get('/api/user/me')).status()).toBe(200);
  const fresh = await playwright.request.newContext({ baseURL });
  try {
    expect((await fresh.post('/api/user/userLogin', { data: user })).status()).toBe(401);
    await loginUser(fresh, { ...user, password: 'otra-clave-nueva-1' });
  } finally {
    await fresh.dispose();
  }
});

test('"Descargar mis datos" downloads a JSON file of the person’s data', async ({
  page,
  makeAccount,
}) => {
  const { user } = await makeAccount();
  await loginBrowser(page, user);
  await openAccount(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar mis datos' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^happy-dog-mis-datos-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ name: user.name, email: user.email });
  expect(data.consents).toHaveLength(1);
  expect(JSON.stringify(data)).not.toContain(user.password);
});

test('delete the account, then register again with the same e-mail', async ({
  page,
  makeAccount,
}) => {
  const { user, api } = await makeAccount();
  await loginBrowser(page, user);
  await openAccount(page);
  const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
  await field(section, 'Tu contraseña').fill(user.password);
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await expect(dialog).toBeVisible();
  await settle(page);
  await expectNoAxeViolations(page, '/cuenta with the deletion confirmation');
  await dialog.getByRole('button', { name: 'Sí, eliminar mi cuenta' }).click();
  await expect.poll(() => pathname(page)).toBe('/');
  await expect(control(page, 'INGRESAR')).toBeVisible();
  expect((await api.get('/api/user/me')).status()).toBe(401);

  await page.goto('/registrarse');
  await untilInteractive(field(page, 'Nombre completo'));
  await field(page, 'Nombre completo').fill(user.name);
  await field(page, 'Correo electrónico').fill(user.email);
  // A common password is refused and the form says why (it is cleared after every submit).
  await field(page, 'Contraseña').fill('12345678');
  await field(page, 'Repetir contraseña').fill('12345678');
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  await expect(page.getByText(WEAK.common)).toBeVisible();
  await expect.poll(() => pathname(page)).toBe('/registrarse');

  await field(page, 'Nombre completo').fill(user.name);
  await field(page, 'Correo electrónico').fill(user.email);
  await field(page, 'Contraseña').fill('clave-de-nuevo-1');
  await field(page, 'Repetir contraseña').fill('clave-de-nuevo-1');
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe('/entrar');
  await untilInteractive(field(page, 'Correo electrónico'));
  await loginThroughForm(page, { email: user.email, password: 'clave-de-nuevo-1' });
  await expect(control(page, 'SALIR')).toBeVisible();
});

test('forgotten password: the e-mailed link in the outbox sets a new one, once', async ({
  page,
  server,
  request,
}) => {
  const user: TestUser = newUser();
  await registerUser(request, user);
  await page.goto('/entrar');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect.poll(() => pathname(page)).toBe('/recuperar');
  await expect(page).toHaveTitle('Recuperar contraseña | Happy Dog');
  await expectNoAxeViolations(page, '/recuperar');
  await field(page, 'Correo electrónico').fill(user.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('te enviamos un enlace');

  const mail = await mailTo(server.outboxDir, user.email, 'Crea una nueva contraseña');
  const link = /(http:\/\/\S+\/recuperar\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(link, 'a reset link in the e-mail').toBeDefined();
  expect(new URL(link!).origin).toBe(new URL(server.url).origin);

  await page.goto(new URL(link!).pathname);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Crea una nueva contraseña' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/recuperar/$token');
  // One made of the person's e-mail is refused, saying why; the link still works.
  await field(page, 'Nueva contraseña').fill(user.email);
  await field(page, 'Repetir nueva contraseña').fill(user.email);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText(WEAK.personal)).toBeVisible();
  await field(page, 'Nueva contraseña').fill('recuperada-clave-1');
  await field(page, 'Repetir nueva contraseña').fill('recuperada-clave-1');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status')).toContainText('tu contraseña cambió');
  await page.getByRole('link', { name: 'Ingresar', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe('/entrar');
  await untilInteractive(field(page, 'Correo electrónico'));
  await loginThroughForm(page, { email: user.email, password: 'recuperada-clave-1' });
  await expect(control(page, 'SALIR')).toBeVisible();

  // The link works once: opened again, it says so before anything is typed.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(/no es válido, ya se usó o venció/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar contraseña' })).toHaveCount(0);
});

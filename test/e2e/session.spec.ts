// Accounts and sessions through the UI: register, login errors, login, reload, redirects, logout.
import { loginUser, newUser, sessionCookieHeader } from './support/api';
import { expect, loginBrowser, test, untilHydrated } from './support/fixtures';
import { control, loginThroughForm, openAccountMenuItem, pathname, field } from './support/ui';

const CONSENT = 'Acepto la política de tratamiento de datos personales';

test('register: mismatched passwords show the error for 6 s and clear the form, then success lands on /entrar', async ({
  page,
  request,
}) => {
  const user = newUser();
  await page.goto('/');
  await openAccountMenuItem(page, 'Registrate');
  await expect.poll(() => pathname(page)).toBe('/registrarse');

  const fields = {
    name: field(page, 'Nombre completo'),
    email: field(page, 'Correo electrónico'),
    password: field(page, 'Contraseña'),
    repeat: field(page, 'Repetir contraseña'),
  };
  await fields.name.fill(user.name);
  await fields.email.fill(user.email);
  await fields.password.fill(user.password);
  await fields.repeat.fill(`${user.password}-otra`);
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();

  const error = page.getByText('Las contraseñas no coinciden', { exact: true });
  await expect(error).toBeVisible();
  const shownAt = Date.now();
  // The form is cleared after each submit.
  for (const field of Object.values(fields)) await expect(field).toHaveValue('');
  // The message goes away by itself after 6 s.
  await expect(error).toBeHidden({ timeout: 10_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor, 'the error stayed about 6 s').toBeGreaterThan(4_500);
  await expect.poll(() => pathname(page)).toBe('/registrarse');

  await fields.name.fill(user.name);
  await fields.email.fill(user.email);
  await fields.password.fill(user.password);
  await fields.repeat.fill(user.password);
  // The form was cleared, the consent box too.
  await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe('/entrar');
  // The account really exists.
  await loginUser(request, user);
});

test("a wrong password shows the server's message", async ({ page, makeAccount }) => {
  const { user } = await makeAccount();
  await page.goto('/entrar');
  await loginThroughForm(page, { email: user.email, password: `${user.password}-mal` });
  await expect(page.getByText('Correo o contraseña incorrectos', { exact: true })).toBeVisible();
  expect(pathname(page)).toBe('/entrar');
  await expect(control(page, 'SALIR')).toHaveCount(0);
});

test('login lands on / with SALIR, a reload keeps the session and /entrar then goes to /', async ({
  page,
  makeAccount,
}) => {
  const { user } = await makeAccount();
  await page.goto('/');
  await openAccountMenuItem(page, 'Ingresá');
  await expect.poll(() => pathname(page)).toBe('/entrar');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await loginThroughForm(page, user);

  await expect.poll(() => pathname(page)).toBe('/');
  await expect(control(page, 'SALIR')).toBeVisible();
  await expect(control(page, 'INGRESAR')).toHaveCount(0);

  await page.reload();
  await expect(control(page, 'SALIR')).toBeVisible();

  await page.goto('/entrar');
  await expect.poll(() => pathname(page)).toBe('/');
  await expect(control(page, 'SALIR')).toBeVisible();
});

test('SALIR goes to /home and the API rejects the old session cookie', async ({
  page,
  makeAccount,
  request,
}) => {
  const { user } = await makeAccount();
  await loginBrowser(page, user);
  await page.goto('/');
  await expect(control(page, 'SALIR')).toBeVisible();

  const cookie = await sessionCookieHeader(page.context());
  const before = await request.get('/api/user/me', { headers: { cookie } });
  expect(before.status(), 'the cookie is a valid session before logout').toBe(200);

  // The server drew SALIR for the session: a press before the page's code runs is replayed once it
  // does, which the navigation below would have to wait for.
  await untilHydrated(page);
  await control(page, 'SALIR').click();
  await expect.poll(() => pathname(page)).toBe('/home');
  await expect(control(page, 'INGRESAR')).toBeVisible();
  await expect(control(page, 'SALIR')).toHaveCount(0);

  const after = await request.get('/api/user/me', { headers: { cookie } });
  expect(after.status(), 'the old session cookie is rejected after logout').toBe(401);
});

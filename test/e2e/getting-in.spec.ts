// Getting people in: a visitor who has to create an account on the way to a dog lands back on the
// dog, with the new e-mail already in the login form; a dead reset link says so as it opens; and
// every page ends with a footer that links the privacy policy and a way to write to the site.
import { createDog, newDog, newUser } from './support/api';
import { expect, test } from './support/fixtures';
import { control, field, pathname, untilInteractive } from './support/ui';

const CONSENT = 'Acepto la política de tratamiento de datos personales';

test('dog → Me interesa → Crea una cuenta → register → log in → back on the dog', async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  await page.goto(`/perros/${dog.id}`);
  const interested = page.getByRole('button', { name: 'Me interesa', exact: true });
  await untilInteractive(interested);
  await interested.click();
  await expect.poll(() => pathname(page)).toBe('/entrar');

  await page.getByRole('link', { name: '¿No tienes cuenta? Crea una cuenta' }).click();
  await expect.poll(() => pathname(page)).toBe('/registrarse');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/perros/${dog.id}`);

  const user = newUser();
  await untilInteractive(field(page, 'Nombre completo'));
  await field(page, 'Nombre completo').fill(user.name);
  await field(page, 'Correo electrónico').fill(user.email);
  await field(page, 'Contraseña').fill(user.password);
  await field(page, 'Repetir contraseña').fill(user.password);
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();

  await expect.poll(() => pathname(page)).toBe('/entrar');
  // The e-mail just registered is filled in, and the address does not carry it.
  await expect(field(page, 'Correo electrónico')).toHaveValue(user.email);
  expect(page.url()).not.toContain(encodeURIComponent(user.email));
  await field(page, 'Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect.poll(() => pathname(page)).toBe(`/perros/${dog.id}`);
  await expect(control(page, 'SALIR')).toBeVisible();
});

test('a reset link that no longer works says so as soon as it opens', async ({ page }) => {
  // Well formed, but no such link (as a used or expired one): the server says it is dead.
  await page.goto('/recuperar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('ya se usó o venció')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar contraseña' })).toHaveCount(0);
});

test('every page has a footer with the privacy policy, contact and the main links', async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  for (const path of [
    '/',
    '/perros',
    `/perros/${dog.id}`,
    '/entrar',
    '/registrarse',
    '/recuperar',
    '/privacidad',
  ]) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer, path).toBeVisible();
    await expect(
      footer.getByRole('link', { name: /política de tratamiento de datos/i }),
      `${path}: policy link`,
    ).toHaveAttribute('href', '/privacidad');
    await expect(footer.locator('a[href^="mailto:"]').first(), `${path}: contact`).toBeVisible();
    await expect(
      footer.getByRole('link', { name: /perros en adopción/i }),
      `${path}: catalogue link`,
    ).toHaveAttribute('href', '/perros');
  }
});

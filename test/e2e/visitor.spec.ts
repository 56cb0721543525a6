// Journeys of an anonymous visitor: the landing page, a dog read-only, the 'No autorizado' alert
// and unknown paths.
import { createDog, newDog } from './support/api';
import { expect, test } from './support/fixtures';
import { adoptSection, control, dialog, dogCard, pathname, waitForDogs, field } from './support/ui';

test('an anonymous visitor browses the landing page and opens a dog read-only, without the owner e-mail', async ({
  page,
  makeAccount,
  request,
}) => {
  const owner = await makeAccount();
  const dog = await createDog(owner.api, newDog({ personality: 'Tranquilo y dormilón' }));

  await page.goto('/');
  await expect(page).toHaveTitle(/Happy Dog/i);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    /DONDE LOS PERROS CONSIGUEN HOGAR/i,
  );
  await expect(page.getByRole('heading', { name: 'SOBRE NOSOTROS' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'RECORRIDO' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('2024');
  await expect(footer).toContainText('Cali');
  for (const name of ['INICIO', 'ADOPTAR', 'QUIENES SOMOS', 'DAR EN ADOPCIÓN', 'INGRESAR']) {
    await expect(control(page.getByRole('banner'), name), name).toBeVisible();
  }
  await expect(control(page, 'SALIR')).toHaveCount(0);

  // ADOPTA leads to the carousel.
  await control(page, 'ADOPTA').click();
  await expect(adoptSection(page)).toBeInViewport();
  await waitForDogs(page);

  // The newest dog comes first; a visitor sees 'Info Dog', never EDITAR.
  const card = dogCard(page, dog.name);
  await expect(card).toBeVisible();
  await expect(card).toContainText(dog.city);
  await expect(card.getByRole('button', { name: 'EDITAR' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Info Dog' }).click();

  const modal = dialog(page, `Información de ${dog.name}`);
  await expect(modal).toBeVisible();
  await expect(field(modal, 'Nombre')).toHaveValue(dog.name);
  await expect(field(modal, 'Ciudad')).toHaveValue(dog.city);
  await expect(field(modal, 'Personalidad')).toHaveValue('Tranquilo y dormilón');
  await expect(field(modal, 'ID')).toHaveValue(String(dog.id));
  for (const label of [
    'ID',
    'Imagen (URL)',
    'Nombre',
    'Ciudad',
    'ID del dueño',
    'Peso',
    'Altura',
    'Esperanza de vida',
    'Personalidad',
  ]) {
    await expect(field(modal, label), `${label} is read-only`).not.toBeEditable();
  }
  for (const name of ['Publicar', 'Actualizar', 'Eliminar']) {
    await expect(modal.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(control(modal, 'Contacto info')).toBeVisible();
  // No owner contact for visitors, neither on screen nor in what the API sent.
  await expect(page.locator('body')).not.toContainText(owner.user.email);
  await expect(modal).not.toContainText(owner.user.name);
  const anonymous = await request.get(`/api/dog/${dog.id}`);
  // An empty contact in the owner's place (the original client reads it), never the owner's.
  expect(((await anonymous.json()) as { user?: unknown }).user).toStrictEqual({
    name: '',
    email: '',
  });

  await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(modal).toBeHidden();
});

test("'DAR EN ADOPCIÓN' while logged out shows the 'No autorizado' alert", async ({ page }) => {
  await page.goto('/');
  await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
  const alert = dialog(page, 'No autorizado');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Debes iniciar sesión para dar en adopción');
  await expect(dialog(page, 'Publicar en adopción')).toHaveCount(0);
  await alert.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(alert).toBeHidden();
});

test('an unknown path goes to / and /home shows the landing page', async ({ page }) => {
  await page.goto('/esta-pagina-no-existe');
  await expect.poll(() => pathname(page)).toBe('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/HAPPY DOG/i);

  await page.goto('/perros/123/otra');
  await expect.poll(() => pathname(page)).toBe('/');

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/HAPPY DOG/i);
  await expect(adoptSection(page)).toBeAttached();
});

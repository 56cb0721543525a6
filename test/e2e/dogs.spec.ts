// Listings through the UI: publish, edit and delete one's own dog; another user's dog read-only
// with the owner's contact.
import { createDog, getDog, newDog, type ApiDog } from './support/api';
import { expect, loginBrowser, test } from './support/fixtures';
import {
  adoptSection,
  cardImages,
  control,
  dialog,
  dogCard,
  fillDogForm,
  waitForDogs,
  field,
} from './support/ui';

test('publish a dog (it comes first with EDITAR), edit it, then delete it after confirming', async ({
  page,
  makeAccount,
}) => {
  const account = await makeAccount();
  await loginBrowser(page, account.user);
  await page.goto('/');
  // The session is restored by GET /api/user/me after the page loads.
  await expect(control(page, 'SALIR')).toBeVisible();
  await waitForDogs(page);

  // Publish.
  await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
  const create = dialog(page, 'Publicar en adopción');
  await expect(create).toBeVisible();
  await expect(field(create, 'ID')).not.toBeEditable();
  await expect(field(create, 'ID del dueño')).not.toBeEditable();
  const dog = newDog({ personality: 'Le encanta correr en el parque' });
  await fillDogForm(create, dog);
  await create.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(create).toBeHidden();

  // Newest first, with EDITAR for its owner (the carousel, below the fold, is live once in view).
  await adoptSection(page).scrollIntoViewIfNeeded();
  await expect(cardImages(page).first()).toHaveAccessibleName(dog.name);
  const card = dogCard(page, dog.name);
  await expect(card).toContainText(dog.city);
  await expect(card.getByRole('button', { name: 'EDITAR', exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Info Dog', exact: true })).toHaveCount(0);
  const list = (await (await page.request.get('/api/dog?limit=1')).json()) as ApiDog[];
  const created = list[0]!;
  expect(created).toMatchObject({ name: dog.name, city: dog.city, hostage_id: account.info.id });

  // Edit.
  await card.getByRole('button', { name: 'EDITAR', exact: true }).click();
  const edit = dialog(page, `Editar información de ${dog.name}`);
  await expect(edit).toBeVisible();
  await expect(field(edit, 'ID')).toHaveValue(String(created.id));
  await expect(field(edit, 'ID del dueño')).toHaveValue(String(account.info.id));
  await expect(field(edit, 'Nombre')).toHaveValue(dog.name);
  await expect(edit.getByRole('button', { name: 'Cerrar', exact: true })).toBeVisible();
  await fillDogForm(edit, { city: 'Santiago de Cali', personality: 'Tranquilo en casa' });
  await edit.getByRole('button', { name: 'Actualizar', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('Santiago de Cali');
  const updated = (await (await getDog(page.request, created.id)).json()) as ApiDog;
  expect(updated).toMatchObject({ city: 'Santiago de Cali', personality: 'Tranquilo en casa' });

  // Delete: cancelling the confirmation keeps the dog.
  await card.getByRole('button', { name: 'EDITAR', exact: true }).click();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const confirm = dialog(page, /eliminar/i);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar', exact: true }).click();
  await expect(confirm).toBeHidden();
  expect((await getDog(page.request, created.id)).status()).toBe(200);

  // …and confirming deletes it.
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /^(sí, )?eliminar$/i }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(adoptSection(page).getByRole('img', { name: dog.name, exact: true })).toHaveCount(0);
  expect((await getDog(page.request, created.id)).status()).toBe(404);
});

test("another user's dog shows 'Info Dog' and, read-only, the owner's name and e-mail", async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const viewer = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  await loginBrowser(page, viewer.user);
  await page.goto('/');
  await expect(control(page, 'SALIR')).toBeVisible();
  await waitForDogs(page);

  const card = dogCard(page, dog.name);
  await expect(card.getByRole('button', { name: 'EDITAR', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Info Dog', exact: true }).click();

  const modal = dialog(page, `Información de ${dog.name}`);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(owner.user.name);
  await expect(modal).toContainText(owner.user.email);
  await expect(field(modal, 'Nombre')).not.toBeEditable();
  await expect(field(modal, 'Ciudad')).toHaveValue(dog.city);
  await expect(control(modal, 'Contacto info')).toHaveCount(0);
  for (const name of ['Publicar', 'Actualizar', 'Eliminar']) {
    await expect(modal.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(modal).toBeHidden();
});

test("a logged-in user who presses 'DAR EN ADOPCIÓN' before the session is restored never sees 'No autorizado'", async ({
  page,
  makeAccount,
}) => {
  const { user } = await makeAccount();
  await loginBrowser(page, user);
  // A slow network: the session check answers 1.5 s after the page is usable.
  await page.route('**/api/user/me', async (route) => {
    const response = await route.fetch();
    await new Promise((done) => setTimeout(done, 1_500));
    await route.fulfill({ response });
  });
  await page.goto('/');
  await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
  const unauthorized = dialog(page, 'No autorizado');
  const create = dialog(page, 'Publicar en adopción');
  await expect(unauthorized.or(create)).toBeVisible({ timeout: 10_000 });
  await expect(unauthorized, "a logged-in user is never told 'No autorizado'").toHaveCount(0);
  await expect(create).toBeVisible();
});

// From listing to adoption: a visitor sends "Me interesa" from a dog's page (logging in on the
// way), the owner finds it in Mis publicaciones (counted in the bar), moves it to review and marks
// the dog adopted, and the dog leaves the carousel while its page stays with the badge. Axe checks
// Mis publicaciones with a request on it. Guardados: the heart saves a dog, the list shows it
// (adopted ones with their badge) and forgets it; axe checks it too.
import type { Page } from '@playwright/test';
import { createDog, newDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import {
  adoptSection,
  loginThroughForm,
  pathname,
  untilInteractive,
  waitForDogs,
} from './support/ui';

const MESSAGE = 'Hola, vivo en Cali con patio grande y tengo tiempo para pasearlo todos los días.';

test('a visitor sends "Me interesa"; the owner reviews it, marks the dog adopted and it leaves the carousel', async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const visitor = await makeAccount();
  const dog = await createDog(owner.api, newDog());

  // The visitor, not logged in yet: "Me interesa" asks to log in and comes back to the dog.
  await page.goto(`/perros/${dog.id}`);
  const interested = page.getByRole('button', { name: 'Me interesa', exact: true });
  await untilInteractive(interested);
  await interested.click();
  await expect.poll(() => pathname(page)).toBe('/entrar');
  await loginThroughForm(page, visitor.user);
  await expect.poll(() => pathname(page)).toBe(`/perros/${dog.id}`);

  await page.getByRole('button', { name: 'Me interesa', exact: true }).click();
  const form = page.getByRole('form', { name: `Solicitud por ${dog.name}` });
  await form.getByRole('textbox', { name: /Tu mensaje/ }).fill(MESSAGE);
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Ya enviaste una solicitud' }),
  ).toContainText('Recibida');
  await expect(page.getByRole('button', { name: 'Me interesa', exact: true })).toHaveCount(0);

  // The owner: the bar counts the new request; Mis publicaciones shows it.
  await loginBrowser(page, owner.user);
  await page.goto('/');
  const myDogsLink = page.getByRole('link', { name: 'Mis publicaciones: 1 solicitud nueva' });
  await expect(myDogsLink).toBeVisible();
  await untilInteractive(myDogsLink);
  await myDogsLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mis publicaciones' })).toBeVisible();
  const listing = page
    .getByRole('list', { name: 'Mis perros' })
    .getByRole('article', { name: dog.name });
  const requests = listing.getByRole('region', { name: `Solicitudes por ${dog.name}` });
  await expect(requests).toContainText(visitor.user.name);
  await expect(requests).toContainText(MESSAGE);
  await expect(requests.getByRole('link', { name: visitor.user.email })).toBeVisible();
  await expectNoAxeViolations(page, '/mis-perros with a new request');

  await requests.getByRole('button', { name: 'Pasar a revisión' }).click();
  await expect(
    requests.locator('.mantine-Badge-label').getByText('En revisión', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mis publicaciones', exact: true })).toBeVisible();

  const status = listing.getByRole('combobox', { name: `Estado de ${dog.name}` });
  await status.selectOption({ label: '¡Adoptado!' });
  await expect(page.getByText(`¡Qué alegría! ${dog.name} ya no aparece`)).toBeVisible();
  await expect(listing.getByText('¡Adoptado!', { exact: true }).first()).toBeVisible();

  // The carousel no longer shows it; its page stays, with the badge and no contact.
  await page.goto('/');
  await waitForDogs(page);
  await expect(adoptSection(page).getByRole('img', { name: dog.name, exact: true })).toHaveCount(0);
  await page.goto(`/perros/${dog.id}`);
  await expect(page.getByRole('heading', { level: 1, name: dog.name })).toBeVisible();
  await expect(page.getByText('¡Ya encontró hogar!')).toBeVisible();
});

test('Guardados: a visitor logs in first, saves a dog with the heart, finds it (adopted, shown as such) and forgets it', async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const visitor = await makeAccount();
  const dog = await createDog(owner.api, newDog());

  // Anonymous: the page sends to /entrar, which brings the visitor back.
  await page.goto('/guardados');
  await expect.poll(() => pathname(page)).toBe('/entrar');
  await loginThroughForm(page, visitor.user);
  await expect.poll(() => pathname(page)).toBe('/guardados');
  await expect(page.getByText('Todavía no guardaste ningún perro.')).toBeVisible();

  // The heart on the dog's page saves it.
  await page.goto(`/perros/${dog.id}`);
  const heart = page.getByRole('button', { name: `Guardar a ${dog.name}` });
  await untilInteractive(heart);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // The heart answers at once; the server's answer is awaited before leaving the page.
  await Promise.all([favoriteSaved(page, 'PUT', dog.id), heart.click()]);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // Adopted meanwhile: still in Guardados, with its badge.
  const adopted = await owner.api.put(`/api/dog/${dog.id}`, {
    data: { name: dog.name, city: dog.city, status: 'adopted' },
  });
  expect(adopted.status()).toBe(200);
  await page.goto('/guardados');
  const card = page
    .getByRole('list', { name: 'Perros guardados' })
    .getByRole('article', { name: dog.name });
  await expect(card).toBeVisible();
  await expect(card.getByText('¡Adoptado!', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/guardados');

  // The heart on the card forgets it: the card leaves the list, and a reload agrees.
  const cardHeart = card.getByRole('button', { name: `Guardar a ${dog.name}` });
  await untilInteractive(cardHeart);
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
  await Promise.all([favoriteSaved(page, 'DELETE', dog.id), cardHeart.click()]);
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Todavía no guardaste ningún perro.')).toBeVisible();
});

/** Resolves when the server has answered a heart's PUT or DELETE /api/me/favorites/:dogId. */
function favoriteSaved(page: Page, method: 'PUT' | 'DELETE', dogId: number) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === method &&
      new URL(response.url()).pathname === `/api/me/favorites/${dogId}` &&
      response.ok(),
  );
}

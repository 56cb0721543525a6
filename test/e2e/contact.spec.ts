// 'Contacto info' → /entrar → login → the chosen dog opens read-only → closing clears contactDogId.
import { createDog, newDog } from './support/api';
import { expect, test } from './support/fixtures';
import {
  control,
  dialog,
  dogCard,
  loginThroughForm,
  pathname,
  waitForDogs,
  field,
} from './support/ui';

const storedContactId = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.localStorage.getItem('contactDogId'));

test("'Contacto info' sends a visitor to log in, then opens that dog read-only; closing clears contactDogId", async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const visitor = await makeAccount();
  const dog = await createDog(owner.api, newDog());

  await page.goto('/');
  await waitForDogs(page);
  await dogCard(page, dog.name).getByRole('button', { name: 'Info Dog', exact: true }).click();
  const before = dialog(page, `Información de ${dog.name}`);
  await control(before, 'Contacto info').click();

  await expect.poll(() => pathname(page)).toBe('/entrar');
  expect(await storedContactId(page)).toBe(String(dog.id));

  await loginThroughForm(page, visitor.user);
  await expect.poll(() => pathname(page)).toBe('/');
  const modal = dialog(page, `Información de ${dog.name}`);
  await expect(modal).toBeVisible();
  await expect(field(modal, 'Nombre')).not.toBeEditable();
  await expect(modal).toContainText(owner.user.email);
  await expect(modal).toContainText(owner.user.name);

  await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect.poll(() => storedContactId(page)).toBeNull();

  await page.reload();
  await expect(control(page, 'SALIR')).toBeVisible();
  await waitForDogs(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the contact resume also opens a dog that is not in the first loaded page', async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const visitor = await makeAccount();
  const old = await createDog(owner.api, newDog());
  // 25 newer dogs push it out of the first page of 24.
  for (let i = 0; i < 25; i++) await createDog(owner.api, newDog());

  await page.goto('/entrar');
  await page.evaluate((id) => window.localStorage.setItem('contactDogId', String(id)), old.id);
  await page.reload();
  await loginThroughForm(page, visitor.user);
  await expect.poll(() => pathname(page)).toBe('/');
  const modal = dialog(page, `Información de ${old.name}`);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(owner.user.email);
  await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect.poll(() => storedContactId(page)).toBeNull();
});

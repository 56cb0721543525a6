// WCAG 2.2 AA: axe-core on every page, dog-modal mode and alert; Spanish accessible names;
// alt text; target sizes; form errors tied to their fields.
import { createDog, listDogs, newDog } from './support/api';
import {
  expectNoAxeViolations,
  expectSpanishAnnouncements,
  expectSpanishNames,
  expectTargetSizes,
} from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import {
  adoptSection,
  cardImages,
  control,
  dialog,
  dogCard,
  loginThroughForm,
  settle,
  waitForDogs,
  field,
} from './support/ui';

test.describe('axe-core finds no WCAG 2.2 AA violations', () => {
  test('on the landing page, logged out and logged in', async ({ page, makeAccount }) => {
    await page.goto('/');
    await waitForDogs(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await settle(page);
    await expectNoAxeViolations(page, '/ (visitor)');

    const { user } = await makeAccount();
    await loginBrowser(page, user);
    await page.reload();
    await expect(control(page, 'SALIR')).toBeVisible();
    await waitForDogs(page);
    await settle(page);
    await expectNoAxeViolations(page, '/ (logged in)');
  });

  test('on /entrar and /registrarse, also while showing an error', async ({ page }) => {
    await page.goto('/entrar');
    await expect(field(page, 'Correo electrónico')).toBeVisible();
    await expectNoAxeViolations(page, '/entrar');
    await loginThroughForm(page, { email: 'nadie@example.com', password: 'no-es-la-clave' });
    await expect(page.getByText('Correo o contraseña incorrectos', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, '/entrar with the login error');

    await page.goto('/registrarse');
    await expect(field(page, 'Repetir contraseña')).toBeVisible();
    await expectNoAxeViolations(page, '/registrarse');
  });

  test("on the 'No autorizado' alert", async ({ page }) => {
    await page.goto('/');
    await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
    await expect(dialog(page, 'No autorizado')).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, "the 'No autorizado' alert");
    await expectSpanishNames(dialog(page, 'No autorizado'), "the 'No autorizado' alert");
  });

  test('on each dog-modal mode: create, edit, view and view as a visitor', async ({
    page,
    makeAccount,
  }) => {
    // Four modal modes, each with a full axe run: more work than one journey's time budget.
    test.slow();
    const owner = await makeAccount();
    const viewer = await makeAccount();
    const othersDog = await createDog(owner.api, newDog());
    const ownDog = await createDog(viewer.api, newDog());

    // View as a visitor.
    await page.goto('/');
    await waitForDogs(page);
    await dogCard(page, othersDog.name)
      .getByRole('button', { name: 'Info Dog', exact: true })
      .click();
    let modal = dialog(page, `Información de ${othersDog.name}`);
    await expect(modal).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, 'the view modal (visitor)');
    await expectSpanishNames(modal, 'the view modal (visitor)');
    await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(modal).toBeHidden();

    await loginBrowser(page, viewer.user);
    await page.reload();
    // The session is restored by GET /api/user/me after the page loads.
    await expect(control(page, 'SALIR')).toBeVisible();
    await waitForDogs(page);

    // Create.
    await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
    modal = dialog(page, 'Publicar en adopción');
    await expect(modal).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, 'the create modal');
    await expectSpanishNames(modal, 'the create modal');
    await expectTargetSizes(page, 'the create modal');
    await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(modal).toBeHidden();

    // Edit (own dog).
    await dogCard(page, ownDog.name).getByRole('button', { name: 'EDITAR', exact: true }).click();
    modal = dialog(page, `Editar información de ${ownDog.name}`);
    await expect(modal).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, 'the edit modal');
    await expectSpanishNames(modal, 'the edit modal');

    // The delete confirmation on top of it.
    await modal.getByRole('button', { name: 'Eliminar', exact: true }).click();
    const confirm = dialog(page, /eliminar/i);
    await expect(confirm).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, 'the delete confirmation');
    await expectSpanishNames(confirm, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(modal).toBeHidden();

    // View (another user's dog, logged in: owner contact shown).
    await dogCard(page, othersDog.name)
      .getByRole('button', { name: 'Info Dog', exact: true })
      .click();
    modal = dialog(page, `Información de ${othersDog.name}`);
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(owner.user.email);
    await settle(page);
    await expectNoAxeViolations(page, 'the view modal (logged in)');
    await expectSpanishNames(modal, 'the view modal (logged in)');
  });
});

test('every control has a Spanish accessible name and every target is at least 24 × 24 px', async ({
  page,
}) => {
  await page.goto('/');
  await waitForDogs(page);
  await expectSpanishNames(page.locator('body'), '/');
  await expectSpanishAnnouncements(page, '/');
  await expectTargetSizes(page, '/');

  for (const path of ['/entrar', '/registrarse']) {
    await page.goto(path);
    await expect(field(page, 'Correo electrónico')).toBeVisible();
    await expectSpanishNames(page.locator('body'), path);
    await expectTargetSizes(page, path);
  }
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the landing page has no axe violations and Spanish names with the burger menu open', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForDogs(page);
    await settle(page);
    await expectNoAxeViolations(page, '/ at 390 px');
    await page
      .getByRole('button', { name: /men[uú]|navegaci[oó]n/i })
      .first()
      .click();
    await expect(control(page, 'INICIO').first()).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, '/ at 390 px with the menu open');
    await expectSpanishNames(page.locator('body'), '/ at 390 px with the menu open');
    await expectTargetSizes(page, '/ at 390 px with the menu open');
  });
});

test("every dog picture's alt text is the dog's name", async ({ page, request }) => {
  await page.goto('/');
  // Near the screen, the carousel hydrates and holds the whole first page, not only the slides
  // of the server's HTML.
  await adoptSection(page).scrollIntoViewIfNeeded();
  await waitForDogs(page);
  const dogs = await listDogs(request);
  const names = new Set(dogs.map((d) => d.name));
  const alts = await cardImages(page).evaluateAll((imgs) =>
    imgs.map((img) => img.getAttribute('alt')),
  );
  expect(alts.length).toBeGreaterThan(0);
  for (const alt of alts) expect(names, `alt "${alt}" names a listed dog`).toContain(alt);
  for (const dog of dogs.slice(0, 6)) {
    await expect(page.getByRole('img', { name: dog.name, exact: true }).first()).toBeAttached();
  }
});

test('form errors are announced and tied to their fields', async ({ page, makeAccount }) => {
  // Login: the server's message is announced.
  await page.goto('/entrar');
  await loginThroughForm(page, { email: 'nadie@example.com', password: 'no-es-la-clave' });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos' }),
  ).toBeVisible();

  // Register: different passwords are reported either as an announced message or on the
  // 'Repetir contraseña' field itself.
  await page.goto('/registrarse');
  await field(page, 'Nombre completo').fill('Ana Pérez');
  await field(page, 'Correo electrónico').fill('ana.perez@example.com');
  await field(page, 'Contraseña').fill('una-clave-larga');
  const repeat = field(page, 'Repetir contraseña');
  await repeat.fill('otra-clave-larga');
  await page
    .getByRole('checkbox', { name: 'Acepto la política de tratamiento de datos personales' })
    .check();
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  const announced = page.getByRole('alert').filter({ hasText: 'Las contraseñas no coinciden' });
  await expect(announced.or(page.getByText('Las contraseñas no coinciden')).first()).toBeVisible();
  if ((await announced.count()) === 0) {
    await expect(repeat).toHaveAttribute('aria-invalid', 'true');
    await expect(repeat).toHaveAccessibleDescription(/Las contraseñas no coinciden/);
  }

  // A too-short password is flagged on its field before anything is sent.
  await field(page, 'Nombre completo').fill('Ana Pérez');
  await field(page, 'Correo electrónico').fill('ana.perez@example.com');
  const password = field(page, 'Contraseña');
  await password.fill('corta');
  await repeat.fill('corta');
  await page.getByRole('button', { name: 'REGISTRESE', exact: true }).click();
  const flagged = page.getByRole('alert').filter({ hasText: /8 caracteres/ });
  await expect(flagged.or(page.getByText(/al menos 8 caracteres/).last()).first()).toBeVisible();
  if ((await flagged.count()) === 0) {
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/8 caracteres/);
  }

  // The dog form: a missing name is flagged on the field and describes it.
  const { user } = await makeAccount();
  await loginBrowser(page, user);
  await page.goto('/');
  await expect(control(page, 'SALIR')).toBeVisible();
  await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
  const modal = dialog(page, 'Publicar en adopción');
  await expect(modal).toBeVisible();
  await field(modal, 'Ciudad').fill('Cali');
  await modal.getByRole('button', { name: 'Publicar', exact: true }).click();
  const name = field(modal, 'Nombre');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/nombre/i);
  await expect(modal).toBeVisible();
});

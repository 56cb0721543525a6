// Organizations in the browser: a rescuer registers a foundation and edits it, invites a
// volunteer by e-mail, the volunteer accepts the link from the outbox and publishes a dog for the
// foundation from the dog form, an admin (made with `npm run admin -- grant`) verifies it from
// /admin, and the "Verificada" badge shows on its page and on the dog's. The new pages pass axe.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { newDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { control, dialog, field, fillDogForm, pathname, untilInteractive } from './support/ui';

// On the embedded database `npm run admin` needs the server stopped (DATA_DIR's lock); the
// journey goes through three accounts and seven pages, with axe on five of them.
test.setTimeout(240_000);

/** The invitation link in the newest e-mail to `email` in the outbox. */
async function invitationLink(outboxDir: string, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const mail = await simpleParser(await readFile(join(outboxDir, file)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          const found = /https?:\/\/\S+(\/fundaciones\/invitacion\/[A-Za-z0-9_-]{43})/.exec(
            mail.text ?? '',
          );
          if (to === email && found) {
            link = found[1];
            return true;
          }
        }
        return false;
      },
      { message: `an invitation to ${email} in ${outboxDir}` },
    )
    .toBe(true);
  return link!;
}

test('a foundation invites a volunteer, who publishes a dog for it; an admin verifies it', async ({
  page,
  browser,
  makeAccount,
  server,
  baseURL,
}) => {
  const founder = await makeAccount();
  const volunteer = await makeAccount();
  const admin = await makeAccount();
  const orgName = `Fundación Huellitas ${Date.now().toString(36)}`;

  // The founder registers the foundation from /fundaciones.
  await loginBrowser(page, founder.user);
  await page.goto('/fundaciones');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Fundaciones y rescatistas' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/fundaciones');
  await page.getByRole('link', { name: 'Registrar mi fundación o grupo de rescate' }).click();
  const form = page.getByRole('form', { name: 'Registrar una organización' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page, '/fundaciones/nueva');
  await control(form, 'Registrar organización').click();
  await expect(form.getByText('Elige si es fundación, rescatista o refugio')).toBeVisible();
  await field(form, 'Nombre').fill(orgName);
  await form.getByRole('combobox', { name: /Tipo/ }).selectOption('fundacion');
  await form.getByRole('combobox', { name: /Zona/ }).selectOption('cali-comuna-17');
  await field(form, 'Descripción').fill('Rescatamos perros de la calle en el sur de Cali.');
  await control(form, 'Registrar organización').click();
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  const orgUrl = pathname(page);
  expect(orgUrl).toMatch(/^\/fundaciones\/fundacion-huellitas-[a-z0-9]+$/);
  await expect(
    page.getByText('El equipo de Happy Dog todavía no ha verificado esta organización.'),
  ).toBeVisible();

  // The founder edits its description from the page (the server draws the edit page), with the
  // registration's form filled in.
  await expect(page.getByRole('link', { name: 'Editar datos' })).toHaveAttribute(
    'href',
    `${orgUrl}/editar`,
  );
  await page.goto(`${orgUrl}/editar`);
  const edit = page.getByRole('form', { name: 'Editar la organización' });
  await untilInteractive(field(edit, 'Descripción'));
  await expect(field(edit, 'Nombre')).toHaveValue(orgName);
  await field(edit, 'Descripción').fill('Rescatamos perros en el sur de Cali y en Jamundí.');
  await control(edit, 'Guardar cambios').click();
  await expect(page).toHaveURL(new RegExp(`${orgUrl}$`));
  await expect(page.getByText('Rescatamos perros en el sur de Cali y en Jamundí.')).toBeVisible();

  // The founder invites the volunteer by e-mail.
  await page.getByRole('link', { name: 'Administrar integrantes' }).click();
  const invite = page.getByRole('form', { name: 'Invitar a una persona' });
  await expect(invite).toBeVisible();
  await expectNoAxeViolations(page, 'integrantes');
  await field(invite, 'Correo de la persona').fill(volunteer.user.email);
  await control(invite, 'Enviar invitación').click();
  await expect(page.getByRole('list', { name: 'Invitaciones pendientes' })).toContainText(
    volunteer.user.email,
  );

  // The volunteer opens the e-mailed link, logged in, and accepts.
  const link = await invitationLink(server.outboxDir, volunteer.user.email);
  const volunteerContext = await browser.newContext({ baseURL });
  const volunteerPage = await volunteerContext.newPage();
  try {
    await loginBrowser(volunteerPage, volunteer.user);
    await volunteerPage.goto(link);
    await expect(
      volunteerPage.getByRole('heading', { name: `Te invitaron a ${orgName}` }),
    ).toBeVisible();
    await expectNoAxeViolations(volunteerPage, 'invitación');
    await control(volunteerPage, 'Aceptar la invitación').click();
    await expect(volunteerPage.getByRole('list', { name: 'Integrantes' })).toContainText(
      volunteer.user.email,
    );

    // … and publishes a dog for the foundation from the dog form.
    await volunteerPage.goto('/');
    await expect(control(volunteerPage, 'SALIR')).toBeVisible();
    await control(volunteerPage.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
    const create = dialog(volunteerPage, 'Publicar en adopción');
    const dog = newDog({ personality: 'Tranquila, esterilizada, vacunada, sin costo.' });
    await fillDogForm(create, dog);
    await create.getByRole('combobox', { name: /Publicar a nombre de/ }).selectOption({
      label: orgName,
    });
    await create.getByRole('button', { name: 'Publicar', exact: true }).click();
    await expect(create).toBeHidden();

    // An admin verifies the foundation from /admin.
    await server.admin(['grant', admin.user.email]);
    await loginBrowser(page, admin.user);
    await page.goto('/admin');
    const waiting = page.getByRole('region', { name: 'Organizaciones por verificar' });
    await expect(waiting.getByText(orgName)).toBeVisible();
    await control(waiting, `Verificar ${orgName}`).click();
    await expect(page.getByText(`${orgName} quedó verificada.`)).toBeVisible();
    await expect(waiting.getByText(orgName)).toBeHidden();

    // The badge shows on its page, with the volunteer's dog, and on the dog's page.
    await page.goto(orgUrl);
    const main = page.getByRole('main');
    await expect(main.getByText('Verificada').first()).toBeVisible();
    const dogs = main.getByRole('list', { name: 'Perros de la organización' });
    await expect(dogs.getByRole('link', { name: dog.name })).toBeVisible();
    await expectNoAxeViolations(page, orgUrl);
    await dogs.getByRole('link', { name: dog.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: dog.name })).toBeVisible();
    const publishedBy = page.getByRole('link', { name: orgName });
    await expect(publishedBy).toHaveAttribute('href', orgUrl);
    await expect(page.locator('p', { has: publishedBy })).toContainText('Verificada');
  } finally {
    await volunteerContext.close();
  }
});

test('/adoptar-seguro is in the footer and passes axe', async ({ page }) => {
  await page.goto('/privacidad');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Adoptar seguro' });
  // A click while the page is still hydrating can be lost; the journey clicks once it answers.
  await untilInteractive(link);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adoptar seguro' })).toBeVisible();
  await expect(page.getByText('Nunca pagas antes de conocer al perro.')).toBeVisible();
  await expectNoAxeViolations(page, '/adoptar-seguro');
});

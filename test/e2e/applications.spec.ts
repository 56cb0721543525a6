// The adoption application, end to end: the applicant fills the "Perfil de adoptante" in
// /cuenta, applies for a dog not yet sterilized (the form says what that needs), the rescuer
// reads the profile in the pipeline and moves the application to approved, past the interview,
// and the applicant sees the timeline in /mis-solicitudes. Axe checks the profile section and
// /mis-solicitudes.
import { createDog, newDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { untilInteractive } from './support/ui';

const MESSAGE = 'Hola, trabajo desde casa y tengo tiempo para pasearlo todos los días.';

test('profile → application → the rescuer approves it → the applicant sees the timeline', async ({
  page,
  makeAccount,
}) => {
  const rescuer = await makeAccount();
  const applicant = await makeAccount();
  const dog = await createDog(rescuer.api, newDog({ sterilized: false }));

  // The applicant fills the adopter profile.
  await loginBrowser(page, applicant.user);
  await page.goto('/cuenta');
  const profile = page.getByRole('form', { name: 'Perfil de adoptante' });
  await untilInteractive(profile.getByRole('button', { name: 'Guardar perfil de adoptante' }));
  await expectNoAxeViolations(page, '/cuenta with the adopter profile');
  await profile.getByRole('radio', { name: 'Casa' }).check();
  await profile.getByRole('radio', { name: 'Propia' }).check();
  await profile.getByRole('textbox', { name: /Adultos en el hogar/ }).fill('2');
  await profile.getByRole('textbox', { name: /Horas solo al día/ }).fill('4');
  await profile.getByRole('textbox', { name: /Dónde dormirá/ }).fill('Dentro de la casa');
  await profile.getByRole('combobox', { name: /Zona/ }).selectOption('cali-comuna-19');
  await profile.getByRole('checkbox', { name: 'Todos en el hogar están de acuerdo' }).check();
  await profile.getByRole('checkbox', { name: 'Me comprometo a esterilizarlo' }).check();
  await profile.getByRole('checkbox', { name: 'Acepto el seguimiento' }).check();
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/me/adopter-profile') && res.request().method() === 'PUT',
  );
  await profile.getByRole('button', { name: 'Guardar perfil de adoptante' }).click();
  expect((await saved).status()).toBe(200);

  // The application: the form says the dog is not sterilized and that the profile goes along.
  await page.goto(`/perros/${dog.id}`);
  const interested = page.getByRole('button', { name: 'Me interesa', exact: true });
  await untilInteractive(interested);
  await interested.click();
  const form = page.getByRole('form', { name: `Solicitud por ${dog.name}` });
  await expect(form.getByText(`${dog.name} aún no está esterilizado`)).toBeVisible();
  await expect(form.getByText(/Con tu solicitud enviaremos tu perfil de adoptante/)).toBeVisible();
  await form.getByRole('textbox', { name: /Tu mensaje/ }).fill(MESSAGE);
  await form.getByRole('textbox', { name: 'Tu celular (opcional)' }).fill('300 123 4567');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Ya enviaste una solicitud' }),
  ).toContainText('Recibida');

  // The rescuer reads the profile in the pipeline and approves, past the interview.
  await loginBrowser(page, rescuer.user);
  await page.goto('/mis-perros');
  const requests = page
    .getByRole('list', { name: 'Mis perros' })
    .getByRole('article', { name: dog.name })
    .getByRole('region', { name: `Solicitudes por ${dog.name}` });
  const toReview = requests.getByRole('region', { name: `Por revisar (${dog.name})` });
  await expect(toReview).toContainText('Casa propia, en Cali – Comuna 19');
  await expect(toReview.getByRole('link', { name: /Escribir por WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/573001234567\?text=/,
  );
  const approve = toReview.getByRole('button', { name: 'Aprobar' });
  await untilInteractive(approve);
  const moved = page.waitForResponse(
    (res) => res.url().includes('/api/interest/') && res.request().method() === 'PATCH',
  );
  await approve.click();
  expect((await moved).status()).toBe(200);
  await expect(requests.getByRole('region', { name: `Aprobadas (${dog.name})` })).toBeVisible();

  // The applicant sees the timeline and what happens next.
  await loginBrowser(page, applicant.user);
  await page.goto('/mis-solicitudes');
  const application = page.getByRole('article', { name: dog.name });
  await expect(application.locator('.mantine-Badge-label')).toHaveText('Aprobada');
  const timeline = application.getByRole('list', {
    name: `Historia de tu solicitud por ${dog.name}`,
  });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(0)).toContainText('Recibida');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Aprobada');
  await expect(application).toContainText('Tu solicitud fue aprobada.');
  await untilInteractive(application.getByRole('button', { name: 'Retirar solicitud' }));
  await expectNoAxeViolations(page, '/mis-solicitudes');
});

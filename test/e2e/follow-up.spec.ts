// The follow-up of an adoption, end to end: the rescuer closes the adoption from the approved
// application in Mis publicaciones, the adopter reads and accepts the acta, the check-in e-mail
// the server wrote to its outbox opens /seguimiento/<token> without login, the adopter answers
// with a photo, agrees to share it, and the dog's page shows "Así está hoy". Axe checks the
// adoption page and the check-in page. The rescuer cancels a pending adoption from its page and
// the adopter's link then says so; an adoption outlives its dog's deleted listing.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { makeJpegPhoto } from '../support/photos';
import { createDog, newDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { untilInteractive } from './support/ui';

const PROFILE = {
  housing: 'house',
  owns_home: true,
  adults: 2,
  children: 0,
  household_agrees: true,
  other_animals: '',
  experience: '',
  hours_alone: 3,
  sleeps_where: 'Dentro de la casa',
  zone: 'cali-comuna-19',
  will_sterilize: true,
  accepts_follow_up: true,
};

/** The check-in link e-mailed to `email`, once the follow-up job wrote it to the outbox. */
async function checkinLink(outboxDir: string, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (const file of await readdir(outboxDir).catch(() => [] as string[])) {
          if (!file.includes('-checkin-')) continue;
          const mail = await simpleParser(await readFile(join(outboxDir, file)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          const found = /\/seguimiento\/[A-Za-z0-9_-]+/.exec(mail.text ?? '');
          if (to === email && found) {
            link = found[0];
            return true;
          }
        }
        return false;
      },
      // The job runs once a minute.
      { timeout: 90_000, intervals: [1000], message: `a check-in e-mail to ${email}` },
    )
    .toBe(true);
  return link;
}

test('close → accept the acta → answer the e-mailed check-in with a photo → "Así está hoy"', async ({
  page,
  makeAccount,
  server,
}) => {
  test.setTimeout(180_000);
  const rescuer = await makeAccount();
  const adopter = await makeAccount();
  const dog = await createDog(rescuer.api, newDog({ sterilized: false }));
  expect((await adopter.api.put('/api/me/adopter-profile', { data: PROFILE })).status()).toBe(200);
  const applied = await adopter.api.post(`/api/dog/${dog.id}/interest`, {
    data: { message: 'Hola, trabajo desde casa y tengo tiempo para pasearlo.' },
  });
  expect(applied.status()).toBe(201);
  const interestId = ((await applied.json()) as { interest: { id: number } }).interest.id;
  const approved = await rescuer.api.patch(`/api/interest/${interestId}`, {
    data: { state: 'approved' },
  });
  expect(approved.status()).toBe(200);

  // The rescuer closes the adoption from the approved application.
  await loginBrowser(page, rescuer.user);
  await page.goto('/mis-perros');
  const close = page.getByRole('button', { name: `Cerrar adopción con ${adopter.user.name}` });
  await untilInteractive(close);
  await close.click();
  await expect(page).toHaveURL(/\/adopciones\/\d+$/);
  const adoptionPath = new URL(page.url()).pathname;
  await expect(
    page.getByText(`Esperando que ${adopter.user.name} lea y acepte el acta.`),
  ).toBeVisible();

  // The adopter reads and accepts the acta.
  await loginBrowser(page, adopter.user);
  await page.goto(adoptionPath);
  await expect(
    page.getByRole('heading', { level: 1, name: `Adopción de ${dog.name}` }),
  ).toBeVisible();
  const read = page.getByRole('checkbox', { name: /Leí el acta/ });
  await untilInteractive(read);
  await expectNoAxeViolations(page, '/adopciones/$id with the acta to accept');
  await read.check();
  const accepted = page.waitForResponse(
    (res) => res.url().endsWith('/accept') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Aceptar el acta' }).click();
  expect((await accepted).status()).toBe(200);
  await expect(page.getByText(/Aceptada el .* \(versión/)).toBeVisible();

  // The check-in e-mail's link works without login.
  const link = await checkinLink(server.outboxDir, adopter.user.email);
  await page.context().clearCookies();
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Seguimiento' });
  await expect(
    page.getByRole('heading', { level: 1, name: `¿Cómo está ${dog.name}?` }),
  ).toBeVisible();
  await untilInteractive(form.getByRole('button', { name: 'Enviar seguimiento' }));
  await expectNoAxeViolations(page, '/seguimiento/$token');
  await form.getByRole('radio', { name: 'Todo bien' }).check();
  await form
    .getByRole('textbox', { name: /Cuéntanos/ })
    .fill('Duerme en el sofá y ya aprendió a sentarse.');
  await form.getByLabel(/Fotos de/).setInputFiles({
    name: 'hoy.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpegPhoto(640, 480),
  });
  await expect(form.getByRole('img', { name: new RegExp(`Foto de ${dog.name}`) })).toBeVisible();
  const answered = page.waitForResponse(
    (res) =>
      res.url().includes('/api/checkins/') &&
      res.request().method() === 'POST' &&
      !res.url().endsWith('/photos'),
  );
  await form.getByRole('button', { name: 'Enviar seguimiento' }).click();
  expect((await answered).status()).toBe(201);
  await expect(page.getByText(/Nos alegra saber que todo va bien/)).toBeVisible();
  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('Este seguimiento ya fue respondido');

  // The adopter agrees to share it; the dog's page shows it.
  await loginBrowser(page, adopter.user);
  await page.goto(adoptionPath);
  await expect(page.getByRole('list', { name: `Seguimientos de ${dog.name}` })).toContainText(
    'Todo bien',
  );
  const share = page.getByRole('switch', {
    name: new RegExp(`Mostrar la última foto de ${dog.name}`),
  });
  await untilInteractive(share);
  const consent = page.waitForResponse(
    (res) =>
      res.url().endsWith(adoptionPath.replace('/adopciones/', '/api/adoptions/')) &&
      res.request().method() === 'PATCH',
  );
  // Switched once the server saved it.
  await share.click();
  expect((await consent).status()).toBe(200);
  await expect(share).toBeChecked();

  await page.context().clearCookies();
  await page.goto(`/perros/${dog.id}`);
  const today = page.getByRole('region', { name: 'Así está hoy' });
  await expect(today.getByRole('img', { name: `${dog.name} en su nuevo hogar` })).toBeVisible();
});

test('the rescuer cancels a pending adoption; the adopter’s link says so; a deleted listing keeps the adoption', async ({
  page,
  makeAccount,
}) => {
  const rescuer = await makeAccount();
  const adopter = await makeAccount();
  const dog = await createDog(rescuer.api, newDog({ sterilized: false }));
  expect((await adopter.api.put('/api/me/adopter-profile', { data: PROFILE })).status()).toBe(200);
  const applied = await adopter.api.post(`/api/dog/${dog.id}/interest`, {
    data: { message: 'Hola, trabajo desde casa y tengo tiempo para pasearlo.' },
  });
  const interestId = ((await applied.json()) as { interest: { id: number } }).interest.id;
  expect(
    (
      await rescuer.api.patch(`/api/interest/${interestId}`, { data: { state: 'approved' } })
    ).status(),
  ).toBe(200);
  const closeAdoption = async () => {
    const res = await rescuer.api.post(`/api/dog/${dog.id}/adoption`, {
      data: { interest_id: interestId },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { adoption: { id: number } }).adoption.id;
  };
  const first = await closeAdoption();

  // The rescuer cancels it, after confirming.
  await loginBrowser(page, rescuer.user);
  await page.goto(`/adopciones/${first}`);
  const cancel = page.getByRole('button', { name: 'Cancelar adopción' });
  await untilInteractive(cancel);
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: `¿Cancelar la adopción de ${dog.name}?` });
  const cancelled = page.waitForResponse((res) =>
    res.url().endsWith(`/api/adoptions/${first}/cancel`),
  );
  await dialog.getByRole('button', { name: 'Sí, cancelar la adopción' }).click();
  expect((await cancelled).status()).toBe(200);
  await expect(page.getByText(/canceló esta adopción el .*ya no puede aceptarse/)).toBeVisible();
  await expect(cancel).toBeHidden();

  // The adopter's link says it was cancelled; there is nothing to accept.
  await loginBrowser(page, adopter.user);
  await page.goto(`/adopciones/${first}`);
  await expect(
    page.getByText(
      new RegExp(`${rescuer.user.name} canceló esta adopción el .*ya no puede aceptarse`),
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aceptar el acta' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/adopciones/$id cancelled');

  // A new adoption of the same dog, accepted; then the listing is deleted: the adoption stays.
  const second = await closeAdoption();
  expect((await adopter.api.post(`/api/adoptions/${second}/accept`)).status()).toBe(200);
  expect((await rescuer.api.delete(`/api/dog/${dog.id}`)).status()).toBe(204);
  await page.goto(`/adopciones/${second}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Adopción de ${dog.name}` }),
  ).toBeVisible();
  await expect(
    page.getByText(
      `La publicación de ${dog.name} se eliminó; la adopción y su seguimiento se conservan.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver la página de/ })).toHaveCount(0);
  await page.goto('/cuenta');
  const mine = page.getByRole('list', { name: 'Perros que adoptaste' });
  await expect(mine.getByRole('link', { name: dog.name })).toHaveAttribute(
    'href',
    `/adopciones/${second}`,
  );
  await expect(mine).toContainText('publicación eliminada');
});

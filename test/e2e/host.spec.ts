// A host's first day: the demo data's dogs are marked "Ejemplo" and take no requests, so nobody
// writes to an address that no one reads.
import { DEMO_DOGS } from '../../src/server/seed/demo';
import { expect, loginBrowser, test } from './support/fixtures';
import { untilInteractive } from './support/ui';

test('a demo dog reads "Ejemplo" and offers no "Me interesa"', async ({
  page,
  server,
  makeAccount,
}) => {
  test.skip(server.postgres, 'A PostgreSQL server gets no demo dogs.');
  const visitor = await makeAccount();
  const demo = (
    (await (
      await page.request.get(
        `/api/dog?q=${encodeURIComponent(DEMO_DOGS[0]!.name)}&status=all&limit=50`,
      )
    ).json()) as Array<{
      id: number;
      name: string;
      city: string;
      demo?: boolean;
    }>
  ).find((dog) => dog.demo);
  expect(demo, 'a demo dog in the new database').toBeDefined();

  // Found among the worker's other dogs by its name and city, and told apart by its page.
  await page.goto(
    `/perros?q=${encodeURIComponent(demo!.name)}&city=${encodeURIComponent(demo!.city)}&status=all`,
  );
  const card = page
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/perros/${demo!.id}"]`) });
  await expect(card.getByText('Ejemplo', { exact: true })).toBeVisible();

  await loginBrowser(page, visitor.user);
  await page.goto(`/perros/${demo!.id}`);
  const notice = page.getByText(`${demo!.name} es un perro de ejemplo de la demostración`);
  await untilInteractive(page.getByRole('button', { name: 'SALIR' }));
  await expect(notice).toBeVisible();
  await expect(page.getByText('Ejemplo', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Me interesa' })).toHaveCount(0);
});

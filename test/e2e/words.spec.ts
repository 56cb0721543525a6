// Words: one form of address (tú) around the original site's fixed labels, a female dog's page and card say
// "adoptada", and the landing page carries a share preview (Open Graph title and image).
import { createDog, newDog } from './support/api';
import { expect, test } from './support/fixtures';

test('the landing page has an Open Graph title, image and canonical address', async ({
  request,
  server,
}) => {
  const origin = new URL(server.url).origin;
  for (const path of ['/', '/home']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(
      '<meta property="og:title" content="Happy Dog | Adopción de perros en Cali"',
    );
    expect(html, path).toContain(`<meta property="og:image" content="${origin}/og-image.png"`);
    expect(html, path).toContain(`<link rel="canonical" href="${origin}/"`);
  }
});

test('a female adopted dog reads "¡Adoptada!" and "fue adoptada"', async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const dog = await createDog(owner.api, newDog({ sex: 'female', status: 'adopted' }));
  await page.goto(`/perros/${dog.id}`);
  await expect(page.getByText('¡Adoptada!', { exact: true })).toBeVisible();
  await expect(page.getByText(`${dog.name} fue adoptada.`)).toBeVisible();
  await expect(page).toHaveTitle(`${dog.name} ¡Adoptada! | Happy Dog`);
});

test('the registration screen speaks as tú around the fixed labels', async ({ page }) => {
  await page.goto('/registrarse');
  await expect(page.getByRole('link', { name: '¿Ya tienes cuenta? Ingresa' })).toBeVisible();
});

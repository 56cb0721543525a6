// Finding a dog: the catalogue's filters live in the address (shared into a new browser context,
// restored by Back), a card opens the dog's page, whose served HTML carries the tags link
// previews read, a removed dog's page is a Spanish 404, and both pages pass axe.
import { randomBytes } from 'node:crypto';
import { createDog, newDog, type ApiDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { hasReactHandlers, holdScripts } from './support/ui';

/** A word no other test's dog has, so the catalogue's text search finds only this test's. */
// Twelve random letters: the search is fuzzy (trigrams), so words sharing a prefix, as other
// tests' words in the same database would, could match each other.
const uniqueWord = () =>
  Array.from(randomBytes(12), (b) => String.fromCharCode(97 + (b % 26))).join('');

const results = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Resultados' }).getByRole('heading', { level: 2 });

test('filters live in the address: a shared URL shows the same dogs, and Back restores the last filters', async ({
  page,
  browser,
  makeAccount,
  server,
}) => {
  const account = await makeAccount();
  const word = uniqueWord();
  const small = await createDog(
    account.api,
    newDog({ name: `Pulga ${word}`, personality: `Tranquila ${word}`, city: 'Palmira' }),
  );
  await account.api.put(`/api/dog/${small.id}`, {
    data: { name: small.name, city: small.city, size: 'small', sex: 'female' },
  });
  await createDog(account.api, {
    ...newDog({ name: `Titán ${word}`, city: 'Cali' }),
    size: 'large',
    sex: 'male',
  });

  await page.goto('/perros');
  // Whether the page is interactive yet or not: its fields keep what is typed into them.
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(word);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(results(page)).toHaveText([`Titán ${word}`, `Pulga ${word}`]);
  await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText(
    '2 perros encontrados',
  );

  // A select applies at once (or as soon as the page is interactive).
  await page.getByRole('combobox', { name: 'Tamaño' }).selectOption({ label: 'Pequeño' });
  await expect(page).toHaveURL(/[?&]size=small/);
  await expect(results(page)).toHaveText([`Pulga ${word}`]);
  await expect(page.getByText('1 perro encontrado')).toBeVisible();

  // The address alone brings the same list to someone else.
  const shared = page.url();
  const other = await browser.newContext({ baseURL: server.url });
  try {
    const visitor = await other.newPage();
    await visitor.goto(shared);
    await expect(results(visitor)).toHaveText([`Pulga ${word}`]);
    await expect(visitor.getByRole('combobox', { name: 'Tamaño' })).toHaveValue('small');
    await expect(visitor.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(word);
  } finally {
    await other.close();
  }

  // Back: the list before the size filter.
  await page.goBack();
  await expect(page).not.toHaveURL(/size=/);
  await expect(results(page)).toHaveText([`Titán ${word}`, `Pulga ${word}`]);

  // Nothing matches: the empty state offers to remove the filters.
  await page
    .getByRole('combobox', { name: 'Edad' })
    .selectOption({ label: 'Senior (más de 8 años)' });
  await expect(
    page.getByRole('heading', { name: 'No encontramos perros con estos filtros' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Quitar filtros' }).first().click();
  await expect(page).toHaveURL(/\/perros$/);
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
});

test('what a visitor types and chooses before the page is interactive is kept and applied', async ({
  page,
  makeAccount,
}) => {
  // A throttled CPU shared with the other worker's browser and server.
  test.slow();
  const account = await makeAccount();
  const word = uniqueWord();
  await createDog(account.api, { ...newDog({ name: `Pulga ${word}` }), size: 'small' });
  await createDog(account.api, { ...newDog({ name: `Titán ${word}` }), size: 'large' });

  // A slow phone whose app code arrives only after the visitor has typed and chosen: until then
  // the page is the server's HTML.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const releaseApp = await holdScripts(page);
  await page.goto('/perros', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(word);
  await page.getByRole('combobox', { name: 'Tamaño' }).selectOption({ label: 'Pequeño' });
  expect(await hasReactHandlers(search)).toBe(false);
  releaseApp();

  // Hydration keeps both values, and the choice made early applies with the text typed early.
  // On a 4× slower CPU the page's code and its route's chunks take seconds to arrive and run
  // (3.7–5.3 s with two workers on this machine): the first check waits for hydration that long.
  await expect(page).toHaveURL(new RegExp(`[?&]size=small`), { timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(results(page)).toHaveText([`Pulga ${word}`]);
  await expect(search).toHaveValue(word);
  await expect(page.getByRole('combobox', { name: 'Tamaño' })).toHaveValue('small');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('a card opens the dog’s page; its served HTML carries title, description, canonical and preview tags', async ({
  page,
  makeAccount,
  server,
}) => {
  // Every Content-Security-Policy violation the pages report (even one a script catches).
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  const account = await makeAccount();
  const word = uniqueWord();
  const dog: ApiDog = await createDog(account.api, {
    ...newDog({ name: `Canelo ${word}`, city: 'Buga', personality: `Noble y ${word}` }),
    size: 'medium',
    age_months: 30,
  });

  await page.goto(`/perros?q=${word}`);
  await page.getByRole('link', { name: `Canelo ${word}` }).click();
  await expect(page).toHaveURL(new RegExp(`/perros/${dog.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Canelo ${word}` })).toBeVisible();
  await expect(page.getByText('Disponible', { exact: true })).toBeVisible();
  await expect(page.getByText('2 años', { exact: true })).toBeVisible();
  // Anonymous: no e-mail, the seed's "Contacto info" instead.
  await expect(page.getByRole('button', { name: 'Contacto info' })).toBeVisible();
  await expect(page.getByText(account.user.email)).toHaveCount(0);
  // Drawn by the server too, with the same strict policy (no 'unsafe-eval'), and nothing refused.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Canelo ${word}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
  // A visitor who only looks loads no form code: zod (which registers this global) and the phone
  // number rules come with the "Me interesa" form when it opens.
  expect(await page.evaluate(() => '__zod_globalRegistry' in globalThis)).toBe(false);

  const res = await page.request.get(`/perros/${dog.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const origin = new URL(server.url).origin;
  expect(html).toContain(`<title>Canelo ${word} en adopción en Buga | Happy Dog</title>`);
  expect(html).toMatch(
    /<meta name="description" content="Canelo [^"]*\(Mediano, 2 años\) busca hogar en Buga/,
  );
  expect(html).toContain(`<link rel="canonical" href="${origin}/perros/${dog.id}"`);
  expect(html).toContain(`<meta property="og:url" content="${origin}/perros/${dog.id}"`);
  expect(html).toContain(`<meta property="og:image" content="${origin}/og-image.png"`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(html).not.toContain(account.user.email);
  // Two render-blocking stylesheets: every page's, and this page's in one file (a phone's first
  // visit waits for each; over HTTP/1.1 the seventh and eighth waited for a free connection).
  expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(2);
  const image = await page.request.get(`${origin}/og-image.png`);
  expect(image.headers()['content-type']).toBe('image/png');

  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${origin}/perros/${dog.id}</loc>`);
});

test('a dog that is not published any more: a Spanish 404 page with a way to the catalogue', async ({
  page,
  makeAccount,
}) => {
  const account = await makeAccount();
  const dog = await createDog(account.api, newDog());
  expect((await account.api.delete(`/api/dog/${dog.id}`)).status()).toBe(204);

  const response = await page.goto(`/perros/${dog.id}`);
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Este perro ya no está publicado' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ver todos los perros' }).click();
  await expect(page).toHaveURL(/\/perros$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perros en adopción' })).toBeVisible();
});

test('axe finds no WCAG 2.2 AA violations on the catalogue and on a dog’s page', async ({
  page,
  makeAccount,
}) => {
  const account = await makeAccount();
  const dog = await createDog(account.api, { ...newDog(), size: 'small', sex: 'female' });
  await page.goto('/perros');
  await expect(page.getByRole('list', { name: 'Resultados' })).toBeVisible();
  await expectNoAxeViolations(page, '/perros');
  await page.goto(`/perros/${dog.id}`);
  await expect(page.getByRole('heading', { level: 1, name: dog.name })).toBeVisible();
  await expectNoAxeViolations(page, '/perros/$id');
});

// The landing page's first view on a phone: the server's HTML is complete, but the code of what
// is below the fold (the carousel, the static sections, the HTTP client) is fetched only when it
// is needed, and a visitor who presses a button of that HTML before its code runs loses nothing:
// the button is a plain form button that loads an address opening the same thing.
import type { Page } from '@playwright/test';
import { createDog, newDog } from './support/api';
import { expect, test } from './support/fixtures';
import { dialog, dogCard, hasReactHandlers, holdScripts, untilInteractive } from './support/ui';

test.use({ viewport: { width: 390, height: 844 } });

/** Same-origin scripts the page has requested so far, by chunk name (without the hash). */
function scriptsOf(page: Page) {
  const names = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.add(match[1]!);
  });
  return names;
}

const BELOW_THE_FOLD = ['dog-carousel', 'about-section', 'tour-section', 'site-footer'];

test('below-the-fold code loads only when its section nears the screen', async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  for (let i = 0; i < 4; i++) await createDog(owner.api, newDog());
  const scripts = scriptsOf(page);
  await page.goto('/');
  // The server's HTML already holds every section and the first dog cards (as many as a screen
  // shows at most: 3).
  await expect(page.getByRole('heading', { name: 'SOBRE NOSOTROS' })).toBeAttached();
  await expect(page.locator('#adopt article')).toHaveCount(3);
  await expect(page.getByRole('contentinfo')).toContainText('Cali');
  await page.waitForLoadState('networkidle');
  expect([...scripts].filter((name) => BELOW_THE_FOLD.includes(name))).toEqual([]);
  // ky comes with the first request; the landing page needed none.
  expect([...scripts]).not.toContain('distribution');

  await page.locator('#adopt').scrollIntoViewIfNeeded();
  await expect.poll(() => scripts.has('dog-carousel')).toBe(true);
  // Hydrated, the carousel holds the whole first page.
  await expect.poll(() => page.locator('#adopt article').count()).toBeGreaterThan(3);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => scripts.has('site-footer')).toBe(true);
});

test('the code downloads once the page is painted, not while the first view still loads', async ({
  page,
}) => {
  for (const path of ['/', '/perros']) {
    await page.goto(path);
    await expect(
      page.locator('script[type="module"][src*="/assets/entry-client-"]'),
    ).toBeAttached();
    await page.waitForLoadState('networkidle');
    // Loaded once, and hydrated without a mismatch (the fixture fails on any page error).
    await expect(page.locator('script[type="module"][src*="/assets/entry-client-"]')).toHaveCount(
      1,
    );
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length, `${path} loads its code`).toBeGreaterThan(0);
    expect(
      Math.min(...timing.scripts),
      `${path}: no code before the first paint`,
    ).toBeGreaterThanOrEqual(timing.paint);
  }
});

test("a press on a card's 'Info Dog' before the carousel's code arrives still opens the dog", async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  // The carousel's code is held back until the press, as on a slow phone.
  const releaseCarousel = await holdScripts(page, /\/assets\/dog-carousel-[\w-]{8}\.js$/);

  await page.goto('/');
  const info = dogCard(page, dog.name).getByRole('button', { name: 'Info Dog', exact: true });
  await info.click();
  const modal = dialog(page, `Información de ${dog.name}`);
  await expect(modal).toBeVisible();
  // The address that opened it is not left behind.
  await expect(page).toHaveURL(/\/$/);
  releaseCarousel();
  // The page was reloaded, so nothing was focused before the modal: closing it still hands focus
  // to the card's button, as when the modal opens from a press on the running page.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(info).toBeFocused();
});

test('a button pressed before the page’s code runs is pressed again once it does', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const releaseApp = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  // INGRESAR opens a menu: nothing the server's HTML can do on its own.
  const ingresar = page.getByRole('banner').getByRole('button', { name: 'INGRESAR' });
  await ingresar.click();
  await expect(page.locator('script[type="module"][src*="/assets/entry-client-"]')).toBeAttached();
  expect(await hasReactHandlers(ingresar), 'the press came before the code').toBe(false);
  releaseApp();
  await expect(page.getByRole('menuitem', { name: 'Ingresá', exact: true })).toBeVisible();
});

test('the unsubscribe button pressed before the page’s code runs sends the link’s token', async ({
  page,
}) => {
  const releaseApp = await holdScripts(page);
  const token = 'UnEnlaceQueYaNoCancelaNada0123456789';
  const asked = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().endsWith(`/api/alerts/unsubscribe/${token}`),
  );
  await page.goto(`/alertas/cancelar#${token}`, { waitUntil: 'commit' });
  const stop = page.getByRole('button', { name: 'Dejar de recibir estos correos' });
  await stop.click();
  await expect(page.locator('script[type="module"][src*="/assets/entry-client-"]')).toBeAttached();
  expect(await hasReactHandlers(stop), 'the press came before the code').toBe(false);
  releaseApp();
  await asked;
  await expect(page.getByText(/Este enlace ya no sirve/)).toBeVisible();
});

test('on a slow phone, DAR EN ADOPCIÓN and Info Dog pressed as soon as they are visible still work', async ({
  page,
  makeAccount,
}) => {
  test.slow();
  const owner = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  // Wide enough for DAR EN ADOPCIÓN to be in the bar (a phone's menu opens with the code).
  await page.setViewportSize({ width: 1280, height: 800 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The app's own code arrives only after the press: the page is still the server's HTML.
  const releaseApp = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'DAR EN ADOPCIÓN' }).click();
  releaseApp();
  // An anonymous visitor is told to log in first, as when the code is there.
  // Four times slower than this machine: the page's code takes a while to start.
  await expect(dialog(page, 'No autorizado')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'OK' }).click();

  const releaseAgain = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await dogCard(page, dog.name).getByRole('button', { name: 'Info Dog', exact: true }).click();
  releaseAgain();
  await expect(dialog(page, `Información de ${dog.name}`)).toBeVisible({ timeout: 30_000 });
});

test('a visitor who scrolls before the code arrives stays where they are when it does', async ({
  page,
}) => {
  const releaseApp = await holdScripts(page);
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 1500));
  releaseApp();
  // Hydrated: the below-the-fold sections near the screen got their code.
  await expect(page.locator('script[type="module"][src*="/assets/entry-client-"]')).toBeAttached();
  await untilInteractive(page.getByRole('link', { name: /Happy Dog/ }).first());
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(1500);
});

test('coming back to the landing page from another screen draws every section', async ({
  page,
}) => {
  await page.goto('/entrar');
  // Another screen the browser has drawn and React has taken over (its form takes typing only
  // then), so the logo's link is a navigation inside the app, not a new page load.
  await expect(page.getByLabel('Correo electrónico')).toBeEnabled();
  const logo = page.getByRole('link', { name: /Happy Dog/ }).first();
  await untilInteractive(logo);
  await logo.click();
  await expect(
    page.getByRole('heading', { level: 1, name: /DONDE LOS PERROS CONSIGUEN HOGAR/ }),
  ).toBeVisible();
  // Drawn by the browser this time, every section follows as soon as its code is there.
  await expect(page.locator('#about')).toBeAttached();
  await expect(page.locator('#tour')).toBeAttached();
  // The carousel, or its loading/empty state (the first page of dogs may still be on its way).
  await expect(
    page.locator('#adopt #lista-de-perros, #adopt [role="status"]').first(),
  ).toBeAttached();
  await expect(page.locator('footer')).toBeAttached();
});

test('the login form cannot be typed into before the page can keep what is typed', async ({
  page,
}) => {
  const releaseApp = await holdScripts(page);
  await page.goto('/entrar', { waitUntil: 'commit' });
  const email = page.getByLabel('Correo electrónico');
  await expect(email).toBeDisabled();
  releaseApp();
  await expect(email).toBeEnabled();
  await email.fill('ana@example.com');
  await expect(email).toHaveValue('ana@example.com');
});

// The landing page's first view on a phone: the server's HTML is complete, but the code of what
// is below the fold (the carousel, the static sections, the HTTP client) is fetched only when it
// is needed, and a visitor who acts on that HTML before its code arrives loses nothing.
import type { Page } from '@playwright/test';
import { createDog, newDog } from './support/api';
import { expect, test } from './support/fixtures';
import { dialog, dogCard } from './support/ui';

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

test("a press on a card's 'Info Dog' before the carousel's code arrives still opens the dog", async ({
  page,
  makeAccount,
}) => {
  const owner = await makeAccount();
  const dog = await createDog(owner.api, newDog());
  // The carousel's code is held back until the press, as on a slow phone.
  let releaseCarousel!: () => void;
  const carouselHeld = new Promise<void>((resolve) => (releaseCarousel = resolve));
  await page.route(/\/assets\/dog-carousel-[\w-]{8}\.js$/, async (route) => {
    await carouselHeld;
    await route.continue();
  });

  await page.goto('/');
  const info = dogCard(page, dog.name).getByRole('button', { name: 'Info Dog', exact: true });
  await info.click();
  releaseCarousel();
  await expect(dialog(page, `Información de ${dog.name}`)).toBeVisible();
});

test('coming back to the landing page from another screen draws every section at once', async ({
  page,
}) => {
  await page.goto('/entrar');
  await page
    .getByRole('link', { name: /Happy Dog/ })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: /DONDE LOS PERROS CONSIGUEN HOGAR/ }),
  ).toBeVisible();
  // The route waited for the below-the-fold code: no section is missing, even for a moment.
  const drawn = await page.evaluate(() => ({
    about: !!document.getElementById('about'),
    tour: !!document.getElementById('tour'),
    // The carousel, or its loading/empty state (the first page of dogs may still be on its way).
    adopt: !!document.querySelector('#adopt #lista-de-perros'),
    footer: !!document.querySelector('footer'),
  }));
  expect(drawn).toEqual({ about: true, tour: true, adopt: true, footer: true });
});

// Responsive layout: 390 px (burger menu, one card, no horizontal scrolling), 800 px (two cards)
// and 1280 px (three cards, menu in the bar).
import { expect, test } from './support/fixtures';
import {
  adoptSection,
  burgerButton,
  control,
  visibleDogNames,
  waitForDogs,
  field,
} from './support/ui';
import type { Page } from '@playwright/test';

async function expectNoHorizontalScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(
    Math.max(widths.scroll, widths.body),
    `${what} fits in ${widths.viewport} px`,
  ).toBeLessThanOrEqual(widths.viewport);
}

async function expectVisibleCards(page: Page, count: number) {
  await page.goto('/');
  await waitForDogs(page);
  await adoptSection(page).scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await visibleDogNames(page)).length, { message: `${count} cards visible` })
    .toBe(count);
}

test.describe('390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu sits behind a burger that closes when an item is chosen; one card; no horizontal scrolling', async ({
    page,
  }) => {
    await expectVisibleCards(page, 1);
    await expectNoHorizontalScroll(page, '/');
    await page.evaluate(() => window.scrollTo(0, 0));

    const burger = burgerButton(page);
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(control(page, 'INICIO')).toHaveCount(0);
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['INICIO', 'ADOPTAR', 'QUIENES SOMOS', 'DAR EN ADOPCIÓN', 'INGRESAR']) {
      await expect(control(page, name), name).toBeVisible();
    }
    await expectNoHorizontalScroll(page, '/ with the menu open');
    // The sections between the hero and the carousel are below the fold, their code not loaded
    // yet: the navigation must keep the server's HTML of them (not empty them and scroll short).
    await page.evaluate(() => {
      (window as { aboutBefore?: Element | null }).aboutBefore = document.getElementById('about');
    });
    await control(page, 'ADOPTAR').click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(control(page, 'INICIO')).toHaveCount(0);
    await expect(adoptSection(page)).toBeInViewport();
    expect(
      await page.evaluate(
        () =>
          (window as { aboutBefore?: Element | null }).aboutBefore ===
          document.getElementById('about'),
      ),
      'the about section is still the server’s',
    ).toBe(true);

    for (const path of ['/entrar', '/registrarse']) {
      await page.goto(path);
      await expect(field(page, 'Correo electrónico')).toBeVisible();
      await expectNoHorizontalScroll(page, path);
    }
  });
});

test.describe('800 px tablet', () => {
  test.use({ viewport: { width: 800, height: 1000 } });

  test('two cards', async ({ page }) => {
    await expectVisibleCards(page, 2);
    await expectNoHorizontalScroll(page, '/');
  });
});

test.describe('1280 px desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('three cards and the whole menu in the bar', async ({ page }) => {
    await expectVisibleCards(page, 3);
    await expect(burgerButton(page)).toHaveCount(0);
    for (const name of ['INICIO', 'ADOPTAR', 'QUIENES SOMOS', 'DAR EN ADOPCIÓN', 'INGRESAR']) {
      await expect(control(page.getByRole('banner'), name), name).toBeVisible();
    }
    await expectNoHorizontalScroll(page, '/');
  });
});

test.describe('320 px (WCAG 1.4.10 reflow)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('every control stays inside the window, without horizontal scrolling', async ({ page }) => {
    for (const path of ['/', '/entrar', '/registrarse']) {
      await page.goto(path);
      await expect(control(page, 'INGRESAR')).toBeVisible();
      if (path === '/') await waitForDogs(page);
      await expectNoHorizontalScroll(page, `${path} at 320 px`);
      const clipped = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLElement>(
            'header a[href], header button, main button, main a[href], main input',
          ),
        )
          .filter((el) => {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) return false;
            // Carousel slides off to the side are meant to be out of view.
            if (el.closest('[aria-roledescription="diapositiva"]')) return false;
            return r.left < -1 || r.right > window.innerWidth + 1;
          })
          .map(
            (el) =>
              `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()} (${Math.round(el.getBoundingClientRect().right)} px)`,
          ),
      );
      expect.soft(clipped, `controls cut off at the right or left edge on ${path}`).toEqual([]);
    }
  });
});

// The autoplaying carousel (WCAG 2.2.2): it stops on hover and on focus, has a pause/play control
// first in its tab order, announces slides politely only when not rotating, and stays still under
// prefers-reduced-motion. Time is driven by Playwright's clock, so nothing waits for real seconds.
import type { Page } from '@playwright/test';
import { expectVisibleFocus } from './support/a11y';
import { expect, test } from './support/fixtures';
import { adoptSection, cardImages, visibleDogNames, waitForDogs } from './support/ui';

const PAUSE = /pausar|detener/i;
const PLAY = /reproducir|reanudar|iniciar/i;

/** Loads / with a controllable clock and stops time once the cards are there. */
async function openWithPausedClock(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await waitForDogs(page);
  await adoptSection(page).scrollIntoViewIfNeeded();
  // Near the screen, the carousel hydrates and then holds the whole page of dogs (the server's
  // HTML has 3): wait for that, so its first effects (reduced motion, autoplay) run before time
  // is taken over.
  await expect.poll(() => cardImages(page).count()).toBeGreaterThan(3);
  await page.mouse.move(0, 0);
  const now = await page.evaluate(() => Date.now());
  // A little ahead: pausing in the fake clock's past is an error on a busy machine.
  await page.clock.pauseAt(now + 2_000);
  // Let the layout settle (Embla measures on the first frames).
  await page.clock.runFor(500);
}

const politeRegions = (page: Page) => adoptSection(page).locator('[aria-live="polite"]');

test.describe('with motion allowed', () => {
  test.use({ reducedMotion: 'no-preference', viewport: { width: 1280, height: 800 } });

  test('rotates every 3 s with aria-live off, and stops while the pointer is over it', async ({
    page,
  }) => {
    await openWithPausedClock(page);
    await expect(politeRegions(page), 'no polite announcements while rotating').toHaveCount(0);
    const start = await visibleDogNames(page);
    expect(start.length).toBeGreaterThan(0);

    // Find the moment it advances by itself (within one period)…
    let ticks = 0;
    while (ticks < 40 && JSON.stringify(await visibleDogNames(page)) === JSON.stringify(start)) {
      await page.clock.runFor(100);
      ticks++;
    }
    expect(ticks, 'the carousel advanced by itself within 4 s').toBeLessThan(40);
    // …then it holds still for most of the next 3 s and moves again right after them.
    await page.clock.runFor(2_500);
    const settled = await visibleDogNames(page);
    await page.clock.runFor(700);
    expect(
      await visibleDogNames(page),
      'the next step comes 3 s after the previous one',
    ).not.toEqual(settled);

    // Hover the middle of the carousel: it must stop.
    const box = await cardImages(page).first().boundingBox();
    const section = await adoptSection(page).boundingBox();
    expect(box && section).toBeTruthy();
    await page.mouse.move(section!.x + section!.width / 2, box!.y + box!.height / 2);
    await page.clock.runFor(1_000);
    const hovered = await visibleDogNames(page);
    await page.clock.runFor(10_000);
    expect(await visibleDogNames(page), 'no movement while hovered').toEqual(hovered);
  });

  test('stops while a card has keyboard focus', async ({ page }) => {
    await openWithPausedClock(page);
    await adoptSection(page)
      .getByRole('button', { name: /Info Dog|EDITAR/ })
      .first()
      .focus();
    await page.clock.runFor(1_000);
    const focused = await visibleDogNames(page);
    await page.clock.runFor(10_000);
    expect(await visibleDogNames(page), 'no movement while focus is inside').toEqual(focused);
  });

  test('the pause/play control comes first in its tab order, stops rotation and turns on polite announcements', async ({
    page,
  }) => {
    await openWithPausedClock(page);
    // Start just before the carousel section and press Tab once.
    await adoptSection(page).evaluate((section) => {
      const marker = document.createElement('span');
      marker.tabIndex = -1;
      marker.id = 'e2e-before-carousel';
      section.prepend(marker);
      marker.focus();
    });
    await page.keyboard.press('Tab');
    const pause = adoptSection(page).getByRole('button', { name: PAUSE });
    await expect(pause, 'the first stop inside the carousel is the pause control').toBeFocused();
    await expectVisibleFocus(page);

    await page.keyboard.press('Enter');
    const play = adoptSection(page).getByRole('button', { name: PLAY });
    await expect(play).toBeVisible();
    // Paused: slides are announced politely, and nothing moves even after focus leaves.
    await expect(politeRegions(page).first()).toBeAttached();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    // A step that had already started may finish.
    await page.clock.runFor(1_000);
    const paused = await visibleDogNames(page);
    await page.clock.runFor(10_000);
    expect(await visibleDogNames(page), 'no movement while paused').toEqual(paused);

    // Play again: rotation resumes and announcements are off.
    await play.click();
    await expect(adoptSection(page).getByRole('button', { name: PAUSE })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(3_600);
    expect(await visibleDogNames(page), 'rotation resumed').not.toEqual(paused);
    await expect(politeRegions(page)).toHaveCount(0);
  });
});

test.describe('with prefers-reduced-motion', () => {
  test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

  test('does not move by itself and announces slides politely', async ({ page }) => {
    await openWithPausedClock(page);
    const start = await visibleDogNames(page);
    await page.clock.runFor(12_000);
    expect(await visibleDogNames(page), 'no autoplay under reduced motion').toEqual(start);
    await expect(politeRegions(page).first()).toBeAttached();
    // Nothing rotates, so there is nothing to pause.
    await expect(adoptSection(page).getByRole('button', { name: PAUSE })).toHaveCount(0);
  });
});

// Moving through the page with the keyboard only, checking focus on every step.
import { expect, type Locator, type Page } from '@playwright/test';
import { expectVisibleFocus } from './a11y';

export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

export async function isFocusInside(container: Locator): Promise<boolean> {
  return container.evaluate((el) => el.contains(document.activeElement)).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most `max` times. Every stop must show
 * a visible focus indicator; with `within`, focus must never leave that container (focus trap).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  {
    max = 40,
    backwards = false,
    within,
  }: { max?: number; backwards?: boolean; within?: Locator } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (within)
      expect(await isFocusInside(within), 'focus stays inside the open dialog').toBe(true);
  }
  await expect(
    target,
    `reached by ${backwards ? 'Shift+Tab' : 'Tab'} within ${max} presses`,
  ).toBeFocused({
    timeout: 1,
  });
}

/** Presses Tab `times` times (then Shift+Tab as many) and checks focus never leaves `container`. */
export async function expectFocusTrapped(
  page: Page,
  container: Locator,
  times = 25,
): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      expect(
        await isFocusInside(container),
        `focus stays inside the dialog after ${i + 1} × ${key}`,
      ).toBe(true);
    }
  }
}

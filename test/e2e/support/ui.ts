// Finding things on the page the way a person does: by role and Spanish accessible name.
import { expect, type Locator, type Page } from '@playwright/test';
import type { DogFields, TestUser } from './api';

/** A button or a link with exactly this accessible name (the app may render either). */
export function control(scope: Page | Locator, name: string | RegExp): Locator {
  const exact = typeof name === 'string';
  return scope
    .getByRole('button', { name, exact })
    .or(scope.getByRole('link', { name, exact }))
    .filter({ visible: true });
}

export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
}

export function adoptSection(page: Page): Locator {
  return page.locator('#adopt');
}

/** The images of the dog cards in the carousel (alt = the dog's name). */
export function cardImages(page: Page): Locator {
  return adoptSection(page).getByRole('img');
}

/** The innermost element holding this dog's picture and a button: the dog's card. */
export function dogCard(page: Page, name: string): Locator {
  return adoptSection(page)
    .locator('*')
    .filter({ has: page.getByRole('img', { name, exact: true }) })
    .filter({ has: page.getByRole('button') })
    .last();
}

/**
 * Waits until the carousel has loaded, shows at least one dog card (scrolled into view), and
 * React runs its buttons.
 * Before that a press is the server HTML's form submission (a reload with `?perro=`: the
 * first-view tests cover it); a journey that presses right away would race that reload.
 */
export async function waitForDogs(page: Page): Promise<void> {
  await expect(adoptSection(page).getByText('Cargando...')).toBeHidden({ timeout: 15_000 });
  await expect(cardImages(page).first()).toBeAttached();
  // The carousel's code loads when it nears the screen, as when a person scrolls to it.
  const firstButton = adoptSection(page).locator('button[name="perro"]').first();
  await firstButton.scrollIntoViewIfNeeded();
  await untilInteractive(firstButton);
}

/**
 * Waits until React has taken over the page the server drew, the lazy parts of the navigation bar
 * included (every link and button in it has React's handlers). The page's code starts after its
 * first paint, so a journey can be a step ahead of it.
 */
export async function untilHydrated(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return;
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          if ('$_TSR' in window) return false;
          const header = document.querySelector('header');
          if (!header) return true;
          return [...header.querySelectorAll('a, button')].every((element) =>
            Object.keys(element).some((key) => key.startsWith('__reactProps')),
          );
        }),
      { timeout: 15_000, message: 'the page is hydrated' },
    )
    .toBe(true);
}

/** The app's entry script, its first chunk: held back, the page stays the server's HTML. */
export const ENTRY_SCRIPT = /\/assets\/entry-client-[\w-]{8}\.js$/;

/**
 * Holds back the scripts `url` matches until the returned function is called, as on a slow phone.
 * A later hold of the same scripts replaces this one.
 */
export async function holdScripts(page: Page, url: RegExp = ENTRY_SCRIPT): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unroute(url);
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Whether React has attached its handlers to this element (its part of the page is hydrated). */
export function hasReactHandlers(element: Locator): Promise<boolean> {
  return element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')));
}

/** Waits until React has attached its handlers to this element (its part of the page is hydrated). */
export async function untilInteractive(element: Locator): Promise<void> {
  await expect.poll(() => hasReactHandlers(element), { timeout: 15_000 }).toBe(true);
}

/**
 * Names of the dog cards a person can actually see: at least 90 % of the image inside the
 * window's width and inside every clipping ancestor (the carousel viewport hides the other slides).
 */
export async function visibleDogNames(page: Page): Promise<string[]> {
  return cardImages(page).evaluateAll((images) =>
    images
      .filter((img) => {
        const r = img.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        let left = Math.max(r.left, 0);
        let right = Math.min(r.right, window.innerWidth);
        let top = r.top;
        let bottom = r.bottom;
        for (let el = img.parentElement; el; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0')
            return false;
          if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
            const c = el.getBoundingClientRect();
            left = Math.max(left, c.left);
            right = Math.min(right, c.right);
            top = Math.max(top, c.top);
            bottom = Math.min(bottom, c.bottom);
          }
        }
        const visible = Math.max(0, right - left) * Math.max(0, bottom - top);
        return visible >= 0.9 * r.width * r.height;
      })
      .map((img) => img.getAttribute('alt') ?? ''),
  );
}

/** Fills the dog modal's fields by their labels (only the fields given). */
export async function fillDogForm(modal: Locator, dog: Partial<DogFields>): Promise<void> {
  const labels: [keyof DogFields, string][] = [
    ['image', 'Imagen (URL)'],
    ['name', 'Nombre'],
    ['city', 'Ciudad'],
    ['weight', 'Peso'],
    ['height', 'Altura'],
    ['life_span', 'Esperanza de vida'],
    ['personality', 'Personalidad'],
  ];
  for (const [key, label] of labels) {
    const value = dog[key];
    if (typeof value === 'string') await field(modal, label).fill(value);
  }
}

/** The navigation's INGRESAR menu → 'Ingresá' or 'Registrate'. */
export async function openAccountMenuItem(
  page: Page,
  item: 'Ingresá' | 'Registrate',
): Promise<void> {
  await openBurgerIfCollapsed(page);
  await control(page, 'INGRESAR').click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** On narrow screens the navigation sits behind a burger button; open it when it is there. */
export async function openBurgerIfCollapsed(page: Page): Promise<void> {
  // The server draws the bar; a press before the page's code runs waits for it (held and replayed),
  // so a journey that reads the result right away would race the code.
  await untilHydrated(page);
  const burger = burgerButton(page);
  if ((await burger.count()) > 0 && (await burger.getAttribute('aria-expanded')) !== 'true') {
    await burger.click();
  }
}

export function burgerButton(page: Page): Locator {
  return page
    .getByRole('button', { name: /men[uú]|navegaci[oó]n/i })
    .filter({ visible: true })
    .and(page.locator('[aria-expanded]'));
}

export async function loginThroughForm(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<void> {
  await untilHydrated(page);
  await field(page, 'Correo electrónico').fill(user.email);
  await field(page, 'Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

export function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until no (finite) CSS animation or transition is running, e.g. a modal's fade-in. */
export async function settle(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // A transition that React has scheduled but the browser has not started yet is not in
        // getAnimations(): let two frames pass first, so "nothing is moving" is really true.
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        await frame();
        await frame();
        return document
          .getAnimations()
          .filter(
            (a) =>
              a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
          ).length;
      }),
    )
    .toBe(0);
}

/** A text field by its accessible name (the label without Mantine's required asterisk). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

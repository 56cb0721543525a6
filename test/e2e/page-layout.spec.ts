// Every page at 390 px and 1366 px, for an admin who owns a dog with a new request: headings clear
// the fixed bar, the bar stays one line high with the new-requests badge in sight, nothing sticks
// out to the side, and the disabled links of the login screens are not struck through.
import { createDog, newDog } from './support/api';
import { expect, loginBrowser, test } from './support/fixtures';
import { burgerButton, dialog, dogCard, field, untilInteractive, waitForDogs } from './support/ui';
import type { Page } from '@playwright/test';

test.slow();

/** Anything drawn past the right or left edge (ignoring the carousel's off-screen slides). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      out.push(`page is ${document.documentElement.scrollWidth} px wide`);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('[aria-roledescription="diapositiva"], [aria-roledescription="carrusel"]'))
        continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Visually hidden text (1 px, clipped) is fine.
      if (r.width <= 1 && r.height <= 1) continue;
      if (r.right > width + 1 || r.left < -1) {
        out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return out.slice(0, 10);
  });
}

/** Words of the page broken over two lines (not at a hyphen or slash), and controls sticking out of their card. */
async function brokenLayout(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.getBoundingClientRect().width <= 1) continue;
      if (parent.closest('[aria-roledescription="diapositiva"]')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s/-]{4,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 1)
            .map((rect) => Math.round(rect.top)),
        );
        if (tops.size > 1) out.push(`"${match[0]}" broken over ${tops.size} lines`);
      }
    }
    for (const control of Array.from(
      main.querySelectorAll<HTMLElement>('button, a[href], input'),
    )) {
      const box = control.parentElement?.closest('section, form, [role="dialog"]');
      if (!box) continue;
      const r = control.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > b.right + 1 || r.left < b.left - 1) {
        out.push(
          `"${control.innerText.trim().slice(0, 40)}" sticks out of its ${box.tagName.toLowerCase()}`,
        );
      }
    }
    return out.slice(0, 10);
  });
}

/** The page's h1 starts below the fixed bar when the page is at its top. */
async function headingClearsBar(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
  const barBottom = await page
    .getByRole('banner')
    .evaluate((el) => el.getBoundingClientRect().bottom);
  return { headingTop, barBottom };
}

/** The links and buttons of the bar whose text runs over more than one line. */
async function wrappedBarItems(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => {
    const headerRect = header.getBoundingClientRect();
    return Array.from(header.querySelectorAll<HTMLElement>('a, button'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || el.innerText.trim() === '') return false;
        // Links in the opened burger panel are below the bar on purpose.
        if (r.top >= headerRect.bottom) return false;
        // A text node drawn over two lines gives two boxes at different heights.
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let wrapped = false;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Visually hidden names (1 px boxes) are not drawn.
          if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 1)
              .map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) wrapped = true;
        }
        return wrapped || r.bottom > headerRect.bottom + 1;
      })
      .map((el) => el.innerText.trim());
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('the login screens: calm disabled links, heading clear of the bar, nothing sticks out', async ({
      page,
    }) => {
      for (const path of ['/entrar', '/registrarse']) {
        await page.goto(path);
        await expect(field(page, 'Correo electrónico')).toBeVisible();
        if (viewport.width < 500) {
          await untilInteractive(burgerButton(page));
          await burgerButton(page).click();
        }
        const disabled = page.getByRole('banner').locator('[aria-disabled="true"]').first();
        await expect(disabled).toBeVisible();
        expect(
          await disabled.evaluate((el) => getComputedStyle(el).textDecorationLine),
          `disabled links on ${path} are not struck through`,
        ).not.toContain('line-through');
        if (viewport.width < 500) await burgerButton(page).click();
        const { headingTop, barBottom } = await headingClearsBar(page);
        expect(headingTop, `${path}: heading below the bar`).toBeGreaterThanOrEqual(barBottom);
        expect(await overflowing(page), `${path} fits`).toEqual([]);
      }
    });

    test('an admin with a new request: every page fits, headings clear the bar, the bar is one line', async ({
      page,
      makeAccount,
      server,
    }) => {
      const admin = await makeAccount();
      const adopter = await makeAccount();
      const dog = await createDog(admin.api, newDog());
      const sent = await adopter.api.post(`/api/dog/${dog.id}/interest`, {
        data: { message: 'Hola, me gustaría conocerlo este fin de semana.' },
      });
      expect(sent.status()).toBe(201);
      await server.admin(['grant', admin.user.email]);
      await loginBrowser(page, admin.user);

      await page.goto('/');
      // The badge shows in the bar itself, not only inside the closed burger menu.
      await expect(
        page.getByRole('banner').getByTestId('new-requests').filter({ visible: true }),
      ).toHaveCount(1);
      expect(await wrappedBarItems(page), 'bar items on one line').toEqual([]);
      const barHeight = await page
        .getByRole('banner')
        .evaluate((el) => el.getBoundingClientRect().height);
      expect(barHeight).toBeLessThanOrEqual(80);

      const pages = [
        '/perros',
        `/perros/${dog.id}`,
        '/cuenta',
        '/mis-perros',
        '/guardados',
        '/recuperar',
        '/recuperar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        '/privacidad',
        '/admin',
      ];
      for (const path of pages) {
        await page.goto(path);
        const { headingTop, barBottom } = await headingClearsBar(page);
        expect(headingTop, `${path}: heading below the bar`).toBeGreaterThanOrEqual(barBottom);
        expect(await wrappedBarItems(page), `${path}: bar items on one line`).toEqual([]);
        expect(await overflowing(page), `${path} fits`).toEqual([]);
        expect(await brokenLayout(page), `${path}: words and controls`).toEqual([]);
      }
    });
  });
}

/** True when the two boxes overlap. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test.describe(`${viewport.width} px details`, () => {
    test.use({ viewport });

    test('the catalogue filters show their whole texts', async ({ page }) => {
      await page.goto('/perros');
      // On a phone the fields are folded into the Filtros panel.
      const summary = page.getByText('Filtros', { exact: true });
      if (await summary.isVisible()) await summary.click();
      const selects = page.getByRole('search', { name: 'Filtrar perros' }).locator('select');
      await expect(selects.first()).toBeVisible();
      const cut = await selects.evaluateAll((elements) =>
        (elements as HTMLSelectElement[]).flatMap((select) => {
          const style = getComputedStyle(select);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room =
            select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return Array.from(select.options)
            .filter((option) => context.measureText(option.text).width > room)
            .map((option) => option.text);
        }),
      );
      expect(cut, 'option texts wider than their field').toEqual([]);
    });

    test('the report dialog puts each reason beside its circle', async ({ page, makeAccount }) => {
      const owner = await makeAccount();
      const dog = await createDog(owner.api, newDog());
      const reporter = await makeAccount();
      await loginBrowser(page, reporter.user);
      await page.goto(`/perros/${dog.id}`);
      const report = page.getByRole('button', { name: 'Reportar' });
      await untilInteractive(report);
      await report.click();
      const radio = page.getByRole('radio', { name: 'Spam' });
      await expect(radio).toBeVisible();
      const circle = (await radio.boundingBox())!;
      const label = (await page.locator('label', { hasText: 'Spam' }).boundingBox())!;
      expect(label.x, 'label to the right of its circle').toBeGreaterThanOrEqual(
        circle.x + circle.width - 1,
      );
      expect(label.y).toBeLessThan(circle.y + circle.height);
    });

    test('a notification never covers the delete confirmation', async ({ page, makeAccount }) => {
      const owner = await makeAccount();
      const dog = await createDog(owner.api, newDog());
      await loginBrowser(page, owner.user);
      await page.goto('/');
      await waitForDogs(page);
      const card = dogCard(page, dog.name);
      await card.getByRole('button', { name: 'EDITAR', exact: true }).click();
      const edit = dialog(page, `Editar información de ${dog.name}`);
      await field(edit, 'Ciudad').fill('Jamundí');
      await edit.getByRole('button', { name: 'Actualizar', exact: true }).click();
      const note = page.getByText(`Guardamos los cambios de ${dog.name}.`);
      await expect(note).toBeVisible();
      // The pointer rests on the notification (which holds its closing timer) while the keyboard
      // opens the confirmation: the notification stays however slowly the dialog comes.
      await note.hover();
      await card.getByRole('button', { name: 'EDITAR', exact: true }).focus();
      await page.keyboard.press('Enter');
      const remove = edit.getByRole('button', { name: 'Eliminar', exact: true });
      await expect(remove).toBeVisible();
      await remove.focus();
      await page.keyboard.press('Enter');
      const confirm = dialog(page, `¿Eliminar a ${dog.name}?`);
      await expect(confirm).toBeVisible();
      await expect(note).toBeVisible();
      const noteBox = (await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Guardamos los cambios' })
        .boundingBox())!;
      const confirmBox = (await confirm.boundingBox())!;
      expect(overlap(noteBox, confirmBox), 'notification over the confirmation').toBe(false);
    });
  });
}

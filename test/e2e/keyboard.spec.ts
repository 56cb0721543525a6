// A keyboard-only user logs in, publishes a dog, opens and closes its modal and logs out: focus
// is always visible, trapped in open dialogs, Escape closes them and focus returns to the opener.
import { createDog, newDog } from './support/api';
import { expectVisibleFocus } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { expectFocusTrapped, isFocused, isFocusInside, tabTo } from './support/keyboard';
import {
  adoptSection,
  burgerButton,
  control,
  dialog,
  dogCard,
  field,
  fillDogForm,
  openBurgerIfCollapsed,
  pathname,
  waitForDogs,
} from './support/ui';

// The carousel keeps autoplaying here: keyboard focus has to stop it.
test.use({ reducedMotion: 'no-preference' });

test('log in, publish, open and close a modal, and log out with the keyboard only', async ({
  page,
  makeAccount,
}) => {
  // A long journey: every key press is followed by a focus check.
  test.slow();
  const { user } = await makeAccount();
  const dog = newDog();
  await page.goto('/');

  // INGRESAR → Ingresá.
  const ingresar = control(page.getByRole('banner'), 'INGRESAR');
  await tabTo(page, ingresar);
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Ingresá', exact: true });
  await expect(item).toBeVisible();
  for (let i = 0; i < 4 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe('/entrar');

  // Log in.
  await tabTo(page, field(page, 'Correo electrónico'));
  await page.keyboard.type(user.email);
  await tabTo(page, field(page, 'Contraseña'), { max: 3 });
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe('/');
  await expect(control(page, 'SALIR')).toBeVisible();
  await waitForDogs(page);

  // Publish.
  const publishOpener = control(page.getByRole('banner'), 'DAR EN ADOPCIÓN');
  // After login the focus navigation starts in the page content; the bar is behind it.
  await tabTo(page, publishOpener, { backwards: true });
  await page.keyboard.press('Enter');
  const create = dialog(page, 'Publicar en adopción');
  await expect(create).toBeVisible();
  await expect
    .poll(async () => create.evaluate((el) => el.contains(document.activeElement)))
    .toBe(true);
  await tabTo(page, field(create, 'Nombre'), { within: create, max: 15 });
  await page.keyboard.type(dog.name);
  await tabTo(page, field(create, 'Ciudad'), { within: create, max: 15 });
  await page.keyboard.type(dog.city);
  // Past the profile's fields (sex, size, age, health, temperament, status) and the photos.
  await tabTo(page, create.getByRole('button', { name: 'Publicar', exact: true }), {
    within: create,
    max: 45,
  });
  await page.keyboard.press('Enter');
  await expect(create).toBeHidden();
  await expect(publishOpener, 'focus returns to DAR EN ADOPCIÓN').toBeFocused();
  // The "published" notice stays 15 s: the journey tabs on under it (see the next test).

  // Open the new dog's modal from its card, check the trap, close it with Escape.
  const editar = dogCard(page, dog.name).getByRole('button', { name: 'EDITAR', exact: true });
  await tabTo(page, editar, { max: 60 });
  await page.keyboard.press('Enter');
  const edit = dialog(page, `Editar información de ${dog.name}`);
  await expect(edit).toBeVisible();
  await expectFocusTrapped(page, edit);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(editar, 'focus returns to EDITAR after Escape').toBeFocused();

  // Open it again and close it with its Cerrar button.
  await page.keyboard.press('Enter');
  await expect(edit).toBeVisible();
  await tabTo(page, edit.getByRole('button', { name: 'Cerrar', exact: true }), {
    within: edit,
    max: 55,
  });
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expect(editar, 'focus returns to EDITAR after Cerrar').toBeFocused();

  // Log out.
  await tabTo(page, control(page.getByRole('banner'), 'SALIR'), { backwards: true, max: 80 });
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe('/home');
  await expect(control(page, 'INGRESAR')).toBeVisible();
});

// A notification stays up to 15 s; a control the keyboard reaches under it must not be hidden.
// The carousel stands still here, so the control stays where it was put.
test.describe('notifications and keyboard focus', () => {
  test.use({ reducedMotion: 'reduce' });
  for (const viewport of [
    { name: 'computer', width: 1280, height: 720 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`a notification steps aside from the control with the keyboard focus (${viewport.name})`, async ({
      page,
      makeAccount,
    }) => {
      await page.setViewportSize(viewport);
      const { user } = await makeAccount();
      await loginBrowser(page, user);
      await page.goto('/');
      await waitForDogs(page);
      await openBurgerIfCollapsed(page);
      await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
      const create = dialog(page, 'Publicar en adopción');
      await fillDogForm(create, newDog());
      await create.getByRole('button', { name: 'Publicar', exact: true }).click();
      await expect(create).toBeHidden();
      const notice = page.locator('.mantine-Notification-root');
      await expect(notice).toBeVisible();

      // Bring a card's control just under the notice (on phones it sits at the bottom of the
      // screen, on computers under the bar), then move the focus to it as Tab would (a key pressed
      // first: the browser then draws the focus ring as for the keyboard).
      await page.keyboard.press('Shift');
      const placed = await page.evaluate(() => {
        const over = document.querySelector('.mantine-Notification-root')!.getBoundingClientRect();
        const candidates = [
          ...document.querySelectorAll<HTMLElement>('#adopt a[href], #adopt button'),
        ];
        const target = candidates.find((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.left < over.right && box.right > over.left;
        });
        if (!target) return null;
        target.setAttribute('data-under-notice', '');
        window.scrollBy({
          top: target.getBoundingClientRect().top - (over.top + 8),
          behavior: 'instant',
        });
        const box = target.getBoundingClientRect();
        const hidden = box.top < over.bottom && box.bottom > over.top;
        target.focus({ preventScroll: true });
        return { hidden };
      });
      expect(placed, 'a control of the dogs section in the notice’s column').not.toBeNull();
      expect(placed!.hidden, 'the control was under the notice before it had the focus').toBe(true);

      const target = page.locator('[data-under-notice]');
      await expect(target).toBeFocused();
      await expect(notice, 'the notice is still shown').toBeInViewport();
      const seen = await target.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const onScreen = box.top >= 0 && box.bottom <= window.innerHeight;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { onScreen, visible: hit !== null && (el === hit || el.contains(hit)) };
      });
      expect(seen, 'the focused control is on screen, not under the notice').toEqual({
        onScreen: true,
        visible: true,
      });
      await expectVisibleFocus(page);
    });
  }
});

test("the 'No autorizado' alert traps focus, closes with Escape and OK, and gives focus back", async ({
  page,
}) => {
  await page.goto('/');
  const opener = control(page.getByRole('banner'), 'DAR EN ADOPCIÓN');
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const alert = dialog(page, 'No autorizado');
  await expect(alert).toBeVisible();
  await expectFocusTrapped(page, alert, 6);
  await page.keyboard.press('Escape');
  await expect(alert).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(alert).toBeVisible();
  await tabTo(page, alert.getByRole('button', { name: 'OK', exact: true }), {
    within: alert,
    max: 5,
  });
  await page.keyboard.press('Enter');
  await expect(alert).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the dog modal of a visitor closes with Escape and gives focus back to Info Dog', async ({
  page,
}) => {
  await page.goto('/');
  await waitForDogs(page);
  const info = page
    .locator('#adopt')
    .getByRole('button', { name: 'Info Dog', exact: true })
    .first();
  await tabTo(page, info, { max: 60 });
  await page.keyboard.press('Enter');
  const modal = dialog(page, /^Información de /);
  await expect(modal).toBeVisible();
  await expectFocusTrapped(page, modal, 12);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(info).toBeFocused();
});

test('edit and delete one’s own dog with the keyboard; focus never falls back to the page body', async ({
  page,
  makeAccount,
}) => {
  test.slow();
  const account = await makeAccount();
  const dog = await createDog(account.api, newDog());
  await loginBrowser(page, account.user);
  await page.goto('/');
  await expect(control(page, 'SALIR')).toBeVisible();
  await waitForDogs(page);

  const editar = dogCard(page, dog.name).getByRole('button', { name: 'EDITAR', exact: true });
  await tabTo(page, editar, { max: 40 });
  await page.keyboard.press('Enter');
  const edit = dialog(page, `Editar información de ${dog.name}`);
  await expect(edit).toBeVisible();

  // Update the city.
  await tabTo(page, field(edit, 'Ciudad'), { within: edit, max: 15 });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Popayán');
  await tabTo(page, edit.getByRole('button', { name: 'Actualizar', exact: true }), {
    within: edit,
    max: 45,
  });
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expect(dogCard(page, dog.name)).toContainText('Popayán');
  await expect(editar, 'focus returns to EDITAR after Actualizar').toBeFocused();

  // Delete it, confirming with the keyboard.
  await page.keyboard.press('Enter');
  await expect(edit).toBeVisible();
  await tabTo(page, edit.getByRole('button', { name: 'Eliminar', exact: true }), {
    within: edit,
    max: 50,
  });
  await page.keyboard.press('Enter');
  const confirm = dialog(page, /eliminar/i);
  await expect(confirm).toBeVisible();
  // Soft, so the rest of the journey still runs and reports.
  await expect
    .configure({ soft: true })
    .poll(() => isFocusInside(confirm), {
      message: 'focus moves into the confirmation when it opens',
    })
    .toBe(true);
  await expectFocusTrapped(page, confirm, 6);
  await tabTo(page, confirm.getByRole('button', { name: /^(sí, )?eliminar$/i }), {
    within: confirm,
    max: 6,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(adoptSection(page).getByRole('img', { name: dog.name, exact: true })).toHaveCount(0);

  // The opener is gone: focus must land on something meaningful, not on <body>.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'), {
      message: 'focus is not lost to the page body after deleting',
    })
    .not.toBe('BODY');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the burger menu works with the keyboard and focus comes back to a visible control', async ({
    page,
  }) => {
    await page.goto('/');
    const burger = burgerButton(page);
    await tabTo(page, burger, { max: 10 });
    await page.keyboard.press('Enter');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');

    // Into the menu and up to the login screen.
    await tabTo(page, control(page, 'INGRESAR'), { max: 10 });
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Registrate', exact: true });
    await expect(item).toBeVisible();
    for (let i = 0; i < 4 && !(await isFocused(item)); i++) await page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(item).toBeHidden();

    // DAR EN ADOPCIÓN from the menu opens the alert; closing it leaves focus on something visible.
    await tabTo(page, control(page, 'DAR EN ADOPCIÓN'), { max: 10, backwards: true });
    await page.keyboard.press('Enter');
    const alert = dialog(page, 'No autorizado');
    await expect(alert).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(alert).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return 'body';
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 ? 'visible' : `hidden ${el.tagName}`;
        }),
      )
      .toBe('visible');
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
  });
});

// Real photos from files on disk: published with a dog (downsized and stripped of EXIF by the
// browser before upload), shown on its card as AVIF and in the modal's gallery; the form with
// photos passes axe.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeJpegPhoto } from '../support/photos';
import { newDog } from './support/api';
import { expectNoAxeViolations } from './support/a11y';
import { expect, loginBrowser, test } from './support/fixtures';
import { adoptSection, control, dialog, dogCard, fillDogForm, waitForDogs } from './support/ui';

test('publish a dog with two photos from disk: card and gallery show them', async ({
  page,
  makeAccount,
}, testInfo) => {
  test.setTimeout(120_000);
  // A large phone photo with its GPS position, and a second, smaller one.
  const dir = testInfo.outputPath('photos');
  mkdirSync(dir, { recursive: true });
  const big = join(dir, 'patio.jpg');
  writeFileSync(
    big,
    await sharp(await makeJpegPhoto(2600, 1800, 3))
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 27/1 0/1' } })
      .jpeg()
      .toBuffer(),
  );
  const small = join(dir, 'sofa.jpg');
  writeFileSync(small, await makeJpegPhoto(900, 1200, 4));

  // What the page hands to XMLHttpRequest for each upload: its type, size in pixels and whether
  // an EXIF block is left in it (Chromium does not expose a file body to the test otherwise).
  await page.addInitScript(() => {
    const uploads: Promise<unknown>[] = [];
    (window as unknown as { __uploads: Promise<unknown>[] }).__uploads = uploads;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof Blob) {
        uploads.push(
          Promise.all([
            createImageBitmap(file, { imageOrientation: 'none' }),
            file.arrayBuffer(),
          ]).then(([bitmap, bytes]) => ({
            type: file.type,
            width: bitmap.width,
            height: bitmap.height,
            // An APP1 "Exif" segment anywhere in the file's header.
            exif: new TextDecoder('latin1')
              .decode(new Uint8Array(bytes).subarray(0, 4096))
              .includes('Exif'),
          })),
        );
      }
      return send.call(this, body);
    };
  });
  const uploads = () =>
    page.evaluate(() =>
      Promise.all((window as unknown as { __uploads: Promise<unknown>[] }).__uploads),
    ) as Promise<Array<{ type: string; width: number; height: number; exif: boolean }>>;

  const account = await makeAccount();
  await loginBrowser(page, account.user);
  await page.goto('/');
  await expect(control(page, 'SALIR')).toBeVisible();
  await waitForDogs(page);

  await control(page.getByRole('banner'), 'DAR EN ADOPCIÓN').click();
  const create = dialog(page, 'Publicar en adopción');
  await expect(create).toBeVisible();
  const dog = newDog({ personality: 'Duerme en el sofá y juega en el patio' });
  await fillDogForm(create, dog);
  await create.getByLabel('Agregar fotos').setInputFiles([big, small]);
  const photos = create.getByRole('list', { name: 'Fotos del perro' });
  await expect(photos.getByText('Lista')).toHaveCount(2, { timeout: 30_000 });

  // The browser sent JPEGs of at most 2048 px without EXIF (no GPS leaves the phone).
  const sent = await uploads();
  expect(sent).toHaveLength(2);
  // Two go up at once, in either order.
  expect(sent.map((u) => [u.width, u.height]).sort((a, b) => b[0]! - a[0]!)).toEqual([
    [2048, 1418],
    [900, 1200],
  ]);
  for (const upload of sent) {
    expect(upload.type).toBe('image/jpeg');
    expect(upload.exif).toBe(false);
  }

  // Reordered with the keyboard: the second photo becomes the cover.
  const second = photos.getByRole('listitem').nth(1);
  await second.getByRole('button', { name: 'Mover antes' }).focus();
  await page.keyboard.press('Enter');
  await expect(photos.getByRole('listitem').first()).toHaveAccessibleName('Foto 1 de 2 (portada)');
  await expect(create.getByRole('region', { name: `Fotos de ${dog.name}` })).toBeVisible();
  await expectNoAxeViolations(page, 'the dog form with two photos');

  await create.getByRole('button', { name: 'Publicar', exact: true }).click();
  // The dog and its two photos are written in one transaction: on a busy machine that takes a
  // few seconds (CI once needed more than the default 7 s).
  await expect(create).toBeHidden({ timeout: 20_000 });

  // The card: the cover (the portrait photo, moved first) as AVIF at the card's width. The
  // carousel below the fold comes to life as it nears the screen.
  await adoptSection(page).scrollIntoViewIfNeeded();
  const card = dogCard(page, dog.name);
  const cover = card.getByRole('img', { name: dog.name, exact: true });
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const shown = await cover.evaluate((img: HTMLImageElement) => ({
    src: img.currentSrc,
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
  }));
  expect(shown.src).toMatch(/\/media\/[0-9a-f]{64}\.avif$/);
  expect(Number(shown.height)).toBeGreaterThan(Number(shown.width));
  const file = await page.request.get(shown.src);
  expect(file.headers()['content-type']).toBe('image/avif');
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // The gallery in the modal: both photos, the second one reached with "Foto siguiente".
  await card.getByRole('button', { name: 'EDITAR', exact: true }).click();
  const edit = dialog(page, `Editar información de ${dog.name}`);
  const gallery = edit.getByRole('region', { name: `Fotos de ${dog.name}` });
  await expect(gallery.getByRole('img', { name: `${dog.name}, foto 1 de 2` })).toBeVisible();
  await gallery.getByRole('button', { name: 'Foto siguiente' }).click();
  await expect(gallery.getByRole('img', { name: `${dog.name}, foto 2 de 2` })).toBeInViewport();
  await expect(
    edit.getByRole('list', { name: 'Fotos del perro' }).getByRole('listitem'),
  ).toHaveCount(2);
});

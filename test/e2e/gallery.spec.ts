// A dog's page shows its photos whole (a portrait photo keeps its top), large on a desktop, and a
// press enlarges them full screen, where one can move between them.
import { makeJpegPhoto } from '../support/photos';
import { newDog } from './support/api';
import { expect, test } from './support/fixtures';
import { untilInteractive } from './support/ui';
import type { APIRequestContext, Locator } from '@playwright/test';

async function upload(api: APIRequestContext, width: number, height: number, seed: number) {
  const res = await api.post('/api/photos', {
    multipart: {
      file: {
        name: `foto-${seed}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await makeJpegPhoto(width, height, seed),
      },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { photo: { id: number } }).photo.id;
}

/** How much of the image's own picture the element crops away (0: shown whole). */
function cropped(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => {
    const box = el.getBoundingClientRect();
    const fit = getComputedStyle(el).objectFit;
    const natural = el.naturalWidth / el.naturalHeight;
    const shown = box.width / box.height;
    if (fit === 'contain' || fit === 'scale-down') return 0;
    return Math.abs(1 - natural / shown);
  });
}

test.describe('1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('whole photos, large, enlarged full screen with a press, and moved through there', async ({
    page,
    makeAccount,
  }) => {
    test.setTimeout(90_000);
    const owner = await makeAccount();
    const ids = [await upload(owner.api, 900, 1400, 1), await upload(owner.api, 1400, 900, 2)];
    const res = await owner.api.post('/api/dog', { data: { ...newDog(), photo_ids: ids } });
    expect(res.status()).toBe(201);
    const dog = ((await res.json()) as { dog: { id: number; name: string } }).dog;

    await page.goto(`/perros/${dog.id}`);
    const first = page.getByRole('img', { name: `${dog.name}, foto 1 de 2` });
    await expect(first).toBeVisible();
    await expect
      .poll(() => first.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
    expect(await cropped(first), 'the portrait photo is not cropped').toBeLessThan(0.02);
    const width = await first.evaluate((el) => el.getBoundingClientRect().width);
    expect(width, 'large on a desktop').toBeGreaterThanOrEqual(500);

    const enlarge = page.getByRole('button', { name: 'Ampliar la foto 1 de 2' });
    await untilInteractive(enlarge);
    await enlarge.click();
    const viewer = page.getByRole('dialog', { name: `Fotos de ${dog.name}` });
    await expect(viewer).toBeVisible();
    const big = viewer.getByRole('img', { name: `${dog.name}, foto 1 de 2` });
    await expect(big).toBeInViewport();
    expect(await cropped(big)).toBeLessThan(0.02);
    await viewer.getByRole('button', { name: 'Foto siguiente' }).click();
    await expect(viewer.getByRole('img', { name: `${dog.name}, foto 2 de 2` })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });
});

// The catalogue on a phone: the results come first, the six fields fold into a "Filtros" panel,
// and a chip for each active filter removes it; on a desktop the fields show at once.
import { createDog, newDog } from './support/api';
import { expect, test } from './support/fixtures';
import { pathname, untilInteractive } from './support/ui';

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('results above the fold, filters folded, chips remove a filter', async ({
    page,
    makeAccount,
  }) => {
    const owner = await makeAccount();
    const dog = await createDog(owner.api, newDog({ size: 'medium' }));
    await page.goto('/perros?size=medium');
    const results = page.getByRole('list', { name: 'Resultados' });
    const firstCard = results.getByRole('article').first();
    await expect(firstCard).toBeVisible();
    const top = await firstCard.evaluate((el) => el.getBoundingClientRect().top);
    expect(top, 'the first result starts on the first screen').toBeLessThan(844 * 0.6);
    await expect(page.getByRole('combobox', { name: 'Tamaño' })).toBeHidden();

    const summary = page.getByText('Filtros (1)', { exact: true });
    await expect(summary).toBeVisible();
    const chip = page.getByRole('link', { name: 'Quitar el filtro Tamaño: Mediano' });
    await expect(chip).toBeVisible();

    await untilInteractive(chip);
    await summary.click();
    await expect(page.getByRole('combobox', { name: 'Tamaño' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Tamaño' })).toHaveValue('medium');

    await chip.click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(pathname(page)).toBe('/perros');
    await expect(page.getByText('Filtros', { exact: true })).toBeVisible();
    await expect(results.getByRole('link', { name: dog.name })).toBeVisible();
  });
});

test.describe('1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the fields show at once, without the Filtros button', async ({ page }) => {
    await page.goto('/perros?sex=female');
    await expect(page.getByRole('combobox', { name: 'Sexo' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sexo' })).toHaveValue('female');
    await expect(page.getByText('Filtros (1)', { exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Quitar el filtro Sexo: Hembra' })).toBeVisible();
  });
});

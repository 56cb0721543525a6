// The catalogue's filters round-trip through the address: validated search params in, the same
// values in the controls, and a change written back to the address (so it can be shared).
import { describe, expect, test } from 'vitest';
import { DOG_COUNT_CAP } from '@/shared/dog';
import { makeDog } from '../support/factories';
import { renderApp, screen } from '../support/test-utils';

describe('/perros search params', () => {
  test('a changed filter is written to the address; Quitar filtros clears it', async () => {
    const { router, user } = renderApp({
      route: '/perros',
      dogs: [
        makeDog({ id: 1, name: 'Toby', size: 'large' }),
        makeDog({ id: 2, name: 'Mona', size: 'small' }),
      ],
    });
    await screen.findByRole('heading', { level: 2, name: 'Toby' }, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tamaño' }), 'Pequeño');
    expect(await screen.findByText('1 perro encontrado')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ size: 'small' });
    expect(router.state.location.href).toBe('/perros?size=small');
    expect(screen.queryByRole('heading', { level: 2, name: 'Toby' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Quitar filtros' }));
    expect(await screen.findByText('2 perros encontrados')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
  });
});

describe('/perros count', () => {
  test('past the count cap it says "Más de 1.000"', async () => {
    const dogs = Array.from({ length: DOG_COUNT_CAP + 5 }, (_, i) =>
      makeDog({ id: i + 1, name: `Perro ${i + 1}` }),
    );
    renderApp({ route: '/perros', dogs });
    expect(
      await screen.findByText('Más de 1.000 perros encontrados', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

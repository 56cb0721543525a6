// The dog carousel: loading, empty and error states, cards and ownership, pictures, the
// pause/play control and autoplay, and paging through the list.
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeDog, makeDogs, makeUser } from '../support/factories';
import { mockCarouselLayout } from '../support/carousel-layout';
import { apiError } from '../support/msw/handlers';
import { server } from '../support/msw/server';
import { deferred, findCarousel, recordRequests, renderApp, screen } from '../support/test-utils';

const adoptSection = () => screen.findByRole('region', { name: 'PERROS EN ADOPCIÓN' });

afterEach(() => {
  vi.useRealTimers();
});

describe('carousel states', () => {
  test("shows 'Cargando...' only while the dogs load", async () => {
    const gate = deferred();
    server.use(
      http.get('/api/dog', async () => {
        await gate.promise;
        return HttpResponse.json([]);
      }),
    );
    renderApp();
    const section = await adoptSection();
    expect(await within(section).findByRole('status')).toHaveTextContent('Cargando...');

    gate.release();
    expect(await within(section).findByText('Aún no hay perros en adopción')).toBeInTheDocument();
    expect(within(section).queryByText('Cargando...')).not.toBeInTheDocument();
  });

  test("an empty list says 'Aún no hay perros en adopción' instead of loading forever", async () => {
    renderApp({ dogs: [] });
    const section = await adoptSection();
    expect(await within(section).findByText('Aún no hay perros en adopción')).toBeInTheDocument();
    expect(
      within(section).queryByRole('region', { name: 'Perros en adopción' }),
    ).not.toBeInTheDocument();
  });

  test('a failed load says so and Reintentar loads the dogs again', async () => {
    server.use(http.get('/api/dog', () => apiError(500, 'Error interno del servidor')));
    const { user } = renderApp({ dogs: [makeDog({ name: 'Canela' })] });
    const section = await adoptSection();
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar los perros en adopción.');
    expect(alert).toHaveTextContent('Error interno del servidor');

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByRole('img', { name: 'Canela' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('cards', () => {
  test('lists the dogs newest first with name, city and a lazy 18rem × 16rem picture', async () => {
    renderApp({
      dogs: [
        makeDog({ id: 1, name: 'Viejo', city: 'Palmira' }),
        makeDog({
          id: 2,
          name: 'Nuevo',
          city: 'Jamundí',
          image: 'https://fotos.example/nuevo.jpg',
        }),
      ],
    });
    await findCarousel();
    const cards = screen.getAllByRole('article').filter((a) => a.closest('#adopt'));
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Nuevo',
      'Viejo',
    ]);
    expect(cards[0]).toHaveTextContent('Jamundí');
    const img = within(cards[0]!).getByRole('img', { name: 'Nuevo' });
    expect(img).toHaveAttribute('src', 'https://fotos.example/nuevo.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '288');
    expect(img).toHaveAttribute('height', '256');
  });

  test('a dog without a picture, or whose picture fails, shows the local placeholder', async () => {
    renderApp({
      dogs: [
        makeDog({ id: 1, name: 'Sin foto', image: '' }),
        makeDog({ id: 2, name: 'Foto rota', image: 'https://fotos.example/rota.jpg' }),
      ],
    });
    await findCarousel();
    expect(screen.getByRole('img', { name: 'Sin foto' })).toHaveAttribute(
      'src',
      '/dog-placeholder.svg',
    );
    const broken = screen.getByRole('img', { name: 'Foto rota' });
    expect(broken).toHaveAttribute('src', 'https://fotos.example/rota.jpg');
    fireEvent.error(broken);
    expect(broken).toHaveAttribute('src', '/dog-placeholder.svg');
  });

  test("the owner sees EDITAR on their own dog and 'Info Dog' on everyone else's", async () => {
    const owner = makeUser();
    renderApp({
      loggedInAs: owner,
      dogs: [
        makeDog({ id: 1, name: 'Mío', hostage_id: owner.id }),
        makeDog({ id: 2, name: 'Ajeno', hostage_id: 999 }),
      ],
    });
    await screen.findByRole('button', { name: 'SALIR' });
    const mine = await screen.findByRole('article', { name: 'Mío' });
    await within(mine).findByRole('button', { name: 'EDITAR' });
    expect(within(mine).queryByRole('button', { name: 'Info Dog' })).not.toBeInTheDocument();
    const theirs = screen.getByRole('article', { name: 'Ajeno' });
    expect(within(theirs).getByRole('button', { name: 'Info Dog' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'EDITAR' })).not.toBeInTheDocument();
  });

  test("a visitor sees 'Info Dog' on every card", async () => {
    renderApp({
      dogs: [
        makeDog({ id: 1, name: 'Uno', hostage_id: 5 }),
        makeDog({ id: 2, name: 'Dos', hostage_id: 6 }),
      ],
    });
    await findCarousel();
    expect(screen.getAllByRole('button', { name: 'Info Dog' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'EDITAR' })).not.toBeInTheDocument();
  });

  test('the arrows have Spanish names', async () => {
    renderApp({ dogs: makeDogs(4) });
    const carousel = await findCarousel();
    expect(within(carousel).getByRole('button', { name: 'Perro anterior' })).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Perro siguiente' })).toBeInTheDocument();
  });
});

describe('autoplay (WCAG 2.2.2)', () => {
  const position = () => document.querySelector('#adopt [aria-live]');
  /** Embla starts in an effect after the first render: let it (and the autoplay timer) start. */
  const carouselReady = () => act(() => vi.advanceTimersByTimeAsync(100));

  test('the pause/play control comes first in the carousel tab order and toggles autoplay', async () => {
    const { user } = renderApp({ dogs: makeDogs(5) });
    await findCarousel();
    const section = document.getElementById('adopt')!;
    const firstStop = section.querySelector<HTMLElement>(
      'button:not([tabindex="-1"]), a[href], [tabindex="0"]',
    );
    expect(firstStop).toHaveAccessibleName('Pausar');
    // While rotating, the position is not announced.
    expect(position()).toHaveAttribute('aria-live', 'off');

    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(screen.getByRole('button', { name: 'Reproducir' })).toBeInTheDocument();
    expect(position()).toHaveAttribute('aria-live', 'polite');
    expect(position()).toHaveTextContent('Perro 1 de 5: Perro 5');

    await user.click(screen.getByRole('button', { name: 'Reproducir' }));
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
  });

  test('advances every 3 s and stops while the pointer is over the carousel', async () => {
    mockCarouselLayout();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp({ dogs: makeDogs(5) });
    await findCarousel();
    await carouselReady();
    expect(position()).toHaveTextContent('Perro 1 de 5');

    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toHaveTextContent('Perro 2 de 5');

    const section = document
      .getElementById('adopt')!
      .querySelector('[aria-roledescription="carrusel"]')!.parentElement!;
    fireEvent.mouseEnter(section);
    act(() => vi.advanceTimersByTime(9000));
    expect(position()).toHaveTextContent('Perro 2 de 5');

    fireEvent.mouseLeave(section);
    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toHaveTextContent('Perro 3 de 5');
  });

  test('stops while a card has keyboard focus', async () => {
    mockCarouselLayout();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp({ dogs: makeDogs(5) });
    await findCarousel();
    await carouselReady();
    act(() => screen.getAllByRole('button', { name: 'Info Dog' })[0]!.focus());
    act(() => vi.advanceTimersByTime(9000));
    expect(position()).toHaveTextContent('Perro 1 de 5');
  });

  test('stays put while a dog opened from a card is shown, and goes on after it closes', async () => {
    mockCarouselLayout();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp({ dogs: makeDogs(5) });
    await findCarousel();
    await carouselReady();
    await user.click(screen.getAllByRole('button', { name: 'Info Dog' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: /^Información de / });
    // The pointer leaves the carousel and focus is in the dialog: only the open modal holds it.
    const section = document
      .getElementById('adopt')!
      .querySelector('[aria-roledescription="carrusel"]')!.parentElement!;
    fireEvent.mouseLeave(section);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    act(() => vi.advanceTimersByTime(9000));
    expect(position()).toHaveTextContent('Perro 1 de 5');

    await user.click(await within(dialog).findByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    act(() => vi.advanceTimersByTime(3000));
    expect(position()).toHaveTextContent('Perro 2 de 5');
    // The modal's lazy chunks are compiled on first use.
  }, 30_000);

  test('starts paused when the visitor prefers reduced motion', async () => {
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion: reduce'),
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    renderApp({ dogs: makeDogs(3) });
    await findCarousel();
    expect(await screen.findByRole('button', { name: 'Reproducir' })).toBeInTheDocument();
    expect(position()).toHaveAttribute('aria-live', 'polite');
    vi.mocked(window.matchMedia).mockReset();
  });
});

describe('paging', () => {
  test('loads the next page of 24 (before the oldest id) as the visitor nears the end', async () => {
    mockCarouselLayout();
    const requests = recordRequests(server);
    const { user } = renderApp({ dogs: makeDogs(30) });
    const carousel = await findCarousel();
    expect(within(carousel).getAllByRole('group')).toHaveLength(24);
    expect(requests.filter((r) => r.startsWith('GET /api/dog?'))).toEqual([
      'GET /api/dog?limit=24',
    ]);

    const next = within(carousel).getByRole('button', { name: 'Perro siguiente' });
    for (let i = 0; i < 17; i++) await user.click(next);
    expect(requests).not.toContain('GET /api/dog?limit=24&before=7');

    await user.click(next);
    expect(await within(carousel).findByRole('img', { name: 'Perro 1' })).toBeInTheDocument();
    expect(requests).toContain('GET /api/dog?limit=24&before=7');
    expect(within(carousel).getAllByRole('group')).toHaveLength(30);
  });
});

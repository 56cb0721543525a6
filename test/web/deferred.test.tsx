// Below-the-fold parts of the server-rendered landing page: drawn in full by the server, their
// code loaded (and the server HTML hydrated) only when they come near the screen; rendered at
// once when the page is drawn on the client.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { deferred, preloadDeferred } from '@/components/deferred';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <section id="abajo">
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    </section>
  );
}

/** IntersectionObservers created by the code under test, with a way to bring targets on screen. */
function observeIntersections() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    targets: Element[];
  }[] = [];
  class FakeObserver {
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit,
    ) {
      observers.push({ callback, options, targets: [] });
    }
    observe(target: Element) {
      observers.find((o) => o.callback === this.callback)!.targets.push(target);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  // The setup file's stub is not configurable, but writable.
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    observers,
    bringOnScreen() {
      for (const o of observers) {
        const entries = o.targets.map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        );
        o.callback(entries, {} as IntersectionObserver);
      }
    },
  };
}

const SetupObserver = window.IntersectionObserver;
afterEach(() => {
  window.IntersectionObserver = SetupObserver;
  document.body.innerHTML = '';
});

describe('deferred parts', () => {
  test('drawn on the client, the part loads at once', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const Part = deferred({ nearId: 'abajo', margin: '0px', load });
    // Awaited act: React retries a suspended render inside act only when act is awaited.
    await act(async () => {
      render(<Part label="Contar" />);
    });
    expect(screen.getByRole('button', { name: 'Contar 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('the server draws the part in full once its code is preloaded', async () => {
    const Part = deferred({ nearId: 'abajo', margin: '0px', load: () => Promise.resolve(Counter) });
    await preloadDeferred();
    expect(renderToString(<Part label="Contar" />)).toMatch(
      /^<!--\$--><section id="abajo"><button type="button">Contar(<!-- -->)? (<!-- -->)?0<\/button><\/section><!--\/\$-->$/,
    );
  });

  /** The server's HTML of <Counter label="Contar">, hydrated with a deferred part loaded by hand. */
  async function hydrateServerHtml(margin: string) {
    const Server = deferred({
      nearId: 'abajo',
      margin: '0px',
      load: () => Promise.resolve(Counter),
    });
    await Server.preload();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Server label="Contar" />);
    document.body.append(container);
    const serverButton = screen.getByRole('button', { name: 'Contar 0' });

    // The latest download's outcome, decided by the test.
    let settle!: { resolve: (component: typeof Counter) => void; reject: (error: Error) => void };
    const load = vi.fn(
      () => new Promise<typeof Counter>((resolve, reject) => (settle = { resolve, reject })),
    );
    const Part = deferred({ nearId: 'abajo', margin, load });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => errors.mockRestore());
    await act(async () => {
      hydrateRoot(container, <Part label="Contar" />);
    });
    return {
      serverButton,
      load,
      finishLoading: () =>
        act(async () => {
          settle.resolve(Counter);
        }),
      failLoading: () =>
        act(async () => {
          settle.reject(new Error('sin red'));
        }),
      /** Hydration mismatches React reported (act() notices aside). */
      mismatches: () => errors.mock.calls.map(String).filter((m) => /hydrat|match/i.test(m)),
    };
  }

  test('hydrating, the server HTML stays untouched until the part comes near the screen', async () => {
    const intersections = observeIntersections();
    const page = await hydrateServerHtml('100% 0px');
    expect(page.load).not.toHaveBeenCalled();
    expect(intersections.observers.map((o) => o.options?.rootMargin)).toEqual(['100% 0px']);

    await act(async () => {
      intersections.bringOnScreen();
    });
    expect(page.load).toHaveBeenCalledTimes(1);
    await page.finishLoading();
    // Hydrated in place: the same element, no mismatch, and now it works.
    expect(screen.getByRole('button', { name: 'Contar 0' })).toBe(page.serverButton);
    await userEvent.click(page.serverButton);
    expect(page.serverButton).toHaveTextContent('Contar 1');
    expect(page.mismatches()).toEqual([]);
  });

  test('a click on the server HTML before hydration loads the part and is replayed after it', async () => {
    observeIntersections();
    const page = await hydrateServerHtml('100% 0px');
    await act(async () => {
      page.serverButton.click();
    });
    expect(page.load).toHaveBeenCalledTimes(1);
    expect(page.serverButton).toHaveTextContent('Contar 0');

    await page.finishLoading();
    await waitFor(() => expect(page.serverButton).toHaveTextContent('Contar 1'));
    await userEvent.click(page.serverButton);
    expect(page.serverButton).toHaveTextContent('Contar 2');
    expect(page.mismatches()).toEqual([]);
  });

  test('keyboard focus reaching into the server HTML starts loading the part', async () => {
    observeIntersections();
    const page = await hydrateServerHtml('0px');
    expect(page.load).not.toHaveBeenCalled();
    await act(async () => {
      page.serverButton.focus();
    });
    expect(page.load).toHaveBeenCalledTimes(1);
  });

  test('drawn on the client, a failed download shows a Spanish error and Reintentar tries again', async () => {
    const load = vi
      .fn<() => Promise<typeof Counter>>()
      .mockRejectedValueOnce(new Error('sin red'))
      .mockResolvedValue(Counter);
    const Part = deferred({ nearId: 'abajo', margin: '0px', load });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      render(
        <MantineProvider>
          <Part label="Contar" />
        </MantineProvider>,
      );
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No pudimos cargar esta parte de la página',
    );
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => {
      screen.getByRole('button', { name: 'Reintentar' }).click();
    });
    expect(screen.getByRole('button', { name: 'Contar 0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockRestore();
  });

  test('hydrating, a failed download leaves the server HTML and the next press tries again', async () => {
    const intersections = observeIntersections();
    const page = await hydrateServerHtml('100% 0px');
    await act(async () => {
      intersections.bringOnScreen();
    });
    await page.failLoading();
    // Nothing replaced: the same server button, no error shown, no second download by itself.
    expect(screen.getByRole('button', { name: 'Contar 0' })).toBe(page.serverButton);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(page.load).toHaveBeenCalledTimes(1);

    await act(async () => {
      page.serverButton.click();
    });
    expect(page.load).toHaveBeenCalledTimes(2);
    await page.finishLoading();
    await waitFor(() => expect(page.serverButton).toHaveTextContent('Contar 1'));
    expect(page.mismatches()).toEqual([]);
  });
});

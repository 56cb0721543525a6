// "Avísame": the offer on a filtered catalogue and on a filtered /perdidos (the filters it saves,
// instant or daily, the API's refusal said as is, a visitor sent to log in first), /cuenta's list
// of alerts in words with pause and delete and a link back to each list, and the unsubscribe
// page (what was stopped, and creating it again).
import { act, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ALERT_MESSAGES, type Alert } from '@/shared/alerts';
import { makeDog, makeUser } from '../support/factories';
import { API, apiError } from '../support/msw/handlers';
import { server } from '../support/msw/server';
import { currentPath, renderApp, screen } from '../support/test-utils';

const vera = () => makeUser({ id: 7, name: 'Vera Visita', email: 'vera@example.com' });
const dogs = () => [makeDog({ id: 1, name: 'Mona', size: 'small', city: 'Cali' })];

let alerts: Alert[];
let posted: unknown[];
const alert = (fields: Partial<Alert>): Alert => ({
  id: 1,
  scope: 'dogs',
  filters: { city: 'Cali', size: 'small' },
  frequency: 'instant',
  paused: false,
  description: 'Pequeños en Cali',
  created_at: '2026-11-20T12:00:00.000Z',
  ...fields,
});

beforeEach(() => {
  alerts = [];
  posted = [];
  server.use(
    http.get(`${API}/me/alerts`, () => HttpResponse.json(alerts)),
    http.post(`${API}/me/alerts`, async ({ request }) => {
      const body = (await request.json()) as {
        scope?: Alert['scope'];
        filters: Alert['filters'];
        frequency: Alert['frequency'];
      };
      posted.push(body);
      const created = alert({
        id: alerts.length + 1,
        scope: body.scope ?? 'dogs',
        filters: body.filters,
        frequency: body.frequency,
        description:
          body.scope === 'lost_found'
            ? 'Perros perdidos en Cali – Comuna 3, pequeños'
            : 'Pequeños en Cali',
      });
      alerts.push(created);
      return HttpResponse.json({ alert: created }, { status: 201 });
    }),
    http.patch(`${API}/me/alerts/:id`, async ({ request, params }) => {
      const { paused } = (await request.json()) as { paused: boolean };
      const found = alerts.find((a) => a.id === Number(params.id))!;
      found.paused = paused;
      return HttpResponse.json({ alert: found });
    }),
    http.delete(`${API}/me/alerts/:id`, ({ params }) => {
      alerts = alerts.filter((a) => a.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

describe('Avísame on /perros', () => {
  test('a filtered list saves its filters (never the status) as a daily alert', async () => {
    const { user } = renderApp({
      route: '/perros?size=small&city=Cali&status=all',
      dogs: dogs(),
      loggedInAs: vera(),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Avísame de perros así' }, { timeout: 5000 }),
    );
    const form = screen.getByRole('form', { name: 'Crear una alerta' });
    expect(within(form).getByText('Pequeños en Cali')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Un resumen diario (8:00 a. m.)' }));
    await user.click(within(form).getByRole('button', { name: 'Crear alerta' }));
    expect(
      await screen.findByText(/Listo: te avisaremos de «Pequeños en Cali» en un resumen diario/),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ filters: { size: 'small', city: 'Cali' }, frequency: 'daily' }]);
    expect(screen.getByRole('link', { name: 'Ver mis alertas' })).toHaveAttribute(
      'href',
      '/cuenta#alertas',
    );
  });

  test('the API refusal is said as is; an unfiltered list offers nothing', async () => {
    server.use(
      http.post(`${API}/me/alerts`, () =>
        apiError(409, 'Ya tienes 10 alertas, el máximo. Borra una para crear otra'),
      ),
    );
    const { user, router } = renderApp({
      route: '/perros?q=mona',
      dogs: dogs(),
      loggedInAs: vera(),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Avísame de perros así' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya tienes 10 alertas, el máximo');
    await router.navigate({ to: '/perros', search: { status: 'all' } });
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Avísame de perros así' }),
      ).not.toBeInTheDocument(),
    );
  });

  test('a visitor without a session is sent to log in, and back to the same list', async () => {
    const { user, router } = renderApp({ route: '/perros?age=puppy', dogs: dogs() });
    await user.click(
      await screen.findByRole('button', { name: 'Avísame de perros así' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/entrar'));
    expect(router.state.location.search).toEqual({ redirect: '/perros?age=puppy' });
  });
});

describe('Avísame on /perdidos', () => {
  beforeEach(() => {
    server.use(http.get('/api/lost-found', () => HttpResponse.json([])));
    // The filters' form and the offer are both keyed by the search: React must not find the
    // same key twice among the page's children.
    const errors = vi.spyOn(console, 'error');
    return () => {
      const duplicates = errors.mock.calls.filter((call) =>
        String(call[0]).includes('two children with the same key'),
      );
      errors.mockRestore();
      expect(duplicates).toEqual([]);
    };
  });

  test('a filtered list saves its filters as a lost and found alert', async () => {
    const { user } = renderApp({
      route: '/perdidos?kind=lost&zone=cali-comuna-3&size=small',
      loggedInAs: vera(),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Avísame de reportes así' }, { timeout: 5000 }),
    );
    const form = screen.getByRole('form', { name: 'Crear una alerta' });
    expect(form).toHaveTextContent(
      'Te escribimos cuando se publique un reporte así: Perros perdidos en Cali – Comuna 3, pequeños.',
    );
    await user.click(within(form).getByRole('button', { name: 'Crear alerta' }));
    expect(
      await screen.findByText(
        /Listo: te avisaremos de «Perros perdidos en Cali – Comuna 3, pequeños» al instante/,
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([
      {
        scope: 'lost_found',
        filters: { kind: 'lost', zone: 'cali-comuna-3', size: 'small' },
        frequency: 'instant',
      },
    ]);
  });

  test('an unfiltered list offers nothing; a visitor is sent to log in and back', async () => {
    const { router } = renderApp({ route: '/perdidos' });
    expect(
      await screen.findByText('Aún no hay reportes abiertos.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Avísame de reportes así' }),
    ).not.toBeInTheDocument();
    await router.navigate({ to: '/perdidos', search: { q: 'collar' } });
    const button = await screen.findByRole('button', { name: 'Avísame de reportes así' });
    button.click();
    await waitFor(() => expect(currentPath(router)).toBe('/entrar'));
    expect(router.state.location.search).toEqual({ redirect: '/perdidos?q=collar' });
  });
});

describe('/cuenta: Mis alertas', () => {
  test('lists each alert in words, pauses, resumes and deletes it', async () => {
    alerts = [
      alert({ id: 1, description: 'Pequeños en Cali, cachorros', frequency: 'daily' }),
      alert({ id: 2, description: 'Perros, hembras', filters: { sex: 'female' } }),
    ];
    const { user } = renderApp({ route: '/cuenta', loggedInAs: vera() });
    const list = await screen.findByRole('list', { name: 'Tus alertas' }, { timeout: 5000 });
    const first = within(list).getByRole('listitem', { name: 'Pequeños en Cali, cachorros' });
    expect(within(first).getByText('Un resumen diario (8:00 a. m.)')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Ver perros así' })).toHaveAttribute(
      'href',
      '/perros?city=Cali&size=small',
    );
    await user.click(within(first).getByRole('button', { name: 'Pausar' }));
    expect(await within(first).findByText('Pausada')).toBeInTheDocument();
    expect(alerts[0]!.paused).toBe(true);
    await user.click(within(first).getByRole('button', { name: 'Reanudar' }));
    await waitFor(() => expect(within(first).queryByText('Pausada')).not.toBeInTheDocument());

    await user.click(
      within(list).getByRole('button', { name: 'Borrar la alerta «Perros, hembras»' }),
    );
    await waitFor(() =>
      expect(
        within(list).queryByRole('listitem', { name: 'Perros, hembras' }),
      ).not.toBeInTheDocument(),
    );
    expect(alerts.map((a) => a.id)).toEqual([1]);
  });

  test('describes a lost and found alert in words and links to /perdidos with its filters', async () => {
    alerts = [
      alert({
        id: 3,
        scope: 'lost_found',
        filters: { kind: 'lost', zone: 'cali-comuna-3', size: 'small' },
        description: 'Perros perdidos en Cali – Comuna 3, pequeños',
      }),
    ];
    renderApp({ route: '/cuenta', loggedInAs: vera() });
    const list = await screen.findByRole('list', { name: 'Tus alertas' }, { timeout: 5000 });
    const item = within(list).getByRole('listitem', {
      name: 'Perros perdidos en Cali – Comuna 3, pequeños',
    });
    expect(within(item).getByRole('link', { name: 'Ver reportes así' })).toHaveAttribute(
      'href',
      '/perdidos?kind=lost&zone=cali-comuna-3&size=small',
    );
  });

  test('without alerts it says how to make one', async () => {
    renderApp({ route: '/cuenta', loggedInAs: vera() });
    expect(
      await screen.findByText(/Aún no tienes alertas/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('/alertas/cancelar#<token>', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
  beforeEach(() => {
    server.use(
      http.post(`${API}/alerts/unsubscribe/:token`, ({ params }) =>
        params.token === token
          ? HttpResponse.json({
              stopped: [
                {
                  filters: { city: 'Cali', age: 'puppy' },
                  frequency: 'instant',
                  description: 'Perros en Cali, cachorros',
                },
              ],
            })
          : apiError(404, ALERT_MESSAGES.tokenNotFound),
      ),
    );
  });

  test('says what was stopped and creates it again with a session', async () => {
    const { user } = renderApp({ route: `/alertas/cancelar#${token}`, loggedInAs: vera() });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Dejar de recibir estos correos' },
        { timeout: 5000 },
      ),
    );
    const stopped = await screen.findByRole('list', { name: 'Alertas canceladas' });
    const item = within(stopped).getByRole('listitem', { name: 'Perros en Cali, cachorros' });
    expect(within(item).getByText('Al instante')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Volver a crearla' }));
    expect(await within(item).findByText(/La creamos de nuevo/)).toBeInTheDocument();
    expect(posted).toEqual([{ filters: { city: 'Cali', age: 'puppy' }, frequency: 'instant' }]);
  });

  test('without a session it links to the same list; a dead link says so', async () => {
    const { user } = renderApp({ route: `/alertas/cancelar#${token}` });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Dejar de recibir estos correos' },
        { timeout: 5000 },
      ),
    );
    expect(
      await screen.findByRole('link', {
        name: '¿Fue un error? Vuelve a crearla desde el catálogo',
      }),
    ).toHaveAttribute('href', '/perros?city=Cali&age=puppy');

    const dead = renderApp({ route: '/alertas/cancelar#OtroTokenQueNoExisteAAAAAAAA' });
    const buttons = await screen.findAllByRole('button', {
      name: 'Dejar de recibir estos correos',
    });
    await dead.user.click(buttons[buttons.length - 1]!);
    expect(await screen.findByText(/Este enlace ya no sirve/)).toBeInTheDocument();
  });

  test('the token is the one the page opened with: the skip link changing the fragment keeps it', async () => {
    const { user, history } = renderApp({ route: `/alertas/cancelar#${token}` });
    const stop = await screen.findByRole(
      'button',
      { name: 'Dejar de recibir estos correos' },
      { timeout: 5000 },
    );
    act(() => history.push('/alertas/cancelar#contenido'));
    await waitFor(() => expect(history.location.hash).toBe('#contenido'));
    await user.click(stop);
    expect(await screen.findByRole('list', { name: 'Alertas canceladas' })).toBeInTheDocument();
  });

  test('a link without its token says what to open instead, and offers nothing to press', async () => {
    for (const route of ['/alertas/cancelar', '/alertas/cancelar#corto']) {
      const { unmount } = renderApp({ route });
      expect(
        await screen.findByRole(
          'heading',
          { name: 'A este enlace le falta su código' },
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute(
        'href',
        '/cuenta#alertas',
      );
      expect(
        screen.queryByRole('button', { name: 'Dejar de recibir estos correos' }),
      ).not.toBeInTheDocument();
      unmount();
    }
  });
});

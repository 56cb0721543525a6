// Lost and found in the browser app: /perdidos lists the reports and applies its filters through
// the address; a report's page shows the matches with their reasons, sends a message to the
// reporter (with the e-mail shared only when ticked), and lets its reporter mark it
// "¡Reencontrado!"; the form says in Spanish what is missing and publishes the report.
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { LOST_FOUND_MESSAGES } from '@/shared/lost-found';
import { makeUser } from '../support/factories';
import { apiError, mockPhoto } from '../support/msw/handlers';
import { server } from '../support/msw/server';
import { currentPath, renderApp, screen } from '../support/test-utils';

const report = (over: Record<string, unknown> = {}) => ({
  id: 11,
  kind: 'lost',
  name: 'Luna',
  sex: 'female',
  size: 'medium',
  colors: ['negro', 'blanco'],
  description: 'Collar rojo, muy asustadiza',
  date: '2026-11-20',
  zone: 'cali-comuna-17',
  zone_name: 'Cali – Comuna 17',
  photos: [],
  status: 'open',
  created_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  expires_at: '2027-01-19T15:00:00.000Z',
  mine: false,
  ...over,
});

const vera = () => makeUser({ id: 7, name: 'Vera Visita', email: 'vera@example.com' });

describe('/perdidos', () => {
  test('lists the reports and sends the filters through the address', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/lost-found', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return HttpResponse.json(
          url.searchParams.get('kind') === 'found'
            ? [report({ id: 12, kind: 'found', name: '', sex: null })]
            : [report(), report({ id: 12, kind: 'found', name: '', sex: null })],
        );
      }),
    );
    const { user, router } = renderApp({ route: '/perdidos' });
    const list = await screen.findByRole('list', { name: 'Reportes' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(
      within(list).getByRole('link', { name: 'Luna, perdida en Cali – Comuna 17' }),
    ).toHaveAttribute('href', '/perdidos/11');
    expect(within(list).getByText('Se busca')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'found');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'found' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Reportes' })).getAllByRole('article'),
      ).toHaveLength(1),
    );
    expect(asked.at(-1)).toBe('?kind=found');
  });

  test('an empty filtered list offers to remove the filters', async () => {
    server.use(http.get('/api/lost-found', () => HttpResponse.json([])));
    const { user, router } = renderApp({ route: '/perdidos?zone=yumbo' });
    expect(
      await screen.findByText('No hay reportes abiertos con estos filtros.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});

describe('/perdidos/$id', () => {
  test('shows the matches with their reasons and writes to the reporter', async () => {
    let sent: unknown;
    server.use(
      http.get('/api/lost-found/11', () => HttpResponse.json({ report: report() })),
      http.get('/api/lost-found/11/matches', () =>
        HttpResponse.json([
          {
            ...report({ id: 12, kind: 'found', name: '' }),
            score: 9,
            reasons: ['misma zona', 'mismo color'],
            reason: 'misma zona, mismo color',
          },
        ]),
      ),
      http.post('/api/lost-found/11/contact', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ sent: true }, { status: 201 });
      }),
    );
    const { user } = renderApp({ route: '/perdidos/11', loggedInAs: vera() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Luna, perdida en Cali – Comuna 17' }),
    ).toBeInTheDocument();
    const matches = await screen.findByRole('list', { name: 'Posibles coincidencias' });
    expect(within(matches).getByText('misma zona, mismo color')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
    // Nothing of the reporter on the page.
    expect(screen.queryByRole('button', { name: '¡Reencontrado!' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();

    const form = screen.getByRole('form', { name: 'Escribir a quien lo publicó' });
    await user.click(within(form).getByRole('button', { name: 'Enviar mensaje' }));
    expect(
      await within(form).findByText('El mensaje debe tener al menos 10 caracteres'),
    ).toBeInTheDocument();
    await user.type(
      within(form).getByRole('textbox', { name: /Tu mensaje/ }),
      'La vi en el parque esta mañana',
    );
    await user.click(within(form).getByRole('checkbox', { name: /Compartir mi correo/ }));
    await user.click(within(form).getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Mensaje enviado')).toBeInTheDocument();
    expect(sent).toEqual({ message: 'La vi en el parque esta mañana', share_email: true });
  });

  test('a visitor is asked to log in before writing', async () => {
    server.use(
      http.get('/api/lost-found/11', () => HttpResponse.json({ report: report() })),
      http.get('/api/lost-found/11/matches', () => HttpResponse.json([])),
    );
    renderApp({ route: '/perdidos/11' });
    const link = await screen.findByRole('link', { name: 'Inicia sesión' });
    expect(link).toHaveAttribute('href', '/entrar?redirect=%2Fperdidos%2F11');
    expect(
      screen.getByText(/Aún no hay reportes de perros encontrados que se parezcan/),
    ).toBeInTheDocument();
  });

  test('its reporter marks it ¡Reencontrado!', async () => {
    let body: unknown;
    server.use(
      http.get('/api/lost-found/11', () => HttpResponse.json({ report: report({ mine: true }) })),
      http.get('/api/lost-found/11/matches', () => HttpResponse.json([])),
      http.patch('/api/lost-found/11', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ report: report({ mine: true, status: 'reunited' }) });
      }),
    );
    const { user } = renderApp({ route: '/perdidos/11', loggedInAs: vera() });
    expect(await screen.findByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/perdidos/11/editar',
    );
    await user.click(await screen.findByRole('button', { name: '¡Reencontrado!' }));
    expect(screen.queryByRole('button', { name: 'Reportar' })).toBeNull();
    await waitFor(() => expect(body).toEqual({ status: 'reunited' }));
    expect(
      await screen.findByText('¡Reencontrado!', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
  });

  test('"Reportar" sends a complaint, thanks in Spanish and says a repeated one is refused', async () => {
    const complaints: unknown[] = [];
    server.use(
      http.get('/api/lost-found/11', () => HttpResponse.json({ report: report() })),
      http.get('/api/lost-found/11/matches', () => HttpResponse.json([])),
      http.post('/api/lost-found/11/report', async ({ request }) => {
        complaints.push(await request.json());
        return complaints.length === 1
          ? HttpResponse.json({ id: 5 }, { status: 201 })
          : apiError(409, LOST_FOUND_MESSAGES.alreadyReported);
      }),
    );
    const { user } = renderApp({ route: '/perdidos/11', loggedInAs: vera() });
    await user.click(await screen.findByRole('button', { name: 'Reportar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar esta publicación' });
    // The form's code loads with the first "Reportar": the dialog shows a loader until it arrives.
    await user.click(await within(dialog).findByRole('radio', { name: 'Información falsa' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Detalles/ }),
      'Pide plata para devolverla',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText('Reporte enviado')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Gracias. El equipo revisará la publicación «Luna, perdida en Cali – Comuna 17».',
      ),
    ).toBeInTheDocument();
    expect(complaints).toEqual([{ reason: 'false_info', details: 'Pide plata para devolverla' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Reportar' }));
    const again = await screen.findByRole('dialog', { name: 'Reportar esta publicación' });
    await user.click(await within(again).findByRole('radio', { name: 'Spam' }));
    await user.click(within(again).getByRole('button', { name: 'Enviar reporte' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(
      'Ya reportaste esta publicación',
    );
  });

  test('no "Reportar" for a visitor nor for its own reporter', async () => {
    server.use(
      http.get('/api/lost-found/11', () => HttpResponse.json({ report: report() })),
      http.get('/api/lost-found/11/matches', () => HttpResponse.json([])),
    );
    renderApp({ route: '/perdidos/11' });
    await screen.findByRole('heading', { level: 1, name: 'Luna, perdida en Cali – Comuna 17' });
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reportar' })).toBeNull();
  });

  test('a report that does not exist is a Spanish 404 page', async () => {
    server.use(
      http.get('/api/lost-found/99', () =>
        HttpResponse.json({ error: 'El reporte no existe' }, { status: 404 }),
      ),
      http.get('/api/lost-found/99/matches', () =>
        HttpResponse.json({ error: 'El reporte no existe' }, { status: 404 }),
      ),
    );
    renderApp({ route: '/perdidos/99' });
    expect(await screen.findByText('Este reporte ya no está publicado')).toBeInTheDocument();
  });
});

describe('/perdidos/nuevo', () => {
  test('says what is missing, then publishes the report and opens its page', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/lost-found', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ report: report({ mine: true }) }, { status: 201 });
      }),
      http.get('/api/lost-found/11', () => HttpResponse.json({ report: report({ mine: true }) })),
      http.get('/api/lost-found/11/matches', () => HttpResponse.json([])),
    );
    const { user, router } = renderApp({ route: '/perdidos/nuevo', loggedInAs: vera() });
    const form = await screen.findByRole('form', { name: 'Publicar un reporte' });
    await user.click(within(form).getByRole('button', { name: 'Publicar' }));
    expect(
      await within(form).findByText('Elige si lo perdiste o lo encontraste'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Elige al menos un color')).toBeInTheDocument();
    expect(within(form).getByText('Elige la zona')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.click(within(form).getByRole('radio', { name: 'Perdí mi perro' }));
    await user.type(within(form).getByRole('textbox', { name: 'Nombre del perro' }), 'Luna');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Sexo' }), 'female');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tamaño/ }), 'medium');
    await user.click(within(form).getByRole('checkbox', { name: 'Negro' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Blanco' }));
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Zona/ }),
      'cali-comuna-17',
    );
    await user.type(
      within(form).getByRole('textbox', { name: /Descripción/ }),
      'Collar rojo, muy asustadiza',
    );
    await user.click(within(form).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(currentPath(router)).toBe('/perdidos/11'));
    expect(body).toMatchObject({
      kind: 'lost',
      name: 'Luna',
      sex: 'female',
      size: 'medium',
      colors: ['negro', 'blanco'],
      zone: 'cali-comuna-17',
      description: 'Collar rojo, muy asustadiza',
      photo_ids: [],
    });
    expect(body!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test('a visitor is sent to log in first', async () => {
    const { router } = renderApp({ route: '/perdidos/nuevo' });
    await waitFor(() => expect(currentPath(router)).toBe('/entrar'));
  });
});

describe('/perdidos/$id/editar', () => {
  test('its reporter finds the form filled in, is told what is wrong in Spanish, and saves only what changed', async () => {
    const mine = report({ mine: true, photos: [mockPhoto(31), mockPhoto(32)] });
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.get('/api/lost-found/11', () => HttpResponse.json({ report: mine })),
      http.get('/api/lost-found/11/matches', () => HttpResponse.json([])),
      http.patch('/api/lost-found/11', async ({ request }) => {
        sent.push(await request.json());
        if (refuse) return apiError(409, LOST_FOUND_MESSAGES.notOpen);
        return HttpResponse.json({
          report: { ...mine, description: 'Collar azul', photos: [mockPhoto(32)] },
        });
      }),
    );
    const { user, router } = renderApp({ route: '/perdidos/11/editar', loggedInAs: vera() });
    const form = await screen.findByRole('form', { name: 'Editar tu reporte' });
    // Its kind is said, never asked again.
    expect(within(form).queryByRole('radio')).toBeNull();
    expect(form).toHaveTextContent('Perdiste este perro');
    expect(within(form).getByRole('textbox', { name: 'Nombre del perro' })).toHaveValue('Luna');
    expect(within(form).getByRole('combobox', { name: 'Sexo' })).toHaveValue('female');
    expect(within(form).getByRole('combobox', { name: /Tamaño/ })).toHaveValue('medium');
    expect(within(form).getByRole('checkbox', { name: 'Negro' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Blanco' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Café' })).not.toBeChecked();
    expect(within(form).getByRole('combobox', { name: /Zona/ })).toHaveValue('cali-comuna-17');
    expect(within(form).getByLabelText(/Fecha en que se perdió/)).toHaveValue('2026-11-20');
    const description = within(form).getByRole('textbox', { name: /Descripción/ });
    expect(description).toHaveValue('Collar rojo, muy asustadiza');
    const photos = () =>
      within(within(form).getByRole('list', { name: 'Fotos del perro' })).getAllByRole('listitem');
    expect(photos()).toHaveLength(2);

    const save = within(form).getByRole('button', { name: 'Guardar cambios' });
    await user.click(save);
    expect(await within(form).findByText('No hay nada que cambiar')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: 'Negro' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Blanco' }));
    await user.click(save);
    expect(await within(form).findByText('Elige al menos un color')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('checkbox', { name: 'Negro' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Blanco' }));
    await user.click(within(photos()[0]!).getByRole('button', { name: 'Quitar' }));
    await user.clear(description);
    await user.type(description, 'Collar azul');
    await user.click(save);
    expect(await within(form).findByText(LOST_FOUND_MESSAGES.notOpen)).toBeInTheDocument();
    refuse = false;
    await user.click(save);
    await waitFor(() => expect(currentPath(router)).toBe('/perdidos/11'));
    const change = { description: 'Collar azul', photo_ids: [32] };
    expect(sent).toEqual([change, change]);
  });

  test('someone else gets no form', async () => {
    server.use(http.get('/api/lost-found/11', () => HttpResponse.json({ report: report() })));
    renderApp({ route: '/perdidos/11/editar', loggedInAs: vera() });
    expect(
      await screen.findByText('Solo quien publicó el reporte puede cambiarlo.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Editar tu reporte' })).toBeNull();
  });

  test('a visitor is sent to log in first', async () => {
    const { router } = renderApp({ route: '/perdidos/11/editar' });
    await waitFor(() => expect(currentPath(router)).toBe('/entrar'));
  });
});

// Organizations in the browser app: the public page (badge, figures, dogs, the safe-adoption
// link, no member e-mail), the list, registering one (Spanish errors, then its page), accepting
// an invitation (logged in, or asked to log in), managing members (invite, the last admin's
// refusal said in Spanish), /adoptar-seguro from the footer, the dog page's organization and
// contact reminder, and the admins' list of organizations waiting for verification.
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { OrgsSection } from '@/features/admin/components/orgs-section';
import { ORG_MESSAGES, type MyOrg, type Org, type OrgPage, type WaitingOrg } from '@/shared/org';
import { makeDog, makeUser } from '../support/factories';
import { API, apiError } from '../support/msw/handlers';
import { server } from '../support/msw/server';
import { renderFeature } from '../support/render-feature';
import { currentPath, renderApp, screen } from '../support/test-utils';

const ORG: Org = {
  id: 3,
  slug: 'patitas-del-valle',
  name: 'Patitas del Valle',
  kind: 'fundacion',
  zone: 'cali-comuna-17',
  zone_name: 'Cali – Comuna 17',
  description: 'Rescatamos perros en el sur de Cali desde 2015.',
  links: ['https://instagram.com/patitasdelvalle'],
  verified: true,
  created_at: '2026-10-01T15:00:00.000Z',
};
const TOKEN = 'a'.repeat(43);
const ana = () => makeUser({ id: 21, name: 'Ana Fundadora', email: 'ana@example.com' });
const beto = () => makeUser({ id: 22, name: 'Beto Voluntario', email: 'beto@example.com' });

function orgDog(): OrgPage['dogs'][number] {
  return {
    ...makeDog({ id: 41, name: 'Canela', hostage_id: 22 }),
    image_url: '',
    photos: [],
    user: { name: '', email: '' },
    org: { id: ORG.id, slug: ORG.slug, name: ORG.name, verified: true },
  };
}

function pageApi(page: Partial<OrgPage> = {}) {
  const body: OrgPage = {
    org: ORG,
    stats: {
      available_dogs: 1,
      adoptions_closed: 7,
      median_response_minutes: 90,
      members: 2,
      active_adoptions: 0,
      follow_ups_up_to_date: 0,
      follow_ups_up_to_date_percent: null,
    },
    dogs: [orgDog()],
    ...page,
  };
  server.use(
    http.get(`${API}/orgs/:slug`, ({ params }) =>
      params.slug === ORG.slug ? HttpResponse.json(body) : apiError(404, ORG_MESSAGES.notFound),
    ),
  );
}

const myOrgs = (orgs: MyOrg[]) =>
  server.use(http.get(`${API}/me/orgs`, () => HttpResponse.json(orgs)));

describe('an organization’s public page', () => {
  test('shows who they are, the badge, their figures and dogs, never an e-mail', async () => {
    pageApi();
    renderApp({ route: `/fundaciones/${ORG.slug}` });
    expect(await screen.findByRole('heading', { level: 1, name: ORG.name })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getAllByText('Verificada').length).toBeGreaterThan(0);
    expect(main).toHaveTextContent('Fundación · Cali – Comuna 17');
    expect(main).toHaveTextContent('Adopciones cerradas7');
    expect(main).toHaveTextContent('Suele responder enunas 2 horas');
    expect(
      within(main).getByRole('link', { name: 'instagram.com/patitasdelvalle' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    const dogs = within(main).getByRole('list', { name: 'Perros de la organización' });
    expect(within(dogs).getByRole('link', { name: 'Canela' })).toHaveAttribute(
      'href',
      '/perros/41',
    );
    expect(within(main).getByRole('link', { name: 'Cómo adoptar seguro' })).toHaveAttribute(
      'href',
      '/adoptar-seguro',
    );
    expect(main.textContent).not.toContain('@');
    expect(within(main).queryByRole('link', { name: 'Administrar integrantes' })).toBeNull();
  });

  test('the share of follow-ups up to date shows once an adoption of theirs is followed up', async () => {
    pageApi();
    renderApp({ route: `/fundaciones/${ORG.slug}` });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Adopciones cerradas')).toBeInTheDocument();
    expect(main).not.toHaveTextContent('Seguimientos al día');
  });

  test.each([
    [3, 4, 75, 'Seguimientos al día75 %3 de 4 adopciones en seguimiento'],
    [1, 1, 100, 'Seguimientos al día100 %1 de 1 adopción en seguimiento'],
    [0, 2, 0, 'Seguimientos al día0 %0 de 2 adopciones en seguimiento'],
  ])('%i of %i follow-ups up to date read in Spanish', async (upToDate, active, percent, text) => {
    pageApi({
      stats: {
        available_dogs: 1,
        adoptions_closed: 7,
        median_response_minutes: 90,
        members: 2,
        active_adoptions: active,
        follow_ups_up_to_date: upToDate,
        follow_ups_up_to_date_percent: percent,
      },
    });
    renderApp({ route: `/fundaciones/${ORG.slug}` });
    const term = await screen.findByText('Seguimientos al día');
    expect(term.tagName).toBe('DT');
    expect(term.parentElement).toHaveTextContent(text);
    expect(term.nextElementSibling!.textContent).toBe(
      `${percent}\u00a0%${upToDate} de ${active} ${active === 1 ? 'adopción' : 'adopciones'} en seguimiento`,
    );
  });

  test('an organization that does not exist is a Spanish 404 page', async () => {
    pageApi();
    renderApp({ route: '/fundaciones/no-existe' });
    expect(
      await screen.findByRole('heading', { name: 'Esta organización no existe' }),
    ).toBeInTheDocument();
  });

  test('its members see the way to manage it; only its admins the way to edit it', async () => {
    pageApi();
    myOrgs([{ ...ORG, role: 'member' }]);
    renderApp({ route: `/fundaciones/${ORG.slug}`, users: [beto()], loggedInAs: beto() });
    expect(await screen.findByRole('link', { name: 'Administrar integrantes' })).toHaveAttribute(
      'href',
      `/fundaciones/${ORG.slug}/integrantes`,
    );
    expect(screen.queryByRole('link', { name: 'Editar datos' })).toBeNull();
  });

  test('its admins see the way to edit it', async () => {
    pageApi();
    myOrgs([{ ...ORG, role: 'admin' }]);
    renderApp({ route: `/fundaciones/${ORG.slug}`, users: [ana()], loggedInAs: ana() });
    expect(await screen.findByRole('link', { name: 'Editar datos' })).toHaveAttribute(
      'href',
      `/fundaciones/${ORG.slug}/editar`,
    );
  });
});

describe('the list and registering', () => {
  test('/fundaciones lists them with the badge and their dogs', async () => {
    server.use(
      http.get(`${API}/orgs`, () =>
        HttpResponse.json([
          { ...ORG, available_dogs: 3 },
          {
            ...ORG,
            id: 4,
            slug: 'huellitas',
            name: 'Huellitas',
            verified: false,
            available_dogs: 0,
          },
        ]),
      ),
    );
    renderApp({ route: '/fundaciones' });
    const list = await screen.findByRole('list', { name: 'Organizaciones' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Patitas del Valle');
    expect(items[0]).toHaveTextContent('Verificada');
    expect(items[0]).toHaveTextContent('3 perros buscan hogar');
    expect(items[1]).not.toHaveTextContent('Verificada');
    expect(items[1]).toHaveTextContent('Sin perros publicados ahora');
  });

  test('the form says what is missing in Spanish, then opens the new page', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/orgs`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ org: { ...ORG, verified: false } }, { status: 201 });
      }),
    );
    pageApi();
    const { user, router } = renderApp({
      route: '/fundaciones/nueva',
      users: [ana()],
      loggedInAs: ana(),
    });
    const form = await screen.findByRole('form', { name: 'Registrar una organización' });
    await user.click(within(form).getByRole('button', { name: 'Registrar organización' }));
    expect(
      await within(form).findByText('El nombre debe tener al menos 2 caracteres'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Elige si es fundación, rescatista o refugio'),
    ).toBeInTheDocument();
    expect(within(form).getByText('La zona no es válida')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(form).getByRole('textbox', { name: /Nombre/ }), ORG.name);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo/ }), 'fundacion');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Zona/ }),
      'cali-comuna-17',
    );
    await user.type(within(form).getByRole('textbox', { name: /Descripción/ }), ORG.description);
    await user.type(within(form).getByRole('textbox', { name: /Enlaces/ }), 'ftp://mal');
    await user.click(within(form).getByRole('button', { name: 'Registrar organización' }));
    expect(
      await within(form).findByText(
        'Cada enlace debe ser una dirección que empiece por http:// o https://',
      ),
    ).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Enlaces/ }));
    await user.click(within(form).getByRole('button', { name: 'Registrar organización' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/fundaciones/${ORG.slug}`));
    expect(sent).toEqual({
      name: ORG.name,
      kind: 'fundacion',
      zone: 'cali-comuna-17',
      description: ORG.description,
      links: [],
    });
  });
});

describe('editing', () => {
  test('the filled-in form says what is wrong in Spanish, sends only what changed, then opens the page', async () => {
    myOrgs([{ ...ORG, role: 'admin' }]);
    pageApi();
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.patch(`${API}/orgs/:id`, async ({ params, request }) => {
        sent.push({ id: params.id, body: await request.json() });
        if (refuse) return apiError(403, ORG_MESSAGES.notAdmin);
        return HttpResponse.json({ org: { ...ORG, name: 'Patitas del Sur', verified: false } });
      }),
    );
    const { user, router } = renderApp({
      route: `/fundaciones/${ORG.slug}/editar`,
      users: [ana()],
      loggedInAs: ana(),
    });
    const form = await screen.findByRole('form', { name: 'Editar la organización' });
    const name = within(form).getByRole('textbox', { name: /Nombre/ });
    expect(name).toHaveValue(ORG.name);
    expect(within(form).getByRole('combobox', { name: /Tipo/ })).toHaveValue('fundacion');
    expect(within(form).getByRole('combobox', { name: /Zona/ })).toHaveValue('cali-comuna-17');
    expect(within(form).getByRole('textbox', { name: /Descripción/ })).toHaveValue(ORG.description);
    expect(within(form).getByRole('textbox', { name: /Enlaces/ })).toHaveValue(ORG.links[0]);
    // A verified organization is told what a new name means.
    expect(form).toHaveTextContent('pierde la insignia «Verificada»');

    const save = within(form).getByRole('button', { name: 'Guardar cambios' });
    await user.click(save);
    expect(await within(form).findByText(ORG_MESSAGES.nothingToChange)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'P');
    await user.click(save);
    expect(
      await within(form).findByText('El nombre debe tener al menos 2 caracteres'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(name, 'atitas del Sur');
    await user.click(save);
    expect(await within(form).findByText(ORG_MESSAGES.notAdmin)).toBeInTheDocument();
    refuse = false;
    await user.click(save);
    await waitFor(() => expect(currentPath(router)).toBe(`/fundaciones/${ORG.slug}`));
    expect(sent).toEqual([
      { id: String(ORG.id), body: { name: 'Patitas del Sur' } },
      { id: String(ORG.id), body: { name: 'Patitas del Sur' } },
    ]);
  });

  test('a member who does not administer it gets no form', async () => {
    myOrgs([{ ...ORG, role: 'member' }]);
    renderApp({
      route: `/fundaciones/${ORG.slug}/editar`,
      users: [beto()],
      loggedInAs: beto(),
    });
    expect(await screen.findByText('No administras esta organización')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Editar la organización' })).toBeNull();
  });
});

describe('invitations and members', () => {
  const invitationApi = () => {
    const accepted: string[] = [];
    server.use(
      http.get(`${API}/org-invitations/:token`, () =>
        HttpResponse.json({
          org: { name: ORG.name, slug: ORG.slug, kind: ORG.kind },
          email: 'beto@example.com',
        }),
      ),
      http.post(`${API}/org-invitations/:token/accept`, ({ params }) => {
        accepted.push(String(params.token));
        return HttpResponse.json({ org: ORG });
      }),
    );
    return accepted;
  };

  test('a logged-in person accepts and lands on the members page', async () => {
    const accepted = invitationApi();
    myOrgs([{ ...ORG, role: 'member' }]);
    server.use(
      http.get(`${API}/orgs/:id/members`, () =>
        HttpResponse.json({
          members: [
            {
              user_id: 21,
              name: 'Ana Fundadora',
              email: 'ana@example.com',
              role: 'admin',
              joined_at: ORG.created_at,
            },
            {
              user_id: 22,
              name: 'Beto Voluntario',
              email: 'beto@example.com',
              role: 'member',
              joined_at: ORG.created_at,
            },
          ],
          invitations: [],
        }),
      ),
    );
    const { user, router } = renderApp({
      route: `/fundaciones/invitacion/${TOKEN}`,
      users: [beto()],
      loggedInAs: beto(),
    });
    expect(
      await screen.findByRole('heading', { name: `Te invitaron a ${ORG.name}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('beto@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar la invitación' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/fundaciones/${ORG.slug}/integrantes`));
    expect(accepted).toEqual([TOKEN]);
    const members = await screen.findByRole('list', { name: 'Integrantes' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(2);
    // A member neither invites nor removes others; they may leave.
    expect(screen.queryByRole('form', { name: 'Invitar a una persona' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sacar a Ana Fundadora' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Salir de la organización' })).toBeInTheDocument();
  });

  test('an anonymous visitor is asked to log in with the invited address', async () => {
    invitationApi();
    renderApp({ route: `/fundaciones/invitacion/${TOKEN}` });
    const login = await screen.findByRole('link', { name: 'entra con tu cuenta' });
    expect(login).toHaveAttribute(
      'href',
      `/entrar?redirect=${encodeURIComponent(`/fundaciones/invitacion/${TOKEN}`)}`,
    );
    expect(screen.queryByRole('button', { name: 'Aceptar la invitación' })).toBeNull();
  });

  test('an admin invites; the last admin leaving is refused in Spanish', async () => {
    myOrgs([{ ...ORG, role: 'admin' }]);
    const invited: string[] = [];
    server.use(
      http.get(`${API}/orgs/:id/members`, () =>
        HttpResponse.json({
          members: [
            {
              user_id: 21,
              name: 'Ana Fundadora',
              email: 'ana@example.com',
              role: 'admin',
              joined_at: ORG.created_at,
            },
          ],
          invitations: invited.map((email, i) => ({
            id: i + 1,
            email,
            created_at: ORG.created_at,
            expires_at: ORG.created_at,
          })),
        }),
      ),
      http.post(`${API}/orgs/:id/members`, async ({ request }) => {
        invited.push(((await request.json()) as { email: string }).email);
        return HttpResponse.json({ invitation: {} }, { status: 201 });
      }),
      http.delete(`${API}/orgs/:id/members/:userId`, () => apiError(409, ORG_MESSAGES.lastAdmin)),
    );
    const { user } = renderApp({
      route: `/fundaciones/${ORG.slug}/integrantes`,
      users: [ana()],
      loggedInAs: ana(),
    });
    const form = await screen.findByRole('form', { name: 'Invitar a una persona' });
    await user.type(
      within(form).getByRole('textbox', { name: /Correo de la persona/ }),
      'no es correo',
    );
    await user.click(within(form).getByRole('button', { name: 'Enviar invitación' }));
    expect(await within(form).findByText('El correo electrónico no es válido')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Correo de la persona/ }));
    await user.type(
      within(form).getByRole('textbox', { name: /Correo de la persona/ }),
      'beto@example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Enviar invitación' }));
    const pending = await screen.findByRole('list', { name: 'Invitaciones pendientes' });
    expect(pending).toHaveTextContent('beto@example.com');
    expect(invited).toEqual(['beto@example.com']);

    await user.click(screen.getByRole('button', { name: 'Salir de la organización' }));
    expect(await screen.findByText(ORG_MESSAGES.lastAdmin)).toBeInTheDocument();
  });
});

describe('safe adoption and the dog page', () => {
  test('/adoptar-seguro is linked from the footer and says the rules', async () => {
    const { user, router } = renderApp({ route: '/privacidad' });
    await user.click(await screen.findByRole('link', { name: 'Adoptar seguro' }));
    await waitFor(() => expect(currentPath(router)).toBe('/adoptar-seguro'));
    expect(await screen.findByText('Nunca pagas antes de conocer al perro.')).toBeInTheDocument();
    expect(screen.getByText('No hay envíos.')).toBeInTheDocument();
  });

  test('the dog page names its organization with the badge and reminds the rules by the contact', async () => {
    const owner = makeUser({
      id: 8,
      name: 'Olga Dueña',
      email: 'olga@example.com',
      phone: '+573009998877',
    });
    const visitor = makeUser({ id: 9, name: 'Vera Visita', email: 'vera@example.com' });
    renderApp({
      route: '/perros/41',
      dogs: [
        makeDog({
          id: 41,
          name: 'Canela',
          hostage_id: 8,
          org: { id: ORG.id, slug: ORG.slug, name: ORG.name, verified: true },
        }),
      ],
      users: [owner, visitor],
      loggedInAs: visitor,
    });
    const orgLink = await screen.findByRole('link', { name: ORG.name });
    expect(orgLink).toHaveAttribute('href', `/fundaciones/${ORG.slug}`);
    expect(orgLink.closest('p')).toHaveTextContent('Verificada');
    const contact = screen.getByRole('region', { name: 'Contacto de quien lo publicó' });
    expect(
      within(contact).getByRole('link', { name: 'Escribir por WhatsApp' }),
    ).toBeInTheDocument();
    expect(within(contact).getByTestId('safe-adoption-reminder')).toHaveTextContent(
      'Adoptar nunca requiere pagar antes de conocer al perro, y no hay envíos.',
    );
    expect(within(contact).getByRole('link', { name: 'Cómo adoptar seguro' })).toHaveAttribute(
      'href',
      '/adoptar-seguro',
    );
  });
});

describe('/admin: organizations waiting', () => {
  test('lists who administers each and verifies one', async () => {
    const verified: string[] = [];
    const waiting: WaitingOrg[] = [
      { ...ORG, verified: false, admins: [{ name: 'Ana Fundadora', email: 'ana@example.com' }] },
    ];
    server.use(
      http.get(`${API}/admin/orgs`, () =>
        HttpResponse.json(waiting.filter((o) => !verified.includes(String(o.id)))),
      ),
      http.post(`${API}/admin/orgs/:id/verify`, ({ params }) => {
        verified.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderFeature(<OrgsSection />);
    const section = await screen.findByRole('region', { name: 'Organizaciones por verificar' });
    expect(
      await within(section).findByText(/Ana Fundadora \(ana@example.com\)/),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: `Verificar ${ORG.name}` }));
    await waitFor(() => expect(verified).toEqual(['3']));
    expect(
      await within(section).findByText('Ninguna organización espera verificación.'),
    ).toBeInTheDocument();
  });
});

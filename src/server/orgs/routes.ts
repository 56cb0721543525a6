// Organizations' routes: the public list and page (never a member's e-mail), creating and editing
// an organization, its members and invitations, and the site admins' verification.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicDogListResponseSchema } from '../../shared/dog';
import {
  invitationPreviewSchema,
  invitationTokenParamSchema,
  inviteInputSchema,
  myOrgListSchema,
  orgDogsQuerySchema,
  orgIdParamSchema,
  orgInputSchema,
  orgInvitationSchema,
  orgListSchema,
  orgMemberParamSchema,
  orgMemberSchema,
  orgMembersResponseSchema,
  orgPageSchema,
  orgResponseSchema,
  orgSlugParamSchema,
  orgUpdateSchema,
  roleInputSchema,
  waitingOrgListSchema,
} from '../../shared/org';
import { sendCachedJson } from '../http/cached-json';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Organizaciones';
const ADMIN_TAG = 'Administración';
/** Dogs on an organization's page, and per page of GET /api/orgs/:slug/dogs. */
export const ORG_DOGS_PAGE = 24;

export async function orgRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { orgs, dogs } = app;
  const { rateLimits } = app.config;
  // Creating and editing organizations share the listings' budget.
  const orgWrites: RateLimitPolicy = {
    name: 'org-write',
    perUser: rateLimits.dogWritePerUser,
    perIp: rateLimits.dogWritePerIp,
    windowMs: rateLimits.dogWriteWindowMs,
  };
  // Every invitation sends an e-mail: as scarce as adoption requests.
  const invitations: RateLimitPolicy = {
    name: 'org-invite',
    perUser: rateLimits.interestPerUser,
    perIp: rateLimits.interestPerIp,
    windowMs: rateLimits.interestWindowMs,
  };
  const memberChanges: RateLimitPolicy = { ...orgWrites, name: 'org-member' };

  router.route(
    {
      method: 'POST',
      url: '/api/orgs',
      summary:
        'Crea una organización (kind: fundacion, rescatista o refugio; zone: un id de ' +
        '/api/zones; links: hasta 5 direcciones http(s)); quien la crea la administra. La ' +
        'dirección (slug) sale del nombre',
      tag: TAG,
      auth: 'required',
      rateLimit: orgWrites,
      body: orgInputSchema,
      responses: {
        201: { description: 'Creada', schema: orgResponseSchema },
        ...errors(...BODY_ERRORS, 401, 409),
      },
    },
    async ({ reply, body, session }) =>
      reply.code(201).send({ org: await orgs.create(session.user, body) }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/orgs',
      summary: 'Las organizaciones, las verificadas primero, con cuántos perros buscan hogar',
      tag: TAG,
      auth: 'none',
      responses: { 200: { description: 'Organizaciones', schema: orgListSchema } },
    },
    async () => orgs.list(),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/orgs/:slug',
      summary:
        'La página pública de una organización: sus datos, sus cifras (perros disponibles, ' +
        'adopciones cerradas, mediana de respuesta en minutos, integrantes, adopciones en ' +
        'seguimiento y qué parte de ellas tiene el seguimiento al día) y sus perros más ' +
        'nuevos que buscan hogar. Nunca el correo de sus integrantes',
      tag: TAG,
      auth: 'none',
      params: orgSlugParamSchema,
      responses: {
        200: { description: 'La organización', schema: orgPageSchema },
        ...errors(400, 404),
      },
    },
    async ({ params }) => {
      const page = await orgs.page(params.slug);
      const json = await dogs.orgDogs(page.org.id, ORG_DOGS_PAGE);
      return { ...page, dogs: JSON.parse(json.toString('utf8')) as unknown[] };
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/orgs/:slug/dogs',
      summary: `Los perros de la organización que buscan hogar, del más nuevo al más antiguo, de ${ORG_DOGS_PAGE} en ${ORG_DOGS_PAGE} (before: id del último visto)`,
      tag: TAG,
      auth: 'none',
      ownCompression: true,
      params: orgSlugParamSchema,
      querystring: orgDogsQuerySchema,
      responses: {
        200: { description: 'Perros', schema: publicDogListResponseSchema },
        ...errors(400, 404),
      },
    },
    async ({ request, reply, params, query }) => {
      const org = await orgs.bySlug(params.slug);
      return sendCachedJson(
        request,
        reply,
        await dogs.orgDogs(org.id, ORG_DOGS_PAGE, query.before),
      );
    },
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/orgs/:id',
      summary:
        'Cambia los datos de la organización (solo quien la administra; los campos que no ' +
        'vienen se quedan como están). La dirección (slug) no cambia. Con un nombre nuevo la ' +
        'organización pierde la verificación y espera de nuevo al equipo del sitio',
      tag: TAG,
      auth: 'required',
      rateLimit: orgWrites,
      params: orgIdParamSchema,
      body: orgUpdateSchema,
      responses: {
        200: { description: 'La organización', schema: orgResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404),
      },
    },
    async ({ params, body, session }) => ({
      org: await orgs.update(params.id, session.user.id, body),
    }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/me/orgs',
      summary: 'Las organizaciones de las que hago parte, con mi rol (admin o member)',
      tag: TAG,
      auth: 'required',
      responses: {
        200: { description: 'Organizaciones', schema: myOrgListSchema },
        ...errors(401),
      },
    },
    async ({ session }) => orgs.mine(session.user.id),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/orgs/:id/members',
      summary:
        'Integrantes de la organización, con su correo (solo para sus integrantes); quien la ' +
        'administra ve también las invitaciones pendientes',
      tag: TAG,
      auth: 'required',
      params: orgIdParamSchema,
      responses: {
        200: { description: 'Integrantes', schema: orgMembersResponseSchema },
        ...errors(400, 401, 403, 404),
      },
    },
    async ({ params, session }) => orgs.members(params.id, session.user.id),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/orgs/:id/members',
      summary:
        'Invita a una persona por correo (solo quien administra): le llega un enlace que acepta ' +
        'con la sesión iniciada con esa dirección; vence en 7 días. Una nueva invitación ' +
        'reemplaza la pendiente. 409 si ya hace parte',
      tag: TAG,
      auth: 'required',
      rateLimit: invitations,
      params: orgIdParamSchema,
      body: inviteInputSchema,
      responses: {
        201: {
          description: 'Invitación enviada',
          schema: z.object({ invitation: orgInvitationSchema }),
        },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ reply, params, body, session }) =>
      reply.code(201).send({ invitation: await orgs.invite(params.id, session.user, body.email) }),
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/orgs/:id/members/:userId',
      summary:
        'Cambia el rol de una persona (admin o member; solo quien administra). 409 si la ' +
        'organización se quedaría sin administración',
      tag: TAG,
      auth: 'required',
      rateLimit: memberChanges,
      params: orgMemberParamSchema,
      body: roleInputSchema,
      responses: {
        200: { description: 'La persona', schema: z.object({ member: orgMemberSchema }) },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ params, body, session }) => ({
      member: await orgs.setRole(params.id, session.user.id, params.userId, body.role),
    }),
  );

  router.route(
    {
      method: 'DELETE',
      url: '/api/orgs/:id/members/:userId',
      summary:
        'Saca a una persona de la organización (quien administra) o sale uno mismo (con su ' +
        'propio id). 409 si la organización se quedaría sin administración',
      tag: TAG,
      auth: 'required',
      rateLimit: memberChanges,
      params: orgMemberParamSchema,
      responses: { 204: { description: 'Fuera' }, ...errors(400, 401, 403, 404, 409) },
    },
    async ({ reply, params, session }) => {
      await orgs.removeMember(params.id, session.user.id, params.userId);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/org-invitations/:token',
      summary: 'A qué organización y dirección es una invitación, mientras sirve (404 si no)',
      tag: TAG,
      auth: 'none',
      params: invitationTokenParamSchema,
      responses: {
        200: { description: 'La invitación', schema: invitationPreviewSchema },
        ...errors(400, 404),
      },
    },
    async ({ params }) => orgs.previewInvitation(params.token),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/org-invitations/:token/accept',
      summary:
        'Acepta una invitación con la sesión iniciada; solo con la dirección invitada (403 ' +
        'con otra). El enlace deja de servir',
      tag: TAG,
      auth: 'required',
      rateLimit: memberChanges,
      params: invitationTokenParamSchema,
      responses: {
        200: { description: 'La organización', schema: orgResponseSchema },
        ...errors(400, 401, 403, 404),
      },
    },
    async ({ params, session }) => ({ org: await orgs.accept(params.token, session.user) }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/admin/orgs',
      summary: 'Organizaciones que esperan verificación, la más antigua primero',
      tag: ADMIN_TAG,
      auth: 'admin',
      responses: { 200: { description: 'Organizaciones', schema: waitingOrgListSchema } },
    },
    async () => orgs.waiting(),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/orgs/:id/verify',
      summary: 'Marca la organización como verificada (insignia «Verificada»)',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: orgIdParamSchema,
      responses: { 204: { description: 'Verificada' }, ...errors(400, 404, 409) },
    },
    async ({ reply, params, session }) => {
      await orgs.setVerified(session.user, params.id, true);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'DELETE',
      url: '/api/admin/orgs/:id/verify',
      summary: 'Quita la verificación de la organización',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: orgIdParamSchema,
      responses: { 204: { description: 'Sin verificación' }, ...errors(400, 404, 409) },
    },
    async ({ reply, params, session }) => {
      await orgs.setVerified(session.user, params.id, false);
      return reply.code(204).send();
    },
  );
}

// Moderation's routes: any logged-in person reports a listing; admins (and only they: the router
// refuses everyone else with 403 before reading a body) act on reports, listings and accounts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dogIdParamSchema } from '../../shared/dog';
import {
  auditEntriesSchema,
  blockedUsersSchema,
  dismissInputSchema,
  hiddenDogsSchema,
  moderationReasonSchema,
  reportGroupsSchema,
  reportIdParamSchema,
  reportInputSchema,
  userIdParamSchema,
} from '../../shared/moderation';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Moderación';
const ADMIN_TAG = 'Administración';

export async function moderationRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { moderation } = app;
  const { rateLimits } = app.config;
  const reports: RateLimitPolicy = {
    name: 'report',
    perUser: rateLimits.reportPerUser,
    perIp: rateLimits.reportPerIp,
    windowMs: rateLimits.reportWindowMs,
  };

  router.route(
    {
      method: 'POST',
      url: '/api/dog/:id/report',
      summary: 'Reporta una publicación (una vez por persona y publicación)',
      tag: TAG,
      auth: 'required',
      rateLimit: reports,
      params: dogIdParamSchema,
      body: reportInputSchema,
      responses: {
        201: { description: 'Reporte recibido', schema: z.object({ id: z.number().int() }) },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ request, reply, params, body, session }) => {
      const id = await moderation.report(params.id, session.user.id, body);
      request.log.info(
        { event: 'dog_reported', dogId: params.id, userId: session.user.id, reason: body.reason },
        'listing reported',
      );
      return reply.code(201).send({ id });
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/admin/reports',
      summary: 'Reportes abiertos, agrupados por publicación, con su número',
      tag: ADMIN_TAG,
      auth: 'admin',
      responses: { 200: { description: 'Grupos de reportes', schema: reportGroupsSchema } },
    },
    async () => moderation.openReports(),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/admin/dogs/hidden',
      summary: 'Publicaciones ocultas por moderación',
      tag: ADMIN_TAG,
      auth: 'admin',
      responses: { 200: { description: 'Publicaciones ocultas', schema: hiddenDogsSchema } },
    },
    async () => moderation.hiddenDogs(),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/admin/users/blocked',
      summary: 'Cuentas bloqueadas',
      tag: ADMIN_TAG,
      auth: 'admin',
      responses: { 200: { description: 'Cuentas bloqueadas', schema: blockedUsersSchema } },
    },
    async () => moderation.blockedUsers(),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/admin/audit',
      summary:
        'Registro de auditoría: cada acción de un administrador (quién, qué, cuándo, por qué)',
      tag: ADMIN_TAG,
      auth: 'admin',
      responses: { 200: { description: 'Las 200 más recientes', schema: auditEntriesSchema } },
    },
    async () => moderation.auditLog(),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/dog/:id/hide',
      summary: 'Oculta una publicación para todos salvo su dueño, que ve el motivo',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: dogIdParamSchema,
      body: moderationReasonSchema,
      responses: { 204: { description: 'Oculta' }, ...errors(...BODY_ERRORS, 404, 409) },
    },
    async ({ reply, params, body, session }) => {
      await moderation.hideDog(session.user, params.id, body.reason);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/dog/:id/restore',
      summary: 'Vuelve a mostrar una publicación oculta',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: dogIdParamSchema,
      responses: { 204: { description: 'Restaurada' }, ...errors(400, 404, 409) },
    },
    async ({ reply, params, session }) => {
      await moderation.restoreDog(session.user, params.id);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/user/:id/block',
      summary:
        'Bloquea una cuenta: sus sesiones terminan, no puede entrar y sus publicaciones se ocultan',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: userIdParamSchema,
      body: moderationReasonSchema,
      responses: { 204: { description: 'Bloqueada' }, ...errors(...BODY_ERRORS, 404, 409) },
    },
    async ({ reply, params, body, session }) => {
      await moderation.blockUser(session.user, params.id, body.reason);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/user/:id/unblock',
      summary: 'Desbloquea una cuenta',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: userIdParamSchema,
      responses: { 204: { description: 'Desbloqueada' }, ...errors(400, 404, 409) },
    },
    async ({ reply, params, session }) => {
      await moderation.unblockUser(session.user, params.id);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/report/:id/dismiss',
      summary: 'Descarta un reporte abierto',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: reportIdParamSchema,
      body: dismissInputSchema,
      responses: { 204: { description: 'Descartado' }, ...errors(...BODY_ERRORS, 404) },
    },
    async ({ reply, params, body, session }) => {
      await moderation.dismissReport(session.user, params.id, body.reason);
      return reply.code(204).send();
    },
  );
}

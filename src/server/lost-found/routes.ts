// Lost and found's routes: the public list and reports, their likely matches, the reporter's
// changes, contact through the site, complaints, and the admins' hiding. No answer ever carries
// the reporter's name, e-mail or phone.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LOST_FOUND_MESSAGES,
  lostFoundContactSchema,
  lostFoundFlagListSchema,
  lostFoundIdParamSchema,
  lostFoundInputSchema,
  lostFoundListQuerySchema,
  lostFoundListSchema,
  lostFoundMatchListSchema,
  lostFoundPatchSchema,
  lostFoundReportResponseSchema,
} from '../../shared/lost-found';
import { moderationReasonSchema, reportInputSchema } from '../../shared/moderation';
import { HttpError } from '../http/errors';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Perdidos y encontrados';
const ADMIN_TAG = 'Administración';

export async function lostFoundRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { lostFound } = app;
  const { rateLimits } = app.config;
  const writes: RateLimitPolicy = {
    name: 'lost-found-write',
    perUser: rateLimits.dogWritePerUser,
    perIp: rateLimits.dogWritePerIp,
    windowMs: rateLimits.dogWriteWindowMs,
  };
  // Each message is an e-mail to a stranger: as limited as "Me interesa".
  const contacts: RateLimitPolicy = {
    name: 'lost-found-contact',
    perUser: rateLimits.interestPerUser,
    perIp: rateLimits.interestPerIp,
    windowMs: rateLimits.interestWindowMs,
  };
  const flags: RateLimitPolicy = {
    name: 'lost-found-flag',
    perUser: rateLimits.reportPerUser,
    perIp: rateLimits.reportPerIp,
    windowMs: rateLimits.reportWindowMs,
  };

  router.route(
    {
      method: 'GET',
      url: '/api/lost-found',
      summary:
        'Reportes abiertos de perros perdidos y encontrados, el más nuevo primero; filtros kind ' +
        '(lost, found), zone (id de /api/zones), size, sex y q (palabras del nombre o la ' +
        'descripción, sin importar tildes); páginas con limit y before (un id)',
      tag: TAG,
      auth: 'optional',
      querystring: lostFoundListQuerySchema,
      responses: {
        200: { description: 'Los reportes', schema: lostFoundListSchema },
        ...errors(400),
      },
    },
    async ({ query, session }) => lostFound.list(query, session && { id: session.user.id }),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/lost-found',
      summary:
        'Publica un reporte: kind (lost, found), name (si es perdido), sex (o null), size, ' +
        'colors (de la lista fija), description, date (AAAA-MM-DD, no futura), zone (nunca una ' +
        'dirección) y hasta 4 photo_ids propios. Queda abierto 60 días; una semana antes llega ' +
        'un correo para renovarlo',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      body: lostFoundInputSchema,
      responses: {
        201: { description: 'El reporte', schema: lostFoundReportResponseSchema },
        ...errors(...BODY_ERRORS, 401),
      },
    },
    async ({ request, reply, body, session }) => {
      const report = await lostFound.create({ id: session.user.id }, body);
      request.log.info(
        { event: 'lost_found_created', id: report.id, kind: report.kind, userId: session.user.id },
        'lost-found report created',
      );
      return reply.code(201).send({ report });
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/lost-found/:id',
      summary:
        'Un reporte (también cerrado, reencontrado o vencido); 404 si no existe o está oculto, ' +
        'salvo para quien lo publicó',
      tag: TAG,
      auth: 'optional',
      params: lostFoundIdParamSchema,
      responses: {
        200: { description: 'El reporte', schema: lostFoundReportResponseSchema },
        ...errors(400, 404),
      },
    },
    async ({ params, session }) => ({
      report: await lostFound.get(params.id, session && { id: session.user.id }),
    }),
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/lost-found/:id',
      summary:
        'Quien lo publicó lo cierra (status: reunited "¡Reencontrado!" o closed), lo renueva ' +
        '60 días (renew: true) o cambia sus datos; 409 si ya está cerrado',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: lostFoundIdParamSchema,
      body: lostFoundPatchSchema,
      responses: {
        200: { description: 'El reporte', schema: lostFoundReportResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ params, body, session }) => ({
      report: await lostFound.patch(params.id, { id: session.user.id }, body),
    }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/lost-found/:id/matches',
      summary:
        'Posibles coincidencias del otro tipo (hasta 10, la más probable primero): misma zona o ' +
        'vecina, fechas cercanas, sexo, tamaño, colores y palabras de la descripción, con el ' +
        'motivo ("misma zona, mismo color")',
      tag: TAG,
      auth: 'optional',
      params: lostFoundIdParamSchema,
      responses: {
        200: { description: 'Las coincidencias', schema: lostFoundMatchListSchema },
        ...errors(400, 404),
      },
    },
    async ({ params, session }) => lostFound.matches(params.id, session && { id: session.user.id }),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/lost-found/:id/contact',
      summary:
        'Escribe a quien publicó el reporte: le llega por correo con tu nombre, y tu correo solo ' +
        'si share_email es true. Su correo y su teléfono nunca se muestran. 403 por el reporte ' +
        'propio; 409 si ya está cerrado',
      tag: TAG,
      auth: 'required',
      rateLimit: contacts,
      params: lostFoundIdParamSchema,
      body: lostFoundContactSchema,
      responses: {
        201: { description: 'Mensaje enviado', schema: z.object({ sent: z.literal(true) }) },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ request, reply, params, body, session }) => {
      await lostFound.contact(params.id, session.user, body);
      request.log.info(
        { event: 'lost_found_contact', id: params.id, userId: session.user.id },
        'lost-found contact sent',
      );
      return reply.code(201).send({ sent: true });
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/lost-found/:id/report',
      summary: 'Reporta un reporte de perdidos y encontrados ante los administradores',
      tag: TAG,
      auth: 'required',
      rateLimit: flags,
      params: lostFoundIdParamSchema,
      body: reportInputSchema,
      responses: {
        201: { description: 'Reporte recibido', schema: z.object({ id: z.number().int() }) },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ reply, params, body, session }) =>
      reply.code(201).send({ id: await lostFound.flag(params.id, { id: session.user.id }, body) }),
  );

  // The picture of a report's link preview: a JPEG, not JSON, so outside the documented API.
  app.get<{ Params: { id: string } }>(
    '/api/lost-found/:id/share.jpg',
    { schema: { hide: true } },
    async (request, reply) => {
      const parsed = lostFoundIdParamSchema.safeParse(request.params);
      if (!parsed.success) throw new HttpError(404, LOST_FOUND_MESSAGES.notFound);
      const jpeg = await lostFound.shareImage(parsed.data.id);
      return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(jpeg);
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/admin/lost-found/reports',
      summary: 'Denuncias abiertas sobre reportes de perdidos y encontrados, agrupadas por reporte',
      tag: ADMIN_TAG,
      auth: 'admin',
      responses: { 200: { description: 'Las denuncias', schema: lostFoundFlagListSchema } },
    },
    async () => lostFound.openFlags(),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/lost-found/:id/hide',
      summary: 'Oculta un reporte para todos salvo quien lo publicó, que ve el motivo',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: lostFoundIdParamSchema,
      body: moderationReasonSchema,
      responses: { 204: { description: 'Oculto' }, ...errors(...BODY_ERRORS, 404, 409) },
    },
    async ({ reply, params, body, session }) => {
      await lostFound.hide(session.user, params.id, body.reason);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/lost-found/:id/restore',
      summary: 'Vuelve a mostrar un reporte oculto',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: lostFoundIdParamSchema,
      responses: { 204: { description: 'Restaurado' }, ...errors(400, 404, 409) },
    },
    async ({ reply, params, session }) => {
      await lostFound.restore(session.user, params.id);
      return reply.code(204).send();
    },
  );
}

// Alerts' routes ("Avísame"): a person's saved searches on the catalogue or on lost and found
// reports (list, create, pause, delete) and the one-click unsubscribe of the alert e-mails,
// which needs no login: its token is the key. Mail programs post it as a form (RFC 8058:
// `List-Unsubscribe=One-Click`), so that route alone also reads form bodies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  alertIdParamSchema,
  alertInputSchema,
  alertListSchema,
  alertPatchSchema,
  alertResponseSchema,
  alertTokenParamSchema,
  alertUnsubscribeResponseSchema,
  ALERTS_MAX,
  ALERT_UNSUBSCRIBE_PATH,
} from '../../shared/alerts';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Alertas';

export async function alertRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { alerts } = app;
  const { rateLimits } = app.config;
  const writes: RateLimitPolicy = {
    name: 'alert-write',
    perUser: rateLimits.alertPerUser,
    perIp: rateLimits.alertPerIp,
    windowMs: rateLimits.alertWindowMs,
  };
  // A form body (the mail programs' one-click POST) is read as text and ignored: the token in
  // the path is all the route needs. Only in this plugin's routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/me/alerts',
      summary:
        'Mis alertas ("Avísame"): filtros, frecuencia, si está pausada y los filtros en palabras',
      tag: TAG,
      auth: 'required',
      responses: { 200: { description: 'Lista', schema: alertListSchema }, ...errors(401) },
    },
    async ({ session }) => alerts.list(session.user.id),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/me/alerts',
      summary:
        `Guarda una búsqueda como alerta: scope (dogs, por omisión, o lost_found), filters con ` +
        `los filtros de GET /api/dog (q, city, size, sex, age) o, con scope lost_found, los de ` +
        `GET /api/lost-found (kind, zone, size, sex, q), al menos uno, y frequency (instant: al ` +
        `publicarse un perro o un reporte que coincide; daily: un resumen a las 8:00, hora de ` +
        `Colombia). Máximo ${ALERTS_MAX} por persona, de ambos tipos; 409 si ya hay ` +
        `${ALERTS_MAX} o una con los mismos filtros`,
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      body: alertInputSchema,
      responses: {
        201: { description: 'Creada', schema: alertResponseSchema },
        ...errors(...BODY_ERRORS, 401, 409, 429),
      },
    },
    async ({ reply, body, session }) => {
      const alert = await alerts.create(session.user.id, body);
      return reply.code(201).send({ alert });
    },
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/me/alerts/:id',
      summary: 'Pausa (paused: true) o reanuda (paused: false) una alerta propia',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: alertIdParamSchema,
      body: alertPatchSchema,
      responses: {
        200: { description: 'Actualizada', schema: alertResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404, 429),
      },
    },
    async ({ params, body, session }) => ({
      alert: await alerts.setPaused(session.user.id, params.id, body.paused),
    }),
  );

  router.route(
    {
      method: 'DELETE',
      url: '/api/me/alerts/:id',
      summary: 'Borra una alerta propia',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: alertIdParamSchema,
      responses: { 204: { description: 'Borrada' }, ...errors(400, 401, 404, 429) },
    },
    async ({ reply, params, session }) => {
      await alerts.remove(session.user.id, params.id);
      return reply.code(204).send();
    },
  );

  // Sends a browser on to the unsubscribe page with the token as its fragment, so that the page's
  // own address never holds it: links of an older shape carried the token in the page's path, and
  // mail programs without one-click unsubscribe (RFC 8058) open the List-Unsubscribe URL itself.
  const toUnsubscribePage = (reply: FastifyReply, token: string | undefined) =>
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(token ? `${ALERT_UNSUBSCRIBE_PATH}#${token}` : ALERT_UNSUBSCRIBE_PATH, 301);
  app.get(
    `${ALERT_UNSUBSCRIBE_PATH}/:token`,
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { token: string } }>, reply) =>
      toUnsubscribePage(reply, alertTokenParamSchema.safeParse(request.params).data?.token),
  );
  router.route(
    {
      method: 'GET',
      url: '/api/alerts/unsubscribe/:token',
      summary:
        'El enlace de un clic abierto en un navegador (programas de correo sin RFC 8058): lleva a ' +
        'la página que pregunta antes de cancelar (/alertas/cancelar#<token>); no cancela nada',
      tag: TAG,
      auth: 'none',
      params: alertTokenParamSchema,
      responses: { 301: { description: 'A la página para cancelar' }, ...errors(400) },
    },
    async ({ reply, params }) => toUnsubscribePage(reply, params.token),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/alerts/unsubscribe/:token',
      summary:
        'Cancela sin iniciar sesión las alertas de un correo (el enlace del correo; también el ' +
        'List-Unsubscribe de un clic, RFC 8058): las borra y dice cuáles eran, para poder crearlas ' +
        'de nuevo; 404 si el enlace ya no cancela ninguna',
      tag: TAG,
      auth: 'none',
      params: alertTokenParamSchema,
      responses: {
        200: { description: 'Alertas canceladas', schema: alertUnsubscribeResponseSchema },
        ...errors(400, 404),
      },
    },
    async ({ request, params }) => {
      const result = await alerts.unsubscribe(params.token);
      request.log.info(
        { event: 'alerts_unsubscribed', count: result.stopped.length },
        'unsubscribed',
      );
      return result;
    },
  );
}

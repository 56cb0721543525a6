// Operational endpoints: health check for load balancers and the generated OpenAPI document.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../shared/api';
import { RETRY_AFTER_SECONDS } from '../db/errors';
import { HttpError } from '../http/errors';
import { errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { SiteIdentity } from '../../shared/site';

const HEALTH_TIMEOUT_MS = 2_000;

/** GET /api/site: the site's identity (src/shared/site.ts). */
const siteIdentitySchema = z.object({
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  whatsapp: z.string(),
}) satisfies z.ZodType<SiteIdentity>;

/** Health and the OpenAPI document (from @fastify/swagger, registered first: openapi.ts). */
export async function systemRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { db } = app;
  /** The OpenAPI document of every route, once they are all registered. */
  const openApiDocument = () => app.swagger();
  router.route(
    {
      method: 'GET',
      url: '/api/health',
      summary: 'Estado del servicio: 200 cuando la base de datos responde',
      tag: 'Sistema',
      auth: 'none',
      responses: {
        200: { description: 'OK', schema: z.object({ ok: z.literal(true) }) },
        ...errors(503),
      },
    },
    async ({ request }) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          db.query('SELECT 1'),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error('health check timed out')),
              HEALTH_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        throw new HttpError(503, MESSAGES.unavailable, {
          'retry-after': String(RETRY_AFTER_SECONDS.unavailable),
        });
      } finally {
        clearTimeout(timer);
      }
      return { ok: true };
    },
  );

  const site = app.config.site;
  router.route(
    {
      method: 'GET',
      url: '/api/site',
      summary:
        'Quién publica el sitio y cómo escribirle (pie de página, política de datos): la configuración SITE_*',
      tag: 'Sistema',
      auth: 'none',
      responses: { 200: { description: 'La identidad del sitio', schema: siteIdentitySchema } },
    },
    async () => site,
  );

  let document: string | undefined;
  router.route(
    {
      method: 'GET',
      url: '/api/openapi.json',
      summary: 'Este documento OpenAPI, generado de los mismos esquemas zod',
      tag: 'Sistema',
      auth: 'none',
      responses: { 200: { description: 'Documento OpenAPI 3.1' } },
    },
    async ({ reply }) => {
      // Built on the first request: by then every route has been registered.
      document ??= JSON.stringify(openApiDocument());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
}

// Operational endpoints: health check for load balancers and the generated OpenAPI document.
import { z } from 'zod';
import { MESSAGES } from '../../shared/api';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';
import { errors } from '../http/responses';
import type { AnyRouteSpec, Router } from '../http/route';
import { buildOpenApiDocument } from './openapi';

const HEALTH_TIMEOUT_MS = 2_000;

export function registerSystemRoutes({
  router,
  db,
  registry,
}: {
  router: Router;
  db: Db;
  registry: AnyRouteSpec[];
}) {
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
        throw new HttpError(503, MESSAGES.unavailable);
      } finally {
        clearTimeout(timer);
      }
      return { ok: true };
    },
  );

  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  router.route(
    {
      method: 'GET',
      url: '/api/openapi.json',
      summary: 'Este documento OpenAPI, generado de los mismos esquemas zod',
      tag: 'Sistema',
      auth: 'none',
      responses: { 200: { description: 'Documento OpenAPI 3.1' } },
    },
    async () => {
      document ??= buildOpenApiDocument(registry);
      return document;
    },
  );
}

// GET /api/zones: the zones of Cali and its neighbours (shared/zones.ts), for forms and filters.
import type { FastifyInstance } from 'fastify';
import { bordersOf, ZONES, zonesResponseSchema } from '../../shared/zones';
import { createRouter } from '../http/route';

/** The list is fixed in the code: a day in any cache is safe, a deploy changes it at most. */
const ZONES_CACHE_CONTROL = 'public, max-age=86400';

export async function zoneRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const body = zonesResponseSchema.parse(
    ZONES.map((zone) => ({ ...zone, borders: [...bordersOf(zone.id)] })),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/zones',
      summary: 'Zonas de Cali (comunas y zona rural) y municipios vecinos, con sus colindancias',
      tag: 'Zonas',
      auth: 'none',
      responses: {
        200: {
          description: 'Todas las zonas: {id, name, kind, hint, borders}',
          schema: zonesResponseSchema,
        },
      },
    },
    async ({ reply }) => {
      // Replaces the API's default no-store: nothing here is personal or ever changes at run time.
      reply.header('cache-control', ZONES_CACHE_CONTROL);
      return body;
    },
  );
}

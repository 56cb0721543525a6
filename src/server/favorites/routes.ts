// "Guardados": a logged-in person marks dogs with a heart and finds them again on one page.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/api';
import { dogListResponseSchema } from '../../shared/dog';
import { favoriteDogParamSchema } from '../../shared/favorites';
import { HttpError } from '../http/errors';
import { errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Guardados';

/** Hearts are cheap to press and to undo, but not thousands a minute. */
const FAVORITE_WRITES: RateLimitPolicy = {
  name: 'favorite-write',
  perUser: 120,
  perIp: 600,
  windowMs: 60 * 1000,
};

export async function favoriteRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { favorites } = app;

  router.route(
    {
      method: 'GET',
      url: '/api/me/favorites',
      summary: 'Los perros que la persona guardó, el último guardado primero',
      tag: TAG,
      auth: 'required',
      responses: {
        200: { description: 'Los perros guardados, con su dueño', schema: dogListResponseSchema },
        ...errors(401),
      },
    },
    async ({ session }) => favorites.list(session.user.id),
  );

  router.route(
    {
      method: 'PUT',
      url: '/api/me/favorites/:dogId',
      summary: 'Guarda un perro (guardarlo otra vez no cambia nada)',
      tag: TAG,
      auth: 'required',
      rateLimit: FAVORITE_WRITES,
      params: favoriteDogParamSchema,
      responses: { 204: { description: 'Guardado' }, ...errors(400, 401, 403, 404) },
    },
    async ({ reply, params, session }) => {
      if (!(await favorites.add(session.user.id, params.dogId))) {
        throw new HttpError(404, MESSAGES.dogNotFound);
      }
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'DELETE',
      url: '/api/me/favorites/:dogId',
      summary: 'Quita un perro de los guardados (si no estaba, no cambia nada)',
      tag: TAG,
      auth: 'required',
      rateLimit: FAVORITE_WRITES,
      params: favoriteDogParamSchema,
      responses: { 204: { description: 'Quitado' }, ...errors(400, 401, 403) },
    },
    async ({ reply, params, session }) => {
      await favorites.remove(session.user.id, params.dogId);
      return reply.code(204).send();
    },
  );
}

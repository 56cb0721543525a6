// Dog listings: public list and detail, create for any logged-in user, update/delete by the owner.
import { MESSAGES } from '../../shared/api';
import {
  DOG_PAGE_DEFAULT,
  dogIdParamSchema,
  dogInputSchema,
  dogListQuerySchema,
  dogListResponseSchema,
  dogResponseSchema,
  dogSchema,
  type Dog,
} from '../../shared/dog';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { errors } from '../http/responses';
import type { Router } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';
import type { CurrentSession } from '../sessions/service';
import type { ListCache } from './list-cache';
import type { DogRepository } from './repository';

export interface DogRouteDeps {
  router: Router;
  config: Config;
  dogs: DogRepository;
  listCache: ListCache;
}

const TAG = 'Perros';

function withOwner(dog: Dog, session: CurrentSession): Dog {
  return { ...dog, user: { name: session.user.name, email: session.user.email } };
}

export function registerDogRoutes({ router, config, dogs, listCache }: DogRouteDeps) {
  // Creating, editing and deleting listings share one budget per user and per IP.
  const dogWrites: RateLimitPolicy = {
    name: 'dog-write',
    perUser: config.rateLimits.dogWritePerUser,
    perIp: config.rateLimits.dogWritePerIp,
    windowMs: config.rateLimits.dogWriteWindowMs,
  };

  /** 404 when the dog does not exist, 403 when it belongs to someone else. */
  async function refuse(
    id: number,
    session: CurrentSession,
    request: { log: { warn: (o: object, m: string) => void } },
  ): Promise<never> {
    const owner = await dogs.ownerOf(id);
    if (owner === undefined) throw new HttpError(404, MESSAGES.dogNotFound);
    request.log.warn(
      { event: 'forbidden_not_owner', userId: session.user.id, dogId: id },
      'not the owner',
    );
    throw new HttpError(403, MESSAGES.notOwner);
  }

  router.route(
    {
      method: 'GET',
      url: '/api/dog',
      summary: 'Perros en adopción, del más nuevo al más antiguo (paginado por id)',
      tag: TAG,
      auth: 'optional',
      querystring: dogListQuerySchema,
      responses: {
        200: {
          description: 'Lista; cada perro lleva user {name,email} solo si quien pide tiene sesión',
          schema: dogListResponseSchema,
        },
        ...errors(400),
      },
    },
    async ({ reply, query, session }) => {
      const page = {
        limit: query.limit ?? DOG_PAGE_DEFAULT,
        before: query.before,
        withOwner: session !== null,
      };
      // The page does not depend on who the logged-in requester is, only on whether there is one;
      // anonymous and logged-in pages are kept apart by the cache itself.
      const json = await listCache.get(
        page.withOwner ? 'owner' : 'anonymous',
        `${page.limit}:${page.before ?? ''}`,
        () => dogs.listJson(page),
      );
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/dog/:id',
      summary: 'Un perro',
      tag: TAG,
      auth: 'optional',
      params: dogIdParamSchema,
      responses: { 200: { description: 'El perro', schema: dogSchema }, ...errors(400, 404) },
    },
    async ({ reply, params, session }) => {
      // Through the same exact cache as the list (a write is seen by the very next read).
      const withOwner = session !== null;
      const json = await listCache.get(withOwner ? 'owner' : 'anonymous', `dog:${params.id}`, () =>
        dogs.getJson(params.id, withOwner),
      );
      if (json === 'null') throw new HttpError(404, MESSAGES.dogNotFound);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/dog',
      summary: 'Publica un perro; el dueño (hostage_id) es siempre el usuario de la sesión',
      tag: TAG,
      auth: 'required',
      rateLimit: dogWrites,
      body: dogInputSchema,
      responses: {
        201: { description: 'Creado', schema: dogResponseSchema },
        ...errors(400, 401, 403, 413, 415),
      },
    },
    async ({ reply, body, session }) => {
      const dog = await dogs.insert(body, session.user.id);
      listCache.invalidate();
      reply.code(201);
      return { dog: withOwner(dog, session) };
    },
  );

  router.route(
    {
      method: 'PUT',
      url: '/api/dog/:id',
      summary: 'Reemplaza los datos de un perro propio',
      tag: TAG,
      auth: 'required',
      rateLimit: dogWrites,
      params: dogIdParamSchema,
      body: dogInputSchema,
      responses: {
        200: { description: 'Actualizado', schema: dogResponseSchema },
        ...errors(400, 401, 403, 404, 413, 415),
      },
    },
    async ({ request, params, body, session }) => {
      const dog = await dogs.updateOwned(params.id, session.user.id, body);
      if (!dog) return refuse(params.id, session, request);
      listCache.invalidate();
      return { dog: withOwner(dog, session) };
    },
  );

  router.route(
    {
      method: 'DELETE',
      url: '/api/dog/:id',
      summary: 'Elimina un perro propio',
      tag: TAG,
      auth: 'required',
      rateLimit: dogWrites,
      params: dogIdParamSchema,
      responses: { 204: { description: 'Eliminado' }, ...errors(400, 401, 403, 404) },
    },
    async ({ request, reply, params, session }) => {
      if (!(await dogs.deleteOwned(params.id, session.user.id)))
        return refuse(params.id, session, request);
      listCache.invalidate();
      return reply.code(204).send();
    },
  );
}

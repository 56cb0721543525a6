// Dog listings: public list and detail, create for any logged-in user, update/delete by the owner.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/api';
import {
  dogCountQuerySchema,
  dogCountResponseSchema,
  dogIdParamSchema,
  dogInputSchema,
  dogListQuerySchema,
  dogResponseSchema,
  publicDogListResponseSchema,
  publicDogSchema,
  type Dog,
} from '../../shared/dog';
import { sendCachedJson } from '../http/cached-json';
import { HttpError } from '../http/errors';
import { errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';
import type { CurrentSession } from '../sessions/service';
import { hostnameOf, ownSiteImageRefusal } from './image-url';

const TAG = 'Perros';

function withOwner(dog: Dog, session: CurrentSession): Dog {
  return { ...dog, user: { name: session.user.name, email: session.user.email } };
}

/** The dogs resource's routes, on the dogs service. */
export async function dogRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { config, dogs } = app;
  /** The image URL may point neither at this site (as configured or as reached) nor at an API. */
  const refuseOwnSiteImage = (image: string, request: { hostname: string }) => {
    const own = [hostnameOf(config.publicUrl), hostnameOf(request.hostname)];
    if (config.publicOrigin) own.push(hostnameOf(config.publicOrigin));
    const refused = ownSiteImageRefusal(image, own);
    if (refused) throw refused;
  };

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
      summary:
        'Perros en adopción, del más nuevo al más antiguo (paginado por id), con los filtros del ' +
        'catálogo: q (texto sin tildes ni mayúsculas, tolera errores pequeños), city, size, sex, ' +
        'age (puppy/young/adult/senior) y status (available/pending/adopted/all; sin él, los ' +
        'disponibles y en proceso)',
      tag: TAG,
      auth: 'optional',
      ownCompression: true,
      querystring: dogListQuerySchema,
      responses: {
        200: {
          description:
            'Lista; cada perro lleva user: {name,email} del dueño si quien pide tiene sesión, ' +
            'y {"name": "", "email": ""} (sin datos del dueño) si no',
          schema: publicDogListResponseSchema,
        },
        ...errors(400),
      },
    },
    async ({ request, reply, query, session }) => {
      const { limit, before, ...filters } = query;
      // JSON checked against publicDogListResponseSchema when it was built (dogs/service.ts).
      const json = await dogs.list({ limit, before, filters, withOwner: session !== null });
      return sendCachedJson(request, reply, json);
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/dog/count',
      summary: 'Cuántos perros cumplen los filtros de GET /api/dog (los mismos parámetros)',
      tag: TAG,
      auth: 'none',
      ownCompression: true,
      querystring: dogCountQuerySchema,
      responses: {
        200: {
          description: '{count, more}: exacto hasta 1.000; more = true si hay más',
          schema: dogCountResponseSchema,
        },
        ...errors(400),
      },
    },
    async ({ request, reply, query }) => {
      // JSON checked against dogCountResponseSchema when it was built (dogs/service.ts).
      return sendCachedJson(request, reply, await dogs.count(query));
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/dog/:id',
      summary:
        'Un perro (una publicación oculta por moderación solo la ve su dueño, con el motivo)',
      tag: TAG,
      auth: 'optional',
      ownCompression: true,
      params: dogIdParamSchema,
      responses: {
        200: {
          description:
            'El perro; user: {name,email} del dueño si quien pide tiene sesión, vacío si no',
          schema: publicDogSchema,
        },
        ...errors(400, 404),
      },
    },
    async ({ request, reply, params, session }) => {
      // JSON checked against publicDogSchema when it was built (dogs/service.ts).
      const json = await dogs.get(params.id, session !== null);
      if (json !== null) return sendCachedJson(request, reply, json);
      // A listing moderation hid is gone for everyone but its owner, who sees why.
      const own = session && (await dogs.getHiddenOwned(params.id, session.user.id));
      if (!own) throw new HttpError(404, MESSAGES.dogNotFound);
      return own;
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
    async ({ request, reply, body, session }) => {
      refuseOwnSiteImage(body.image, request);
      const dog = await dogs.create(body, session.user.id);
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
      refuseOwnSiteImage(body.image, request);
      const dog = await dogs.update(params.id, session.user.id, body);
      if (!dog) return refuse(params.id, session, request);
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
      if (!(await dogs.remove(params.id, session.user.id)))
        return refuse(params.id, session, request);
      return reply.code(204).send();
    },
  );
}

// Adoption's routes: applications ("Me interesa": send, list by box, change state), the adopter
// profile, the rescuer's response time and the owner's own listings for "Mis publicaciones".
// Nobody but an application's applicant and the dog's owner reads it or its profile snapshot.
import type { FastifyInstance } from 'fastify';
import {
  adopterProfileInputSchema,
  adopterProfileResponseSchema,
} from '../../shared/adopter-profile';
import { dogIdParamSchema, dogListResponseSchema } from '../../shared/dog';
import {
  interestBoxQuerySchema,
  interestIdParamSchema,
  interestInputSchema,
  interestListSchema,
  interestResponseSchema,
  interestStateInputSchema,
  responseTimeSchema,
} from '../../shared/interest';
import { sendCachedJson } from '../http/cached-json';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Adopción';

export async function adoptionRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { adoption, dogs } = app;
  const { rateLimits } = app.config;
  const interests: RateLimitPolicy = {
    name: 'interest',
    perUser: rateLimits.interestPerUser,
    perIp: rateLimits.interestPerIp,
    windowMs: rateLimits.interestWindowMs,
  };
  // Every state change may e-mail the applicant: nobody toggling a request can flood an inbox.
  const answers: RateLimitPolicy = {
    name: 'interest-answer',
    perUser: rateLimits.interestAnswerPerUser,
    perIp: rateLimits.interestAnswerPerIp,
    windowMs: rateLimits.interestWindowMs,
  };
  const profiles: RateLimitPolicy = { ...answers, name: 'adopter-profile' };

  router.route(
    {
      method: 'POST',
      url: '/api/dog/:id/interest',
      summary:
        'Solicitud de adopción ("Me interesa"): un mensaje (10 a 1000 caracteres) y un celular ' +
        'opcional; lleva una copia del perfil de adoptante de quien la envía (o ninguno). Quien ' +
        'publicó el perro y quien la envía reciben un correo. Una solicitud abierta por persona y ' +
        'perro; 403 por el perro propio; 404 si el perro no existe o está oculto; 409 si ya hay ' +
        'una abierta, si el perro ya fue adoptado, o si el perro no está esterilizado y el perfil ' +
        'no dice que se esterilizará y se acepta el seguimiento',
      tag: TAG,
      auth: 'required',
      rateLimit: interests,
      params: dogIdParamSchema,
      body: interestInputSchema,
      responses: {
        201: { description: 'Solicitud enviada', schema: interestResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ request, reply, params, body, session }) => {
      const interest = await adoption.send(params.id, session.user, body);
      request.log.info(
        { event: 'interest_sent', dogId: params.id, userId: session.user.id, id: interest.id },
        'interest sent',
      );
      return reply.code(201).send({ interest });
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/me/interests',
      summary:
        'Solicitudes de adopción: box=received las que llegaron por los perros propios (con el ' +
        'contacto de quien escribe y la copia de su perfil en profile), box=sent las que la ' +
        'persona envió; cada una con su estado y su historia ([{state, at}]); la más nueva primero',
      tag: TAG,
      auth: 'required',
      ownCompression: true,
      querystring: interestBoxQuerySchema,
      responses: {
        200: { description: 'Las solicitudes', schema: interestListSchema },
        ...errors(400, 401),
      },
    },
    // JSON built by the database (adoption/repository.ts), in the shape of interestListSchema.
    async ({ request, reply, query, session }) =>
      sendCachedJson(request, reply, await adoption.listJson(session.user.id, query.box)),
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/interest/:id',
      summary:
        'Cambia el estado de una solicitud. Quien publicó el perro: reviewing, interview, ' +
        'approved o declined (puede saltarse pasos, no volver atrás; puede reconsiderar una no ' +
        'seleccionada); quien la envió: withdrawn. answered y dismissed valen como reviewing y ' +
        'declined. adopted solo se alcanza al cerrar la adopción. note (hasta 500 caracteres) va ' +
        'en la historia y en el correo. Quien la envió recibe un correo la primera vez que la ' +
        'solicitud llega a cada estado. 409 si el estado actual no lo permite',
      tag: TAG,
      auth: 'required',
      rateLimit: answers,
      params: interestIdParamSchema,
      body: interestStateInputSchema,
      responses: {
        200: { description: 'La solicitud', schema: interestResponseSchema },
        ...errors(...BODY_ERRORS, 401, 403, 404, 409),
      },
    },
    async ({ params, body, session }) => ({
      interest: await adoption.changeState(params.id, session.user.id, body.state, body.note),
    }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/me/adopter-profile',
      summary:
        'El perfil de adoptante propio ("Perfil de adoptante"), o profile: null si aún no lo llenó',
      tag: TAG,
      auth: 'required',
      responses: {
        200: { description: 'El perfil', schema: adopterProfileResponseSchema },
        ...errors(401),
      },
    },
    async ({ session }) => ({ profile: await adoption.adopterProfile(session.user.id) }),
  );

  router.route(
    {
      method: 'PUT',
      url: '/api/me/adopter-profile',
      summary:
        'Guarda el perfil de adoptante: housing (house, apartment, farm), owns_home, ' +
        'landlord_allows_pets (si es arrendada), adults, children, household_agrees, ' +
        'other_animals, experience, hours_alone, sleeps_where, zone (un id de /api/zones), ' +
        'will_sterilize y accepts_follow_up. Las solicitudes ya enviadas guardan su copia',
      tag: TAG,
      auth: 'required',
      rateLimit: profiles,
      body: adopterProfileInputSchema,
      responses: {
        200: { description: 'El perfil guardado', schema: adopterProfileResponseSchema },
        ...errors(...BODY_ERRORS, 401),
      },
    },
    async ({ body, session }) => ({
      profile: await adoption.saveAdopterProfile(session.user.id, body),
    }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/dog/:id/response-time',
      summary:
        'Cuánto tarda en responder quien publicó el perro: la mediana, en minutos, del tiempo ' +
        'hasta su primera respuesta en las solicitudes de sus perros de los últimos 90 días ' +
        '(null si recibió menos de 3)',
      tag: TAG,
      auth: 'none',
      params: dogIdParamSchema,
      responses: {
        200: { description: 'La mediana y cuántas solicitudes cuenta', schema: responseTimeSchema },
        ...errors(400, 404),
      },
    },
    async ({ params }) => adoption.responseTime(params.id),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/me/dogs',
      summary:
        'Las publicaciones propias ("Mis publicaciones"), la más nueva primero, en cualquier ' +
        'estado; las ocultas por moderación llevan el motivo (hidden_reason)',
      tag: TAG,
      auth: 'required',
      responses: {
        200: { description: 'Los perros propios', schema: dogListResponseSchema },
        ...errors(401),
      },
    },
    async ({ session }) => dogs.listOwned(session.user.id),
  );
}

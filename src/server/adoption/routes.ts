// Adoption's routes: "Me interesa" requests (send, list by box, answer) and the owner's own
// listings for "Mis publicaciones". Nobody but a request's sender and the dog's owner reads it.
import type { FastifyInstance } from 'fastify';
import { dogIdParamSchema, dogListResponseSchema } from '../../shared/dog';
import {
  interestBoxQuerySchema,
  interestIdParamSchema,
  interestInputSchema,
  interestListSchema,
  interestResponseSchema,
  interestStateInputSchema,
} from '../../shared/interest';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { Mailer } from '../mail/mailer';
import type { RateLimitPolicy } from '../rate-limit/limiter';
import { createAdoptionService } from './service';

const TAG = 'Adopción';

export async function adoptionRoutes(app: FastifyInstance, options: { mailer: Mailer }) {
  const router = createRouter(app);
  const adoption = createAdoptionService({
    db: app.db,
    mailer: options.mailer,
    publicUrl: app.config.publicUrl,
    contact: app.config.site.email,
    now: app.now,
  });
  const { rateLimits } = app.config;
  const interests: RateLimitPolicy = {
    name: 'interest',
    perUser: rateLimits.interestPerUser,
    perIp: rateLimits.interestPerIp,
    windowMs: rateLimits.interestWindowMs,
  };
  // Every answer may e-mail the sender: an owner toggling a request cannot flood their inbox.
  const answers: RateLimitPolicy = {
    name: 'interest-answer',
    perUser: rateLimits.interestAnswerPerUser,
    perIp: rateLimits.interestAnswerPerIp,
    windowMs: rateLimits.interestWindowMs,
  };

  router.route(
    {
      method: 'POST',
      url: '/api/dog/:id/interest',
      summary:
        '"Me interesa": un mensaje (10 a 1000 caracteres) y un celular opcional para quien publicó ' +
        'el perro, que recibe un correo. Una solicitud abierta (nueva) por persona y perro; 403 ' +
        'por el perro propio; 404 si el perro no existe o está oculto; 409 si ya hay una abierta ' +
        'o si el perro ya fue adoptado',
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
        'Solicitudes "Me interesa": box=received las que llegaron por los perros propios (con el ' +
        'contacto de quien escribe), box=sent las que la persona envió; la más nueva primero',
      tag: TAG,
      auth: 'required',
      querystring: interestBoxQuerySchema,
      responses: {
        200: { description: 'Las solicitudes', schema: interestListSchema },
        ...errors(400, 401),
      },
    },
    async ({ query, session }) => adoption.list(session.user.id, query.box),
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/interest/:id',
      summary:
        'Quien publicó el perro marca una solicitud como respondida (answered) o descartada ' +
        '(dismissed); quien la envió recibe un correo la primera vez que la solicitud llega a ' +
        'cada estado',
      tag: TAG,
      auth: 'required',
      rateLimit: answers,
      params: interestIdParamSchema,
      body: interestStateInputSchema,
      responses: {
        200: { description: 'La solicitud', schema: interestResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404),
      },
    },
    async ({ params, body, session }) => ({
      interest: await adoption.answer(params.id, session.user.id, body.state),
    }),
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
    async ({ session }) => app.dogs.listOwned(session.user.id),
  );
}

// Closing an adoption and its follow-up: close with an approved application, accept the acta,
// read an adoption (rescuer, adopter, admin), list one's own, the adopter's consent to share,
// cancelling a pending adoption, a return, the sterilization record, the check-in links (no
// login: the e-mailed token is the key) with their photo upload, and the public happy endings
// ("Así está hoy", /finales-felices).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../shared/api';
import { dogIdParamSchema } from '../../shared/dog';
import {
  adoptionCloseInputSchema,
  adoptionConsentInputSchema,
  adoptionDetailSchema,
  adoptionIdParamSchema,
  adoptionListSchema,
  adoptionResponseSchema,
  adoptionReturnInputSchema,
  checkinAnswerResponseSchema,
  checkinInputSchema,
  checkinPromptSchema,
  checkinTokenParamSchema,
  dogTodaySchema,
  happyEndingListSchema,
  sterilizationInputSchema,
} from '../../shared/follow-up';
import { photoResponseSchema } from '../../shared/photo';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import { readUploadWithin, UPLOAD_LIMITS } from '../photos/routes';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Seguimiento';
const GONE = { 410: { description: 'El enlace ya se usó o venció', schema: errorBodySchema } };

export async function followUpRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { followUp } = app;
  const { rateLimits } = app.config;
  // Closing, accepting and answering e-mail people: nobody can flood an inbox with them.
  const writes: RateLimitPolicy = {
    name: 'follow-up',
    perUser: rateLimits.interestAnswerPerUser,
    perIp: rateLimits.interestAnswerPerIp,
    windowMs: rateLimits.interestWindowMs,
  };
  // The check-in links need no login: tries per IP (guessing a token is hopeless anyway).
  const tokens: RateLimitPolicy = {
    name: 'checkin',
    perUser: 0,
    perIp: rateLimits.interestAnswerPerIp,
    windowMs: rateLimits.interestWindowMs,
  };
  const uploads: RateLimitPolicy = {
    name: 'checkin-photo',
    perUser: 0,
    perIp: rateLimits.photoUploadPerIp,
    windowMs: rateLimits.photoUploadWindowMs,
  };

  router.route(
    {
      method: 'POST',
      url: '/api/dog/:id/adoption',
      summary:
        'Cierra la adopción de un perro propio con una solicitud aprobada (interest_id): la ' +
        'adopción queda pendiente hasta que quien adopta acepte el acta de compromiso, y le ' +
        'llega un correo con el enlace. 403 si el perro no es propio; 404 si la solicitud no es ' +
        'de este perro; 409 si no está aprobada o si el perro ya tiene una adopción en curso',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: dogIdParamSchema,
      body: adoptionCloseInputSchema,
      responses: {
        201: { description: 'La adopción, con el acta pendiente', schema: adoptionResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ request, reply, params, body, session }) => {
      const adoption = await followUp.close(params.id, session.user.id, body.interest_id);
      request.log.info(
        { event: 'adoption_closed', dogId: params.id, id: adoption.id },
        'adoption closed',
      );
      return reply.code(201).send({ adoption });
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/adoptions/:id/accept',
      summary:
        'Quien adopta acepta el acta de compromiso (se guardan la hora y la versión del texto): ' +
        'el perro queda adoptado, las demás solicitudes abiertas se cierran como no ' +
        'seleccionadas con un correo amable, y empieza el seguimiento. 409 si ya se aceptó o la ' +
        'solicitud ya no está aprobada',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: adoptionIdParamSchema,
      responses: {
        200: { description: 'La adopción activa', schema: adoptionResponseSchema },
        ...errors(400, 401, 403, 404, 409),
      },
    },
    async ({ params, session }) => ({ adoption: await followUp.accept(params.id, session.user) }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/adoptions/:id',
      summary:
        'Una adopción con el acta, los seguimientos y la esterilización; solo para quien ' +
        'entregó el perro (o quien lo gestiona en su organización), quien lo adoptó o un ' +
        'administrador. dog.id es null si la publicación del perro se eliminó: la adopción se ' +
        'conserva con el nombre que tenía',
      tag: TAG,
      auth: 'required',
      params: adoptionIdParamSchema,
      responses: {
        200: { description: 'La adopción', schema: adoptionDetailSchema },
        ...errors(400, 401, 403, 404),
      },
    },
    async ({ params, session }) => followUp.get(params.id, session.user),
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/adoptions/:id',
      summary:
        'Quien adoptó permite (share_consent: true) o no que la página del perro y ' +
        '/finales-felices muestren la última foto del seguimiento, sin nombres ni contactos',
      tag: TAG,
      auth: 'required',
      params: adoptionIdParamSchema,
      body: adoptionConsentInputSchema,
      responses: {
        200: { description: 'La adopción', schema: adoptionResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404),
      },
    },
    async ({ params, body, session }) => ({
      adoption: await followUp.setConsent(params.id, session.user, body.share_consent),
    }),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/me/adoptions',
      summary:
        'Las adopciones propias, como quien entregó (role: rescuer) y como quien adoptó ' +
        '(role: adopter); primero las que tienen un seguimiento o una esterilización atrasados',
      tag: TAG,
      auth: 'required',
      responses: {
        200: { description: 'Las adopciones', schema: adoptionListSchema },
        ...errors(401),
      },
    },
    async ({ session }) => followUp.listMine(session.user.id),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/adoptions/:id/return',
      summary:
        'Quien entregó el perro registra que volvió (note opcional): la adopción queda ' +
        'returned, terminan los seguimientos pendientes y, salvo publish: false, el perro se ' +
        'publica de nuevo como disponible. 409 si la adopción no está activa',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: adoptionIdParamSchema,
      body: adoptionReturnInputSchema,
      responses: {
        200: { description: 'La adopción', schema: adoptionResponseSchema },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ params, body, session }) => ({
      adoption: await followUp.recordReturn(params.id, session.user, body),
    }),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/adoptions/:id/cancel',
      summary:
        'Quien entregó el perro (o quien lo gestiona en su organización) cancela una adopción ' +
        'con el acta aún sin aceptar: queda cancelled, el acta ya no puede aceptarse, a quien ' +
        'iba a adoptar le llega un correo y el perro puede tener una nueva adopción. 403 para ' +
        'los demás; 409 si el acta ya se aceptó o la adopción terminó',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: adoptionIdParamSchema,
      responses: {
        200: { description: 'La adopción cancelada', schema: adoptionResponseSchema },
        ...errors(400, 401, 403, 404, 409),
      },
    },
    async ({ request, params, session }) => {
      const adoption = await followUp.cancel(params.id, session.user);
      request.log.info({ event: 'adoption_cancelled', id: adoption.id }, 'adoption cancelled');
      return { adoption };
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/adoptions/:id/sterilization',
      summary:
        'Quien adoptó registra la esterilización: date (AAAA-MM-DD, no futura), clinic ' +
        'opcional y photo_ids con a lo sumo una foto del certificado (subida por esa persona). ' +
        '409 si no hay esterilización pendiente o la adopción no está activa',
      tag: TAG,
      auth: 'required',
      rateLimit: writes,
      params: adoptionIdParamSchema,
      body: sterilizationInputSchema,
      responses: {
        200: { description: 'La adopción', schema: adoptionDetailSchema },
        ...errors(...BODY_ERRORS, 401, 404, 409),
      },
    },
    async ({ params, body, session }) =>
      followUp.recordSterilization(params.id, session.user, body),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/checkins/:token',
      summary:
        'El seguimiento que abre un enlace enviado por correo (sin sesión): qué perro y qué ' +
        'seguimiento. 404 si el enlace no existe; 410 si ya se respondió o venció',
      tag: TAG,
      auth: 'none',
      rateLimit: tokens,
      params: checkinTokenParamSchema,
      responses: {
        200: { description: 'El seguimiento', schema: checkinPromptSchema },
        ...errors(400, 404),
        ...GONE,
      },
    },
    async ({ params }) => ({ checkin: await followUp.prompt(params.token) }),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/checkins/:token',
      summary:
        'Responde el seguimiento (una sola vez): status ok (Todo bien), help (Necesito ayuda) o ' +
        'return (Ya no puedo tenerlo), message opcional y photo_ids (hasta 2, subidas con ' +
        'POST /api/checkins/:token/photos). help y return le llegan de inmediato a quien ' +
        'entregó el perro. 404 si el enlace no existe; 410 si ya se usó o venció',
      tag: TAG,
      auth: 'none',
      rateLimit: tokens,
      params: checkinTokenParamSchema,
      body: checkinInputSchema,
      responses: {
        201: { description: 'Respuesta guardada', schema: checkinAnswerResponseSchema },
        ...errors(...BODY_ERRORS, 404),
        ...GONE,
      },
    },
    async ({ reply, params, body }) =>
      reply.code(201).send({ checkin: await followUp.answer(params.token, body) }),
  );

  // The check-in's photo upload parses multipart bodies, in a scope of its own.
  await app.register(async (uploadScope) => {
    await uploadScope.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
    createRouter(uploadScope).route(
      {
        method: 'POST',
        url: '/api/checkins/:token/photos',
        summary:
          'Sube una foto para el seguimiento (multipart/form-data, campo file, como ' +
          'POST /api/photos) con el enlace enviado por correo, sin sesión. 404 si el enlace no ' +
          'existe; 410 si ya se usó o venció',
        tag: TAG,
        auth: 'none',
        rateLimit: uploads,
        params: checkinTokenParamSchema,
        responses: {
          201: { description: 'La foto procesada', schema: photoResponseSchema },
          ...errors(400, 404, 413, 415),
          ...GONE,
        },
      },
      async ({ request, reply, params }) => {
        const ownerId = await followUp.tokenOwner(params.token);
        const upload = await readUploadWithin(request, reply, app.config.httpTimeouts.photoBodyMs);
        const photo = await app.photos.add(upload, ownerId);
        return reply.code(201).send({ photo });
      },
    );
  });

  router.route(
    {
      method: 'GET',
      url: '/api/happy-endings',
      summary:
        'Finales felices: la última foto del seguimiento de cada adopción cuya familia aceptó ' +
        'mostrarla, la más reciente primero; sin nombres ni contactos',
      tag: TAG,
      auth: 'none',
      responses: { 200: { description: 'Las historias', schema: happyEndingListSchema } },
    },
    async () => followUp.happyEndings(),
  );

  router.route(
    {
      method: 'GET',
      url: '/api/dog/:id/today',
      summary:
        '"Así está hoy": la última foto del seguimiento del perro y su fecha, si su familia ' +
        'aceptó mostrarla (today: null si no)',
      tag: TAG,
      auth: 'none',
      params: dogIdParamSchema,
      responses: { 200: { description: 'La foto de hoy', schema: dogTodaySchema }, ...errors(400) },
    },
    async ({ params }) => ({ today: (await followUp.happyEndings(params.id, 1))[0] ?? null }),
  );
}

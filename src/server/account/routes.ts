// The account screen's API and the forgotten-password flow: profile, password change, sign out
// everywhere, personal data export, account deletion, password reset by e-mailed link. The work
// is the accounts service's (account/service.ts); here are the routes, their limits and answers.
import type { FastifyInstance } from 'fastify';
import {
  accountExportSchema,
  accountResponseSchema,
  changePasswordSchema,
  deleteAccountSchema,
  PASSWORD_RESET_REQUESTED,
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  updateProfileSchema,
} from '../../shared/account';
import { BODY_ERRORS, errors } from '../http/responses';
import { createRouter } from '../http/route';
import type { RateLimitPolicy } from '../rate-limit/limiter';

const TAG = 'Cuenta';

export async function accountRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { accounts, config, limiter, sessions, now } = app;

  // Routes that check the account's password share a small budget, so a stolen session cannot
  // be used to guess the password (and then change it) at speed.
  const passwordChecks: RateLimitPolicy = {
    name: 'account-password',
    perUser: 10,
    perIp: 50,
    windowMs: 15 * 60 * 1000,
  };

  router.route(
    {
      method: 'GET',
      url: '/api/user/account',
      summary: 'Los datos de la cuenta propia (incluye el celular), para la página Mi cuenta',
      tag: TAG,
      auth: 'required',
      responses: {
        200: { description: 'La cuenta', schema: accountResponseSchema },
        ...errors(401),
      },
    },
    async ({ session }) => ({ user: await accounts.get(session.user.id) }),
  );

  router.route(
    {
      method: 'PATCH',
      url: '/api/user/me',
      summary: 'Cambia el nombre y/o el celular (móvil colombiano, guardado en formato E.164)',
      tag: TAG,
      auth: 'required',
      body: updateProfileSchema,
      responses: {
        200: { description: 'La cuenta actualizada', schema: accountResponseSchema },
        ...errors(...BODY_ERRORS, 401),
      },
    },
    async ({ request, session, body }) => ({
      user: await accounts.updateProfile(session.user.id, body, request.log),
    }),
  );

  router.route(
    {
      method: 'POST',
      url: '/api/user/password',
      summary:
        'Cambia la contraseña (pide la actual); cierra las demás sesiones y avisa por correo',
      tag: TAG,
      auth: 'required',
      body: changePasswordSchema,
      rateLimit: passwordChecks,
      responses: {
        204: { description: 'Contraseña cambiada' },
        ...errors(...BODY_ERRORS, 401, 409),
      },
    },
    async ({ request, reply, session, body }) => {
      await accounts.changePassword(session, body, request.log);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/user/logout-all',
      summary: 'Cierra todas las sesiones de la cuenta, también la actual, y borra la cookie',
      tag: TAG,
      auth: 'required',
      responses: { 204: { description: 'Sesiones cerradas' }, ...errors(401, 403) },
    },
    async ({ request, reply, session }) => {
      await accounts.endAllSessions(session.user.id, request.log);
      sessions.clearCookie(request, reply);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/user/export',
      summary:
        'Descarga en JSON todo lo que el sitio guarda de la persona: perfil, consentimientos, perros, fechas de sesiones',
      tag: TAG,
      auth: 'required',
      responses: {
        200: {
          description: 'Archivo JSON (Content-Disposition: attachment)',
          schema: accountExportSchema,
        },
        ...errors(401),
      },
    },
    async ({ request, reply, session }) => {
      const t = now();
      const data = await accounts.export(session.user.id, t, request.log);
      const day = t.toISOString().slice(0, 10);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="happy-dog-mis-datos-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  router.route(
    {
      method: 'DELETE',
      url: '/api/user/me',
      summary:
        'Elimina la cuenta (pide la contraseña) con sus perros, fotos, solicitudes, favoritos y sesiones',
      tag: TAG,
      auth: 'required',
      body: deleteAccountSchema,
      rateLimit: passwordChecks,
      responses: {
        204: { description: 'Cuenta eliminada; la cookie se borra' },
        ...errors(...BODY_ERRORS, 401, 409),
      },
    },
    async ({ request, reply, session, body }) => {
      await accounts.delete(session.user.id, body.password, request.log);
      sessions.clearCookie(request, reply);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/user/password-reset',
      summary:
        'Pide un enlace para crear una nueva contraseña; responde siempre lo mismo, exista o no el correo',
      tag: TAG,
      auth: 'none',
      body: passwordResetRequestSchema,
      responses: {
        202: { description: 'Siempre la misma respuesta', schema: passwordResetRequestedSchema },
        ...errors(...BODY_ERRORS, 429),
      },
    },
    async ({ request, reply, body }) => {
      const email = body.email.toLowerCase();
      const { passwordResetPerIp, passwordResetPerEmail, passwordResetWindowMs } =
        config.rateLimits;
      try {
        await limiter.consume([
          {
            key: `password-reset:ip:${request.ip}`,
            max: passwordResetPerIp,
            windowMs: passwordResetWindowMs,
          },
          {
            key: `password-reset:email:${email}`,
            max: passwordResetPerEmail,
            windowMs: passwordResetWindowMs,
          },
        ]);
      } catch (error) {
        request.log.warn({ event: 'password_reset_rate_limited', ip: request.ip }, 'rate limited');
        throw error;
      }
      await accounts.requestPasswordReset(email, request.log);
      return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/user/password-reset/check',
      summary:
        'Dice si el enlace para crear una nueva contraseña sigue sirviendo (sin usarlo), para avisarlo al abrirlo',
      tag: TAG,
      auth: 'none',
      body: passwordResetCheckSchema,
      responses: {
        204: { description: 'El enlace sirve' },
        ...errors(...BODY_ERRORS),
      },
    },
    async ({ reply, body }) => {
      // The token in the body, not the address: request logs never hold a live link.
      await accounts.checkPasswordReset(body.token);
      return reply.code(204).send();
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/user/password-reset/confirm',
      summary:
        'Crea una nueva contraseña con el token del enlace (sirve una vez, 30 minutos); cierra todas las sesiones',
      tag: TAG,
      auth: 'none',
      body: passwordResetConfirmSchema,
      responses: {
        204: { description: 'Contraseña creada; todas las sesiones cerradas' },
        ...errors(...BODY_ERRORS),
      },
    },
    async ({ request, reply, body }) => {
      await accounts.confirmPasswordReset(body.token, body.password, request.log);
      return reply.code(204).send();
    },
  );
}

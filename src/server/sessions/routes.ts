// Login, logout and "who am I": the session half of /api/user.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/api';
import { blockedAccountMessage } from '../../shared/site';
import { loginSchema, toApiUser, userResponseSchema } from '../../shared/user';
import { HttpError } from '../http/errors';
import { errors, trueSchema } from '../http/responses';
import { createRouter } from '../http/route';
import { verifyPassword } from '../users/passwords';
import { createLoginThrottle } from './login-throttle';

/** The session resource's routes (login, logout, who am I). */
export async function sessionRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { config, users, sessions, limiter } = app;
  const throttle = createLoginThrottle(limiter, config.rateLimits);

  router.route(
    {
      method: 'POST',
      url: '/api/user/userLogin',
      summary: 'Inicia sesión y entrega la cookie de sesión',
      tag: 'Sesión',
      auth: 'none',
      body: loginSchema,
      responses: {
        200: { description: 'Sesión iniciada (cookie hd_session)', schema: userResponseSchema },
        ...errors(400, 401, 403, 413, 415, 429),
      },
    },
    async ({ request, reply, body }) => {
      const email = body.email.toLowerCase();
      const logIfLimited = (error: unknown): never => {
        if (error instanceof HttpError && error.statusCode === 429) {
          request.log.warn(
            { event: 'login_rate_limited', email, ip: request.ip },
            'login rate limited',
          );
        }
        throw error;
      };
      // Known and unknown e-mails take the same path: same counters, same argon2 work, same
      // answers, so no response tells whether an e-mail is registered.
      const attempt = await throttle.begin(request.ip, email).catch(logIfLimited);
      const user = await users.findByEmail(email);
      const ok = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !ok) {
        request.log.warn({ event: 'login_failed', email, ip: request.ip }, 'login failed');
        throw new HttpError(401, MESSAGES.badCredentials);
      }
      // Only someone who knows the password learns that the account is blocked.
      if (user.blocked) {
        request.log.warn({ event: 'login_blocked', userId: user.id }, 'blocked account');
        throw new HttpError(403, blockedAccountMessage(config.site.email));
      }
      await attempt.succeeded(user.id).catch(logIfLimited);
      await sessions.start(request, reply, user.id);
      request.log.info({ event: 'login', userId: user.id }, 'login succeeded');
      return { user: toApiUser(user) };
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/user/userLogout',
      summary: 'Cierra la sesión: borra la sesión del servidor y la cookie',
      tag: 'Sesión',
      auth: 'none',
      responses: { 200: { description: 'Siempre true', schema: trueSchema }, ...errors(403) },
    },
    async ({ request, reply }) => {
      await sessions.end(request, reply);
      return true;
    },
  );

  router.route(
    {
      method: 'GET',
      url: '/api/user/me',
      summary: 'El usuario de la sesión actual',
      tag: 'Sesión',
      auth: 'required',
      responses: {
        200: { description: 'Usuario en sesión', schema: userResponseSchema },
        ...errors(401),
      },
    },
    async ({ session }) => ({ user: toApiUser(session.user) }),
  );
}

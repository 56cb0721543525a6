// Account registration: the account half of /api/user.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/api';
import { PRIVACY_POLICY } from '../../shared/privacy';
import { registerSchema } from '../../shared/user';
import { HttpError } from '../http/errors';
import { errors, trueSchema } from '../http/responses';
import { createRouter } from '../http/route';
import { passwordWeakness } from './password-strength';
import { hashPassword } from './passwords';

/** The accounts resource's routes. */
export async function userRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const { config, users, limiter, now } = app;
  const { registerPerIp, registerWindowMs } = config.rateLimits;

  router.route(
    {
      method: 'POST',
      url: '/api/user/userRegister',
      summary:
        'Crea una cuenta (rol user); exige consent: true (acepta la política de tratamiento de datos, cuya versión y fecha se guardan)',
      tag: 'Usuarios',
      auth: 'none',
      body: registerSchema,
      responses: {
        201: { description: 'Cuenta creada', schema: trueSchema },
        ...errors(400, 403, 409, 413, 415, 429),
      },
    },
    async ({ request, reply, body }) => {
      try {
        await limiter.consume([
          { key: `register:ip:${request.ip}`, max: registerPerIp, windowMs: registerWindowMs },
        ]);
      } catch (error) {
        request.log.warn(
          { event: 'register_rate_limited', ip: request.ip },
          'register rate limited',
        );
        throw error;
      }
      const weakness = await passwordWeakness(body.password, body);
      if (weakness) throw new HttpError(400, weakness);
      // Hash first, so a taken e-mail costs the same time as a new one.
      const passwordHash = await hashPassword(body.password);
      const user = await users.insert({
        name: body.name,
        email: body.email,
        passwordHash,
        consent: { policyVersion: PRIVACY_POLICY.version, acceptedAt: now() },
      });
      if (!user) throw new HttpError(409, MESSAGES.emailTaken);
      request.log.info({ event: 'register', userId: user.id }, 'account created');
      reply.code(201);
      return true;
    },
  );
}

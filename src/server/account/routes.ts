// The account screen's API and the forgotten-password flow: profile, password change, sign out
// everywhere, personal data export, account deletion, password reset by e-mailed link.
import { createHash, randomBytes } from 'node:crypto';
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
  RESET_LINK_INVALID,
  resetLinkPath,
  updateProfileSchema,
  type AccountUser,
} from '../../shared/account';
import { toApiUser } from '../../shared/user';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { ListCache } from '../dogs/list-cache';
import { HttpError } from '../http/errors';
import { BODY_ERRORS, errors } from '../http/responses';
import type { Router } from '../http/route';
import { accountDeletedMail, passwordChangedMail, passwordResetMail } from '../mail/messages';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter, RateLimitPolicy } from '../rate-limit/limiter';
import type { SessionService } from '../sessions/service';
import { passwordWeakness } from '../users/password-strength';
import { hashPassword, verifyPassword } from '../users/passwords';
import { exportAccount } from './export';
import type { AccountRepository, AccountRow } from './repository';

export interface AccountRouteDeps {
  router: Router;
  config: Config;
  db: Db;
  accounts: AccountRepository;
  sessions: SessionService;
  limiter: RateLimiter;
  mailer: Mailer;
  listCache: ListCache;
  now: () => Date;
}

/** How long an e-mailed reset link works. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'La contraseña no es correcta',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  changedMeanwhile: 'Tu contraseña cambió mientras tanto. Vuelve a intentarlo.',
  accountGone: 'Tu cuenta ya no existe',
} as const;

const TAG = 'Cuenta';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

function toAccountUser(row: AccountRow): AccountUser {
  return { ...toApiUser(row), phone: row.phone };
}

export function registerAccountRoutes({
  router,
  config,
  db,
  accounts,
  sessions,
  limiter,
  mailer,
  listCache,
  now,
}: AccountRouteDeps) {
  // Routes that check the account's password share a small budget, so a stolen session cannot
  // be used to guess the password (and then change it) at speed.
  const passwordChecks: RateLimitPolicy = {
    name: 'account-password',
    perUser: 10,
    perIp: 50,
    windowMs: 15 * 60 * 1000,
  };

  /** The session's account, with its password hash; 401 when it was deleted meanwhile. */
  async function accountOf(userId: number) {
    const account = await accounts.find(userId);
    if (!account) throw new HttpError(401, ACCOUNT_MESSAGES.accountGone);
    return account;
  }

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
    async ({ session }) => ({ user: toAccountUser(await accountOf(session.user.id)) }),
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
    async ({ request, session, body }) => {
      const updated = await accounts.updateProfile(session.user.id, body);
      if (!updated) throw new HttpError(401, ACCOUNT_MESSAGES.accountGone);
      // Logged-in visitors see the owner's name and phone on each dog.
      if (body.name !== undefined || body.phone !== undefined) listCache.invalidate();
      request.log.info(
        { event: 'profile_updated', userId: session.user.id, fields: Object.keys(body) },
        'profile updated',
      );
      return { user: toAccountUser(updated) };
    },
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
      const account = await accountOf(session.user.id);
      if (!(await verifyPassword(account.password_hash, body.current))) {
        request.log.warn(
          { event: 'password_change_refused', userId: account.id },
          'wrong password',
        );
        throw new HttpError(403, ACCOUNT_MESSAGES.wrongCurrentPassword);
      }
      const weakness = await passwordWeakness(body.password, account);
      if (weakness) throw new HttpError(400, weakness);
      const newHash = await hashPassword(body.password);
      if (
        !(await accounts.changePassword(
          account.id,
          account.password_hash,
          newHash,
          session.tokenHash,
        ))
      )
        throw new HttpError(409, ACCOUNT_MESSAGES.changedMeanwhile);
      request.log.info({ event: 'password_changed', userId: account.id }, 'password changed');
      mailer.send('password-changed', passwordChangedMail(account, 'changed', config.site.email));
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
      const ended = await accounts.endAllSessions(session.user.id);
      sessions.clearCookie(request, reply);
      request.log.info(
        { event: 'logout_all', userId: session.user.id, ended },
        'every session ended',
      );
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
      const data = await exportAccount(db, session.user.id, t);
      if (!data.profile) throw new HttpError(401, ACCOUNT_MESSAGES.accountGone);
      request.log.info(
        { event: 'data_exported', userId: session.user.id },
        'personal data exported',
      );
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
      const account = await accountOf(session.user.id);
      if (!(await verifyPassword(account.password_hash, body.password))) {
        request.log.warn({ event: 'account_delete_refused', userId: account.id }, 'wrong password');
        throw new HttpError(403, ACCOUNT_MESSAGES.wrongPassword);
      }
      if (!(await accounts.deleteAccount(account.id, account.password_hash)))
        throw new HttpError(409, ACCOUNT_MESSAGES.changedMeanwhile);
      listCache.invalidate();
      sessions.clearCookie(request, reply);
      request.log.info({ event: 'account_deleted', userId: account.id }, 'account deleted');
      mailer.send('account-deleted', accountDeletedMail(account, config.site.email));
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
      // The same work whether or not the e-mail has an account: a token, its hash, one statement.
      const token = randomBytes(32).toString('base64url');
      const t = now();
      const account = await accounts.createPasswordReset(
        email,
        sha256(token),
        t,
        new Date(t.getTime() + RESET_TOKEN_TTL_MS),
      );
      if (account) {
        mailer.send(
          'password-reset',
          passwordResetMail(
            account,
            `${config.publicUrl}${resetLinkPath(token)}`,
            config.site.email,
          ),
        );
      }
      request.log.info(
        { event: 'password_reset_requested', userId: account?.id },
        'password reset requested',
      );
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
      const account = await accounts.findLiveReset(sha256(body.token), now());
      if (!account) throw new HttpError(400, RESET_LINK_INVALID);
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
      const tokenHash = sha256(body.token);
      // Checked before hashing the new password, so a dead link costs no argon2 work.
      const account = await accounts.findLiveReset(tokenHash, now());
      if (!account) throw new HttpError(400, RESET_LINK_INVALID);
      // Refused before the link is used: the person may try another password with it.
      const weakness = await passwordWeakness(body.password, account);
      if (weakness) throw new HttpError(400, weakness);
      const newHash = await hashPassword(body.password);
      const userId = await accounts.completePasswordReset(tokenHash, newHash, now());
      if (userId === undefined) throw new HttpError(400, RESET_LINK_INVALID);
      request.log.info({ event: 'password_reset', userId }, 'password reset with a link');
      mailer.send('password-changed', passwordChangedMail(account, 'reset', config.site.email));
      return reply.code(204).send();
    },
  );
}

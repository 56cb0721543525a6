// The account's own life: its profile, password change, sign out everywhere, the personal data
// export, deletion, and the forgotten-password flow (a single-use link by e-mail). Every refusal
// is an HttpError with its Spanish message; e-mails are queued, never awaited.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  RESET_LINK_INVALID,
  resetLinkPath,
  type AccountUser,
  type ChangePasswordInput,
} from '../../shared/account';
import { toApiUser } from '../../shared/user';
import type { Db } from '../db/db';
import type { ListCache } from '../dogs/list-cache';
import { HttpError } from '../http/errors';
import type { CurrentSession } from '../http/session';
import type { DogService } from '../dogs/service';
import type { MailQueue } from '../mail/queue';
import type { OrgService } from '../orgs/service';
import { accountDeletedMail, passwordChangedMail, passwordResetMail } from '../mail/messages';
import { passwordWeakness } from '../users/password-strength';
import { hashPassword, verifyPassword } from '../users/passwords';
import { exportAccount } from './export';
import type { AccountRepository, AccountRow } from './repository';

/** How long an e-mailed reset link works. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'La contraseña no es correcta',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  changedMeanwhile: 'Tu contraseña cambió mientras tanto. Vuelve a intentarlo.',
  accountGone: 'Tu cuenta ya no existe',
} as const;

/** The request's logger: refusals and changes are logged with the request they belong to. */
type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface AccountServiceDeps {
  db: Db;
  accounts: AccountRepository;
  /** Logged-in visitors see owners' names and phones on dogs: a change invalidates the lists. */
  listCache: ListCache;
  /** What the removal of each of the account's dogs does, in the deletion's transaction. */
  dogs: Pick<DogService, 'beforeOwnerRemoved'>;
  /** Organizations the account alone administers: handed over first, or gone with it. */
  orgs: Pick<OrgService, 'beforeAccountRemoved'>;
  /** E-mails as jobs, stored in the transaction that causes them. */
  mail: MailQueue;
  /** The site's address for the links in e-mails (config.publicUrl). */
  publicUrl: string;
  /** The address people write to (config.site.email), named in every e-mail. */
  contact: string;
  now: () => Date;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

function toAccountUser(row: AccountRow): AccountUser {
  return { ...toApiUser(row), phone: row.phone };
}

export function createAccountService({
  db,
  accounts,
  listCache,
  dogs,
  orgs,
  mail,
  publicUrl,
  contact,
  now,
}: AccountServiceDeps) {
  /** The session's account, with its password hash; 401 when it was deleted meanwhile. */
  async function accountOf(userId: number) {
    const account = await accounts.find(userId);
    if (!account) throw new HttpError(401, ACCOUNT_MESSAGES.accountGone);
    return account;
  }

  return {
    async get(userId: number): Promise<AccountUser> {
      return toAccountUser(await accountOf(userId));
    },

    async updateProfile(
      userId: number,
      input: Parameters<AccountRepository['updateProfile']>[1],
      log: Log,
    ) {
      const updated = await accounts.updateProfile(userId, input);
      if (!updated) throw new HttpError(401, ACCOUNT_MESSAGES.accountGone);
      // Logged-in visitors see the owner's name and phone on each dog.
      if (input.name !== undefined || input.phone !== undefined) listCache.invalidate();
      log.info({ event: 'profile_updated', userId, fields: Object.keys(input) }, 'profile updated');
      return toAccountUser(updated);
    },

    /** Checks the current password; the session that asked stays, every other one ends. */
    async changePassword(session: CurrentSession, input: ChangePasswordInput, log: Log) {
      const account = await accountOf(session.user.id);
      if (!(await verifyPassword(account.password_hash, input.current))) {
        log.warn({ event: 'password_change_refused', userId: account.id }, 'wrong password');
        throw new HttpError(403, ACCOUNT_MESSAGES.wrongCurrentPassword);
      }
      const weakness = await passwordWeakness(input.password, account);
      if (weakness) throw new HttpError(400, weakness);
      const newHash = await hashPassword(input.password);
      if (
        !(await accounts.changePassword(
          account.id,
          account.password_hash,
          newHash,
          session.tokenHash,
          (tx) =>
            mail.enqueue(tx, 'password-changed', passwordChangedMail(account, 'changed', contact)),
        ))
      )
        throw new HttpError(409, ACCOUNT_MESSAGES.changedMeanwhile);
      log.info({ event: 'password_changed', userId: account.id }, 'password changed');
    },

    /** Ends every session of the account, the caller's included; how many ended. */
    async endAllSessions(userId: number, log: Log): Promise<number> {
      const ended = await accounts.endAllSessions(userId);
      log.info({ event: 'logout_all', userId, ended }, 'every session ended');
      return ended;
    },

    /** Everything stored about the person, as of `at`. */
    async export(userId: number, at: Date, log: Log) {
      const data = await exportAccount(db, userId, at);
      if (!data.profile) throw new HttpError(401, ACCOUNT_MESSAGES.accountGone);
      log.info({ event: 'data_exported', userId }, 'personal data exported');
      return data;
    },

    /** Deletes the account with everything it owns, once its password is given. */
    async delete(userId: number, password: string, log: Log): Promise<void> {
      const account = await accountOf(userId);
      if (!(await verifyPassword(account.password_hash, password))) {
        log.warn({ event: 'account_delete_refused', userId: account.id }, 'wrong password');
        throw new HttpError(403, ACCOUNT_MESSAGES.wrongPassword);
      }
      if (
        !(await accounts.deleteAccount(
          account.id,
          account.password_hash,
          (tx) => mail.enqueue(tx, 'account-deleted', accountDeletedMail(account, contact)),
          // Their dogs go with the account: what a dog's removal does (telling its applicants)
          // happens for each, in the same transaction.
          // An organization they alone administer must be handed over first (409, nothing
          // deleted) unless they are its only member.
          async (tx) => {
            await orgs.beforeAccountRemoved(tx, account.id);
            await dogs.beforeOwnerRemoved(tx, account.id);
          },
        ))
      )
        throw new HttpError(409, ACCOUNT_MESSAGES.changedMeanwhile);
      listCache.invalidate();
      log.info({ event: 'account_deleted', userId: account.id }, 'account deleted');
    },

    /**
     * A reset link for `email`, mailed when it has an account. The same work whether or not it
     * has one: a token, its hash, one statement.
     */
    async requestPasswordReset(email: string, log: Log): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const t = now();
      // The token and its e-mail are stored together: a crash cannot keep one without the other.
      const account = await db.transaction(async (tx) => {
        const found = await accounts.createPasswordReset(
          email,
          sha256(token),
          t,
          new Date(t.getTime() + RESET_TOKEN_TTL_MS),
          tx,
        );
        if (found)
          await mail.enqueue(
            tx,
            'password-reset',
            passwordResetMail(found, `${publicUrl}${resetLinkPath(token)}`, contact),
          );
        return found;
      });
      log.info(
        { event: 'password_reset_requested', userId: account?.id },
        'password reset requested',
      );
    },

    /** A new password with a live link's token; the link dies and every session ends. */
    /** 400 unless `token` is a live reset link; the link is not used. */
    async checkPasswordReset(token: string): Promise<void> {
      const account = await accounts.findLiveReset(sha256(token), now());
      if (!account) throw new HttpError(400, RESET_LINK_INVALID);
    },

    async confirmPasswordReset(token: string, password: string, log: Log): Promise<void> {
      const tokenHash = sha256(token);
      // Checked before hashing the new password, so a dead link costs no argon2 work.
      const account = await accounts.findLiveReset(tokenHash, now());
      if (!account) throw new HttpError(400, RESET_LINK_INVALID);
      // Refused before the link is used: the person may try another password with it.
      const weakness = await passwordWeakness(password, account);
      if (weakness) throw new HttpError(400, weakness);
      const newHash = await hashPassword(password);
      const userId = await accounts.completePasswordReset(tokenHash, newHash, now(), (tx) =>
        mail.enqueue(tx, 'password-changed', passwordChangedMail(account, 'reset', contact)),
      );
      if (userId === undefined) throw new HttpError(400, RESET_LINK_INVALID);
      log.info({ event: 'password_reset', userId }, 'password reset with a link');
    },

    /** Deletes reset links past their time (maintenance runs it periodically). */
    purgeExpiredResets(): Promise<number> {
      return accounts.purgeExpiredResets(now());
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

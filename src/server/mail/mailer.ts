// Sends e-mail in the background: through SMTP when SMTP_URL is set, otherwise as .eml files in
// an outbox folder a person can open. A failed delivery is retried with growing pauses and never
// fails the request that asked for it; logs name the message's kind, never its text or links
// (they may hold single-use tokens).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where messages go: an SMTP server, or .eml files in a folder. */
export type MailTarget = { smtpUrl: string } | { outboxDir: string };

interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  target: MailTarget;
  /** The From header, e.g. `"Happy Dog" <no-responder@happydog.com.co>`. */
  from: string;
  log: MailLog;
  /** Pauses before each retry; their count is the number of retries. */
  retryDelaysMs?: readonly number[];
}

export interface Mailer {
  /** Queues a message; `kind` names it in the logs (e.g. "password-reset"). Never throws. */
  send(kind: string, message: MailMessage): void;
  /** Resolves once every queued message has been delivered or given up. */
  idle(): Promise<void>;
  /** Stops retrying (messages waiting for a retry are logged as not sent) and waits for the rest. */
  close(): Promise<void>;
}

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000] as const;

/** A file name that sorts by time and never collides: 2026-11-23T11-20-00.123Z-password-reset-1a2b3c4d.eml */
function outboxFileName(kind: string, at: Date): string {
  const stamp = at.toISOString().replaceAll(':', '-');
  return `${stamp}-${kind.replace(/[^a-z0-9-]/gi, '')}-${randomBytes(4).toString('hex')}.eml`;
}

export function createMailer({
  target,
  from,
  log,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
}: MailerOptions): Mailer {
  // nodemailer is loaded with the first message, not at start-up (about a hundred modules).
  let transport: Promise<Transporter> | undefined;
  const transportFor = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return 'smtpUrl' in target
      ? nodemailer.createTransport({
          url: target.smtpUrl,
          // A server that stops answering must not hold a delivery (and shutdown) for minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };

  async function deliverOnce(kind: string, message: MailMessage): Promise<object> {
    const loading = (transport ??= transportFor());
    // A failed load is tried again by the next attempt.
    loading.catch(() => {
      if (transport === loading) transport = undefined;
    });
    const info = (await (await loading).sendMail({ from, ...message })) as {
      messageId?: string;
      message?: Buffer;
    };
    if ('outboxDir' in target) {
      // Private: a reset link in these files opens the account.
      await mkdir(target.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(target.outboxDir, outboxFileName(kind, new Date()));
      await writeFile(file, info.message!, { mode: 0o600, flag: 'wx' });
      return { file };
    }
    return { messageId: info.messageId };
  }

  const pending = new Set<Promise<void>>();
  const sleepers = new Set<() => void>();
  let closed = false;

  /** Waits `ms`, or less when the mailer closes; true when the wait ran its course. */
  function pause(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve(false);
      };
      const timer = setTimeout(() => {
        sleepers.delete(wake);
        resolve(true);
      }, ms);
      timer.unref();
      sleepers.add(wake);
    });
  }

  async function deliver(kind: string, message: MailMessage): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const where = await deliverOnce(kind, message);
        log.info({ event: 'mail_sent', kind, attempt, ...where }, 'mail sent');
        return;
      } catch (error) {
        const retryIn = retryDelaysMs[attempt - 1];
        const reason = error instanceof Error ? error.message : String(error);
        if (retryIn === undefined) {
          log.error({ event: 'mail_failed', kind, attempt, reason }, 'mail not sent: gave up');
          return;
        }
        log.warn(
          { event: 'mail_retry', kind, attempt, reason, retryInMs: retryIn },
          'mail failed, will retry',
        );
        if (closed || !(await pause(retryIn))) {
          log.error(
            { event: 'mail_failed', kind, attempt, reason },
            'mail not sent: shutting down',
          );
          return;
        }
      }
    }
  }

  return {
    send(kind, message) {
      if (closed) {
        log.error({ event: 'mail_failed', kind, attempt: 0 }, 'mail not sent: shutting down');
        return;
      }
      const delivery = deliver(kind, message).catch((error: unknown) =>
        log.error({ event: 'mail_failed', kind, reason: String(error) }, 'mail not sent'),
      );
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },

    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    async close() {
      closed = true;
      for (const wake of [...sleepers]) wake();
      await this.idle();
      // Never loaded when no message was sent.
      (await transport?.catch(() => undefined))?.close();
    },
  };
}

// Delivers one e-mail at a time: through SMTP when SMTP_URL is set, otherwise as an .eml file in
// an outbox folder a person can open. Delivery is one attempt that throws on failure: the mail
// job (mail/queue.ts) stores the message, retries it with growing pauses and logs it by kind,
// never by its text or links (they may hold single-use tokens).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert
   * e-mails; written as given.
   */
  headers?: Record<string, string>;
  /** Where a reply goes, when the person it is from chose to share their address. */
  replyTo?: string;
}

/** Where messages go: an SMTP server, or .eml files in a folder. */
export type MailTarget = { smtpUrl: string } | { outboxDir: string };

export interface MailerOptions {
  target: MailTarget;
  /** The From header, e.g. `"Happy Dog" <no-responder@happydog.com.co>`. */
  from: string;
}

export interface Mailer {
  /**
   * Delivers one message now; `kind` names it in the outbox file name (e.g. "password-reset").
   * Resolves with where it went (`messageId` or `file`); throws when it could not be delivered.
   */
  deliver(kind: string, message: MailMessage): Promise<Record<string, string | undefined>>;
  /** Closes the SMTP connection, if one was opened. */
  close(): Promise<void>;
}

/** A file name that sorts by time and never collides: 2026-11-23T11-20-00.123Z-password-reset-1a2b3c4d.eml */
function outboxFileName(kind: string, at: Date): string {
  const stamp = at.toISOString().replaceAll(':', '-');
  return `${stamp}-${kind.replace(/[^a-z0-9-]/gi, '')}-${randomBytes(4).toString('hex')}.eml`;
}

export function createMailer({ target, from }: MailerOptions): Mailer {
  // nodemailer is loaded with the first message, not at start-up (about a hundred modules).
  let transport: Promise<Transporter> | undefined;
  const transportFor = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return 'smtpUrl' in target
      ? nodemailer.createTransport({
          url: target.smtpUrl,
          // Connections are kept and reused (up to the mail queue's deliveries at once): a
          // fan-out of a thousand alert e-mails does not open a thousand connections.
          pool: true,
          maxConnections: 5,
          // A server that stops answering must not hold a delivery (and shutdown) for minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };

  return {
    async deliver(kind, message) {
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
    },

    async close() {
      // Never loaded when no message was sent.
      (await transport?.catch(() => undefined))?.close();
    },
  };
}

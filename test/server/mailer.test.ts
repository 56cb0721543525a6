// The e-mail transport: SMTP delivery to a real SMTP peer, a refusal or an unreachable server
// thrown to the caller (the mail job retries it, see jobs.test.ts), and the .eml outbox used when
// there is no SMTP server.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer, type MailTarget } from '../../src/server/mail/mailer';
import {
  accountDeletedMail,
  escapeHtml,
  passwordChangedMail,
  passwordResetMail,
} from '../../src/server/mail/messages';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp';

const FROM = '"Happy Dog" <no-responder@happydog.com.co>';
const LINK = 'http://127.0.0.1:3000/recuperar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const CONTACT = 'ayuda@refugio.example';
const person = { name: 'Ana <Gómez>', email: 'ana@example.com' };

/** A port nothing listens on (taken and released at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mailer', () => {
  let peer: SmtpPeer;
  let mailer: Mailer | undefined;
  let outbox: string;

  beforeEach(async () => {
    peer = await startSmtpPeer();
    outbox = join(await mkdtemp(join(tmpdir(), 'hd-outbox-')), 'outbox');
  });
  afterEach(async () => {
    await mailer?.close();
    mailer = undefined;
    await peer.close();
    await rm(join(outbox, '..'), { recursive: true, force: true });
  });

  const make = (target: MailTarget) => {
    mailer = createMailer({ target, from: FROM });
    return { mailer };
  };

  it('delivers through SMTP: From, To, Spanish subject, text and HTML with the site name', async () => {
    const { mailer } = make({ smtpUrl: peer.url });
    const where = await mailer.deliver('password-reset', passwordResetMail(person, LINK, CONTACT));
    expect(where.messageId).toEqual(expect.any(String));

    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.from).toBe('"Happy Dog" <no-responder@happydog.com.co>');
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.subject).toBe('Crea una nueva contraseña | Happy Dog');
    expect(mail.text).toContain('Hola, Ana <Gómez>:');
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain('30 minutos');
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain('Hola, Ana &lt;Gómez&gt;:');
    expect(mail.html).not.toContain('<Gómez>');
    expect(mail.html).toContain('Happy Dog');
    // The footer names the configured address to write to.
    expect(mail.text).toContain(`escríbenos a ${CONTACT}`);
  });

  it('throws when the server refuses the message, and delivers the next one', async () => {
    const { mailer } = make({ smtpUrl: peer.url });
    peer.failNext(1);
    await expect(
      mailer.deliver('password-changed', passwordChangedMail(person, 'changed', CONTACT)),
    ).rejects.toThrow();
    expect(peer.refused).toBe(1);
    await mailer.deliver('password-changed', passwordChangedMail(person, 'changed', CONTACT));
    expect(peer.received.map((m) => m.subject)).toEqual(['Tu contraseña cambió | Happy Dog']);
  });

  it('throws when nothing listens at the SMTP address', async () => {
    const { mailer } = make({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    await expect(
      mailer.deliver('account-deleted', accountDeletedMail(person, CONTACT)),
    ).rejects.toThrow();
  });

  it('without SMTP writes each message as a private .eml file in the outbox', async () => {
    const { mailer } = make({ outboxDir: outbox });
    const written = await Promise.all([
      mailer.deliver('password-reset', passwordResetMail(person, LINK, CONTACT)),
      mailer.deliver('password-changed', passwordChangedMail(person, 'reset', CONTACT)),
    ]);

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(
        /^\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z-password-(reset|changed)-[0-9a-f]{8}\.eml$/,
      );
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    const resetFile = files.find((f) => f.includes('password-reset'))!;
    expect((await stat(join(outbox, resetFile))).mode & 0o777).toBe(0o600);

    const parsed = await simpleParser(await readFile(join(outbox, resetFile)));
    expect(parsed.subject).toBe('Crea una nueva contraseña | Happy Dog');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('ana@example.com');
    expect(parsed.text).toContain(LINK);
    expect(written.map((w) => w.file).sort()).toEqual(files.map((f) => join(outbox, f)));
  });

  it('escapes HTML in everything interpolated', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

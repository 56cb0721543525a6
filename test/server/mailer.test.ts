// The e-mail sender: SMTP delivery to a real SMTP peer, retries with backoff, the .eml outbox
// used when there is no SMTP server, and logs that never carry a message's text or links.
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

function memoryLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) =>
    lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

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

  const make = (target: MailTarget, retryDelaysMs = [5, 5, 5]) => {
    const memory = memoryLog();
    mailer = createMailer({ target, from: FROM, log: memory.log, retryDelaysMs });
    return { mailer, lines: memory.lines };
  };

  it('delivers through SMTP: From, To, Spanish subject, text and HTML with the site name', async () => {
    const { mailer, lines } = make({ smtpUrl: peer.url });
    mailer.send('password-reset', passwordResetMail(person, LINK, CONTACT));
    await mailer.idle();

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

    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        obj: expect.objectContaining({ event: 'mail_sent', kind: 'password-reset', attempt: 1 }),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('recuperar');
    expect(JSON.stringify(lines)).not.toContain('ana@example.com');
  });

  it('retries a refused message with pauses and delivers it on a later attempt', async () => {
    const { mailer, lines } = make({ smtpUrl: peer.url });
    peer.failNext(2);
    mailer.send('password-changed', passwordChangedMail(person, 'changed', CONTACT));
    await mailer.idle();

    expect(peer.refused).toBe(2);
    expect(peer.received.map((m) => m.subject)).toEqual(['Tu contraseña cambió | Happy Dog']);
    expect(lines.map((l) => [l.level, l.obj.event, l.obj.attempt])).toEqual([
      ['warn', 'mail_retry', 1],
      ['warn', 'mail_retry', 2],
      ['info', 'mail_sent', 3],
    ]);
  });

  it('gives up after the last retry without throwing, and logs it', async () => {
    const { mailer, lines } = make({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` }, [5, 5]);
    expect(() => mailer.send('account-deleted', accountDeletedMail(person, CONTACT))).not.toThrow();
    await mailer.idle();
    expect(lines.map((l) => [l.level, l.obj.event, l.obj.attempt])).toEqual([
      ['warn', 'mail_retry', 1],
      ['warn', 'mail_retry', 2],
      ['error', 'mail_failed', 3],
    ]);
  });

  it('close() stops waiting for a retry: the message is logged as not sent', async () => {
    const { mailer, lines } = make({ smtpUrl: peer.url }, [60_000]);
    peer.failNext(1);
    mailer.send('password-changed', passwordChangedMail(person, 'reset', CONTACT));
    await expect.poll(() => lines.length).toBe(1);
    const started = Date.now();
    await mailer.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lines.at(-1)).toMatchObject({ level: 'error', msg: 'mail not sent: shutting down' });
    expect(peer.received).toHaveLength(0);
  });

  it('without SMTP writes each message as a private .eml file in the outbox and logs its name only', async () => {
    const { mailer, lines } = make({ outboxDir: outbox });
    mailer.send('password-reset', passwordResetMail(person, LINK, CONTACT));
    mailer.send('password-changed', passwordChangedMail(person, 'reset', CONTACT));
    await mailer.idle();

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

    expect(lines.map((l) => l.obj.event)).toEqual(['mail_sent', 'mail_sent']);
    expect(lines.map((l) => l.obj.file)).toEqual(
      expect.arrayContaining(files.map((f) => join(outbox, f))),
    );
    expect(JSON.stringify(lines)).not.toContain('AbCdEfGh');
  });

  it('escapes HTML in everything interpolated', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

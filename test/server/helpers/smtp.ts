// A real SMTP server on a free local port that keeps what it receives, parsed, for assertions.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The message's header fields as sent (unfolded), by lower-case name. */
  headers: Record<string, string>;
}

/** The header fields of a raw message: unfolded, by lower-case name (the last one wins). */
function headerFields(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const fields: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuses the next `count` messages with a temporary error (451). */
  failNext(count: number): void;
  /** Messages refused so far (by failNext). */
  refused: number;
  /**
   * Answers no message until `count` are waiting for their answer at once, then answers them and
   * every later one at once (proof that several senders deliver side by side).
   */
  holdUntil(count: number): void;
  close(): Promise<void>;
}

function toReceived(parsed: ParsedMail, raw: string): ReceivedMail {
  const addresses = (value: ParsedMail['to']) =>
    (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) =>
      a.value.map((v) => v.address ?? ''),
    );
  return {
    from: parsed.from?.text ?? '',
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    raw,
    headers: headerFields(raw),
  };
}

/** `port`: a given one (a server configured before the peer started); a free one by default. */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  let failures = 0;
  let holdFor = 0;
  let held: (() => void)[] = [];
  const peer: SmtpPeer = {
    url: '',
    received: [],
    refused: 0,
    failNext(count) {
      failures = count;
    },
    holdUntil(count) {
      holdFor = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          peer.refused += 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const answer = () =>
          simpleParser(raw).then(
            (parsed) => {
              peer.received.push(toReceived(parsed, raw));
              callback();
            },
            (error: Error) => callback(error),
          );
        if (holdFor === 0) {
          void answer();
          return;
        }
        held.push(() => void answer());
        if (held.length < holdFor) return;
        holdFor = 0;
        const waiting = held;
        held = [];
        for (const release of waiting) release();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${bound}`;
  return peer;
}

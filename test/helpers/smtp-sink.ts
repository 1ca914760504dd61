// A real SMTP server (smtp-server) on loopback that keeps every message, for mail suites.
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded when it was sent so. */
  text: string;
  raw: string;
}

/** Submission ids a response mail lists ("Open it: .../submissions/<id>"), in order. */
export const listedIds = (text: string) => [...text.matchAll(/\/submissions\/([0-9a-f-]{36})/g)].map((m) => m[1]);

/** A running sink: its smtp:// URL and the messages so far. */
export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Polls until `check` holds (a liveness bound, not a timing assertion). */
  waitFor(check: (mails: ReceivedMail[]) => boolean, what: string, limitMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the sink on 127.0.0.1: no TLS, no auth, accepts everything. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        // Headers end at the first empty line; a folded Subject continues on lines starting with space.
        const split = /\r?\n\r?\n/.exec(raw);
        const head = raw.slice(0, split?.index ?? raw.length).replace(/\r?\n[ \t]+/g, ' ');
        const body = split ? raw.slice(split.index + split[0].length) : '';
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/im.exec(head)?.[1] ?? '',
          text: /^Content-Transfer-Encoding: quoted-printable/im.test(head) ? decodeQuotedPrintable(body) : body,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  const waitFor = async (check: (m: ReceivedMail[]) => boolean, what: string, limitMs = 20_000) => {
    const deadline = Date.now() + limitMs;
    while (!check(mails)) {
      if (Date.now() > deadline)
        throw new Error(
          `smtp sink: gave up waiting for ${what}; got ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`,
        );
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable (RFC 2045): soft line breaks and =XX bytes, read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

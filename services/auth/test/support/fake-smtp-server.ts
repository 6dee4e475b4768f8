import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the fake server received it, parsed as a mail client would. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface FakeSmtpServer {
  /** `smtp://user:password@127.0.0.1:port` */
  url: string;
  received: ReceivedMail[];
  /** The next message to arrive (or the first not yet taken). */
  next(): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export const SMTP_TEST_USER = 'mailer@story.test';
export const SMTP_TEST_PASSWORD = 'p@ss word:1';

/**
 * An SMTP server (the `smtp-server` package) on a free local port: the outside service at the
 * network boundary, which the real client (nodemailer) talks to. It asks for a login (refusing any
 * other than the test's), takes messages for `refuse` addresses' domains with a 550, keeps the rest.
 */
export async function startFakeSmtpServer(options: { refuse?: string[] } = {}): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const untaken: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    // Plain text on loopback: the test checks what is sent, not TLS (nodemailer upgrades when it is offered).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_TEST_USER && auth.password === SMTP_TEST_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          received.push(mail);
          const waiter = waiting.shift();
          if (waiter) waiter(mail);
          else untaken.push(mail);
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(SMTP_TEST_USER)}:${encodeURIComponent(SMTP_TEST_PASSWORD)}@127.0.0.1:${port}`,
    received,
    next: () => {
      const first = untaken.shift();
      return first ? Promise.resolve(first) : new Promise((resolve) => waiting.push(resolve));
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

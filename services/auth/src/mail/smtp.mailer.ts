import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** How long the SMTP server may take to accept a connection, greet, and answer each step. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** nodemailer's options from `SMTP_URL`: `smtps://` is TLS from the start (465); `smtp://` upgrades with STARTTLS when the server offers it. */
export function smtpOptionsOf(url: string): SMTPTransport.Options {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
    ...SMTP_TIMEOUTS_MS,
  };
}

/** E-mails through an SMTP server with nodemailer, one connection per message (they are rare: password resets). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpOptionsOf(url));
  }

  async send(mail: OutgoingMail): Promise<void> {
    const sent = await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
    // The server took the message, but not for this recipient: as much a failure as a refused connection.
    if (sent.rejected.length > 0) throw new Error(`the SMTP server refused the recipient (${sent.response})`);
  }

  close(): void {
    this.transport.close();
  }
}

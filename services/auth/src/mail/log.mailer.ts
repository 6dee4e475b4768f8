import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from './mailer.ts';

const LINK = /https?:\/\/\S+/g;

/**
 * Without `SMTP_URL` nothing is sent: each e-mail is written to the service's log instead, its links
 * in the message itself, so that on one machine (`make run`) a person can follow a reset link from
 * the terminal. Anyone who reads this log can use those links: in production set `SMTP_URL`.
 */
export class LogMailer implements Mailer {
  readonly kind = 'log';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(mail: OutgoingMail): Promise<void> {
    const links = mail.text.match(LINK) ?? [];
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, links } },
      `E-mail to ${mail.to} not sent (SMTP_URL is not set): "${mail.subject}"${links.map((link) => ` ${link}`).join('')}`,
    );
  }

  close(): void {}
}

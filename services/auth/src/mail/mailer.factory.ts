import type { FastifyBaseLogger } from 'fastify';
import type { AuthConfig } from '../config.ts';
import { LogMailer } from './log.mailer.ts';
import type { Mailer } from './mailer.ts';
import { SmtpMailer } from './smtp.mailer.ts';

/** The mailer the configuration asks for: SMTP when `SMTP_URL` is set, else the service's log. */
export function createMailer(config: Pick<AuthConfig, 'SMTP_URL' | 'MAIL_FROM'>, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  log.warn('SMTP_URL is not set: password-reset links are written to this log instead of e-mailed (fine on one machine; set SMTP_URL in production)');
  return new LogMailer(log);
}

import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@story/service-kit';

/** An optional setting where an empty string (as shells and compose files often pass) means unset. */
const optionalText = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().optional());

/** A comma-separated list, trimmed, empty entries dropped. */
const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

export const GOOGLE_DEFAULT_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_DEFAULT_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'] as const;

/** A whole number setting with bounds; empty means the default. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  optionalText.pipe(
    z.coerce
      .number<string | undefined>(`${name} must be a number`)
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .default(fallback),
  );

/** The auth service's environment: the shared settings plus session keys, admins, Google sign-in and throttles. */
export const authEnvSchema = baseEnvSchema.extend({
  PORT: portSchema(4001),
  /** Ed25519 private key (PEM, PKCS#8) that signs session cookies; the gateway holds the public half. */
  SESSION_PRIVATE_KEY: z.string().min(1, 'SESSION_PRIVATE_KEY is required (PEM of the session signing key)'),
  SESSION_PUBLIC_KEY: z.string().min(1, 'SESSION_PUBLIC_KEY is required (PEM of the session verification key)'),
  /** Accounts with these e-mails become admins when they register or sign in. */
  ADMIN_EMAILS: optionalText.transform((value) => commaList(value).map((email) => email.toLowerCase())),
  /** Without a client id, Google sign-in is switched off and the web hides its button. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: optionalText.pipe(z.url('GOOGLE_JWKS_URL must be an http(s) URL').default(GOOGLE_DEFAULT_JWKS_URL)),
  GOOGLE_ISSUERS: optionalText.transform((value) => {
    const issuers = commaList(value);
    return issuers.length > 0 ? issuers : [...GOOGLE_DEFAULT_ISSUERS];
  }),
  /** Adds `Secure` to the session cookie; on for anything served over HTTPS. */
  COOKIE_SECURE: optionalText
    .pipe(z.enum(['true', 'false'], { error: 'COOKIE_SECURE must be true or false' }).default('false'))
    .transform((value) => value === 'true'),
  /** A session ends this many days after sign-in, however often its sliding expiry was renewed. */
  SESSION_ABSOLUTE_LIFETIME_DAYS: wholeNumber('SESSION_ABSOLUTE_LIFETIME_DAYS', 1, 3650, 30),
  /** Wrong passwords per account that cost no wait; each further one doubles the wait from 2 s. */
  SIGN_IN_FREE_FAILURES: wholeNumber('SIGN_IN_FREE_FAILURES', 0, 100, 5),
  /** The longest wait an account's failures can impose: a delay, never a lockout. */
  SIGN_IN_MAX_DELAY_SECONDS: wholeNumber('SIGN_IN_MAX_DELAY_SECONDS', 1, 3600, 300),
  /** Password-reset requests per hour about one e-mail, from all addresses together (issue 39, 6). */
  PASSWORD_RESETS_PER_EMAIL_PER_HOUR: wholeNumber('PASSWORD_RESETS_PER_EMAIL_PER_HOUR', 1, 100, 3),
  /**
   * Where password-reset e-mails go: `smtp://user:password@host:587` (STARTTLS when offered) or
   * `smtps://…:465`. Unset: nothing is sent and each e-mail's link is written to this service's log
   * instead, as suits one machine (`make run`); set it wherever people must receive their links.
   */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  /** The sender of the product's e-mails. */
  MAIL_FROM: optionalText.pipe(z.string().default('Story Platform <no-reply@localhost>')),
  /** The address people open the site at, for the links in e-mails; never taken from a request's Host. */
  PUBLIC_SITE_URL: optionalText
    .pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_SITE_URL must be an http(s) URL' }).default('http://localhost:8080'))
    .transform((value) => value.replace(/\/+$/, '')),
  /** check-email calls per minute about one e-mail, from all addresses together. */
  CHECK_EMAIL_PER_EMAIL_PER_MINUTE: wholeNumber('CHECK_EMAIL_PER_EMAIL_PER_MINUTE', 1, 10_000, 10),
  /** How often the outbox relay looks for events it was not told about (a deletion tells it at once). */
  OUTBOX_RELAY_INTERVAL_MS: wholeNumber('OUTBOX_RELAY_INTERVAL_MS', 10, 60_000, 500),
  /** How long the data export waits for one page of a service's part before it fails (issue 24). */
  EXPORT_PAGE_TIMEOUT_MS: wholeNumber('EXPORT_PAGE_TIMEOUT_MS', 100, 120_000, 10_000),
});
export type AuthConfig = z.infer<typeof authEnvSchema>;

export const SERVICE_NAME = 'auth';

/** What the admin CLI needs: only where the users are stored. */
export const storageEnvSchema = baseEnvSchema.pick({ DATA_DIR: true, MONGODB_URL: true, NODE_ENV: true });
export type StorageConfig = z.infer<typeof storageEnvSchema>;

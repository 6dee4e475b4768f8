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
  SESSION_PRIVATE_KEY: z
    .string()
    .min(1, 'SESSION_PRIVATE_KEY is required (PEM of the session signing key)')
    .describe('Ed25519 private key (PEM, PKCS#8) that signs session cookies; the gateway holds the public half. make run makes it under DATA_DIR/keys'),
  SESSION_PUBLIC_KEY: z
    .string()
    .min(1, 'SESSION_PUBLIC_KEY is required (PEM of the session verification key)')
    .describe('The public half of the session key (PEM, SPKI)'),
  ADMIN_EMAILS: optionalText
    .transform((value) => commaList(value).map((email) => email.toLowerCase()))
    .describe('Comma-separated e-mails that become admins when they sign up or sign in'),
  GOOGLE_CLIENT_ID: optionalText.describe("Enables Google sign-in (ID tokens verified against Google's keys, audience this id); unset: no Google button"),
  GOOGLE_JWKS_URL: optionalText
    .pipe(z.url('GOOGLE_JWKS_URL must be an http(s) URL').default(GOOGLE_DEFAULT_JWKS_URL))
    .describe("Where Google's token-signing keys are read (tests point it at a loopback key set)"),
  GOOGLE_ISSUERS: optionalText
    .transform((value) => {
      const issuers = commaList(value);
      return issuers.length > 0 ? issuers : [...GOOGLE_DEFAULT_ISSUERS];
    })
    .describe('Comma-separated issuers a Google ID token may name'),
  COOKIE_SECURE: optionalText
    .pipe(z.enum(['true', 'false'], { error: 'COOKIE_SECURE must be true or false' }).default('false'))
    .transform((value) => value === 'true')
    .describe('Set true behind HTTPS: the session cookie gets Secure'),
  SESSION_ABSOLUTE_LIFETIME_DAYS: wholeNumber('SESSION_ABSOLUTE_LIFETIME_DAYS', 1, 3650, 30).describe(
    'A session ends this long after sign-in, however often its 7-day sliding expiry was renewed',
  ),
  SIGN_IN_FREE_FAILURES: wholeNumber('SIGN_IN_FREE_FAILURES', 0, 100, 5).describe(
    'Wrong passwords per account (sign-in and password change, from any address) before it must wait; each further one doubles the wait from 2 s',
  ),
  SIGN_IN_MAX_DELAY_SECONDS: wholeNumber('SIGN_IN_MAX_DELAY_SECONDS', 1, 3600, 300).describe(
    'The longest such wait: a delay, never a lockout; a successful sign-in resets the count',
  ),
  PASSWORD_RESETS_PER_EMAIL_PER_HOUR: wholeNumber('PASSWORD_RESETS_PER_EMAIL_PER_HOUR', 1, 100, 3).describe(
    '"Forgot Password?" requests per hour about one e-mail, counted alike whether or not it has an ' +
      "account (429 beyond); each address is also held to the gateway's RATE_LIMIT_AUTH_PER_MINUTE",
  ),
  SMTP_URL: optionalText
    .pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional())
    .describe(
      'Where password-reset e-mails go: smtp://user:password@host:587 (STARTTLS when offered) or ' +
        "smtps://…:465. Unset, nothing is sent and each link is written to this service's log (make run " +
        'prints it): set it wherever people must get their links, since anyone who reads that log could use ' +
        'them',
    ),
  MAIL_FROM: optionalText.pipe(z.string().default('Story Platform <no-reply@localhost>')).describe("The sender of the product's e-mails"),
  PUBLIC_SITE_URL: optionalText
    .pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_SITE_URL must be an http(s) URL' }).default('http://localhost:8080'))
    .transform((value) => value.replace(/\/+$/, ''))
    .describe("The address people open the site at, for the links of password-reset e-mails (make run: the gateway's address); a request's Host is never used"),
  CHECK_EMAIL_PER_EMAIL_PER_MINUTE: wholeNumber('CHECK_EMAIL_PER_EMAIL_PER_MINUTE', 1, 10_000, 10).describe(
    'check-email calls per minute about one e-mail, from all addresses together (429 beyond)',
  ),
  OUTBOX_RELAY_INTERVAL_MS: wholeNumber('OUTBOX_RELAY_INTERVAL_MS', 10, 60_000, 500).describe(
    'How often the outbox relay looks for events it was not told about (a write tells it at once)',
  ),
  EXPORT_PAGE_TIMEOUT_MS: wholeNumber('EXPORT_PAGE_TIMEOUT_MS', 100, 120_000, 10_000).describe(
    "How long the data export waits for one page of a service's part before the download is aborted",
  ),
});
export type AuthConfig = z.infer<typeof authEnvSchema>;

export const SERVICE_NAME = 'auth';

/** What the admin CLI needs: only where the users are stored. */
export const storageEnvSchema = baseEnvSchema.pick({ DATA_DIR: true, MONGODB_URL: true, NODE_ENV: true });
export type StorageConfig = z.infer<typeof storageEnvSchema>;

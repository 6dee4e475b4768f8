import { describe, expect, it } from 'vitest';
import { authEnvSchema } from './config.ts';

const required = {
  NATS_URL: 'nats://127.0.0.1:4222',
  IDENTITY_PUBLIC_KEY: 'identity-pem',
  SESSION_PRIVATE_KEY: 'private-pem',
  SESSION_PUBLIC_KEY: 'public-pem',
};

describe('authEnvSchema', () => {
  it('fills the defaults, treats empty values as unset and lower-cases admin e-mails', () => {
    const config = authEnvSchema.parse({ ...required, GOOGLE_CLIENT_ID: '', GOOGLE_ISSUERS: ' ', ADMIN_EMAILS: ' Boss@Gmail.com, ,second@yahoo.com ' });
    expect(config).toMatchObject({
      PORT: 4001,
      GOOGLE_CLIENT_ID: undefined,
      GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
      GOOGLE_ISSUERS: ['accounts.google.com', 'https://accounts.google.com'],
      ADMIN_EMAILS: ['boss@gmail.com', 'second@yahoo.com'],
      COOKIE_SECURE: false,
    });
  });

  it('reads overrides', () => {
    const config = authEnvSchema.parse({
      ...required,
      PORT: '5001',
      GOOGLE_CLIENT_ID: 'cid',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
      GOOGLE_ISSUERS: 'https://a.test,https://b.test',
      COOKIE_SECURE: 'true',
    });
    expect(config).toMatchObject({
      PORT: 5001,
      GOOGLE_CLIENT_ID: 'cid',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
      GOOGLE_ISSUERS: ['https://a.test', 'https://b.test'],
      COOKIE_SECURE: true,
    });
  });

  it('reads the absolute session lifetime in whole days, 30 by default', () => {
    expect(authEnvSchema.parse(required).SESSION_ABSOLUTE_LIFETIME_DAYS).toBe(30);
    expect(authEnvSchema.parse({ ...required, SESSION_ABSOLUTE_LIFETIME_DAYS: '14' }).SESSION_ABSOLUTE_LIFETIME_DAYS).toBe(14);
    expect(authEnvSchema.safeParse({ ...required, SESSION_ABSOLUTE_LIFETIME_DAYS: '0' }).error?.issues[0]?.message).toBe(
      'SESSION_ABSOLUTE_LIFETIME_DAYS must be at least 1',
    );
  });

  it('reads the throttle settings, with their defaults when unset or empty, and refuses nonsense', () => {
    expect(authEnvSchema.parse({ ...required, SIGN_IN_FREE_FAILURES: '' })).toMatchObject({
      SIGN_IN_FREE_FAILURES: 5,
      SIGN_IN_MAX_DELAY_SECONDS: 300,
      CHECK_EMAIL_PER_EMAIL_PER_MINUTE: 10,
    });
    expect(
      authEnvSchema.parse({ ...required, SIGN_IN_FREE_FAILURES: '3', SIGN_IN_MAX_DELAY_SECONDS: '60', CHECK_EMAIL_PER_EMAIL_PER_MINUTE: '20' }),
    ).toMatchObject({
      SIGN_IN_FREE_FAILURES: 3,
      SIGN_IN_MAX_DELAY_SECONDS: 60,
      CHECK_EMAIL_PER_EMAIL_PER_MINUTE: 20,
    });
    const result = authEnvSchema.safeParse({
      ...required,
      SIGN_IN_FREE_FAILURES: 'many',
      SIGN_IN_MAX_DELAY_SECONDS: '0',
      CHECK_EMAIL_PER_EMAIL_PER_MINUTE: '1.5',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'SIGN_IN_FREE_FAILURES must be a number',
      'SIGN_IN_MAX_DELAY_SECONDS must be at least 1',
      'CHECK_EMAIL_PER_EMAIL_PER_MINUTE must be a whole number',
    ]);
  });

  it('names every missing or invalid setting', () => {
    const result = authEnvSchema.safeParse({ NATS_URL: 'x', IDENTITY_PUBLIC_KEY: 'k', COOKIE_SECURE: 'yes', GOOGLE_JWKS_URL: 'not a url' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'COOKIE_SECURE',
      'GOOGLE_JWKS_URL',
      'SESSION_PRIVATE_KEY',
      'SESSION_PUBLIC_KEY',
    ]);
  });
});

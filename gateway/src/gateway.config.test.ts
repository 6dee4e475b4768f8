import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSigningKeyPair } from '@story/service-kit/identity';
import { gatewayEnvSchema, serviceUrls } from './gateway.config.ts';

const session = generateSigningKeyPair();
const identity = generateSigningKeyPair();
const valid = { NATS_URL: 'nats://127.0.0.1:4222', SESSION_PUBLIC_KEY: session.publicKey, IDENTITY_PRIVATE_KEY: identity.privateKey };

const problems = (env: Record<string, string | undefined>) => {
  const result = gatewayEnvSchema.safeParse(env);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('gateway configuration', () => {
  it('fills the documented defaults', () => {
    const config = gatewayEnvSchema.parse(valid);
    expect(config.PORT).toBe(8080);
    expect(config.RATE_LIMIT_AUTH_PER_MINUTE).toBe(20);
    expect(config.RATE_LIMIT_AI_PER_MINUTE).toBe(60);
    expect(config.COOKIE_SECURE).toBe(false);
    expect(config.WEB_DIST).toMatch(/\/web\/dist$/);
    expect(serviceUrls(config)).toEqual({});
  });

  it('caps GraphQL answers at 2 MB unless GRAPHQL_MAX_RESPONSE_BYTES says otherwise', () => {
    expect(gatewayEnvSchema.parse(valid).GRAPHQL_MAX_RESPONSE_BYTES).toBe(2 * 1024 * 1024);
    expect(gatewayEnvSchema.parse({ ...valid, GRAPHQL_MAX_RESPONSE_BYTES: '65536' }).GRAPHQL_MAX_RESPONSE_BYTES).toBe(65536);
    expect(problems({ ...valid, GRAPHQL_MAX_RESPONSE_BYTES: '100' })).toEqual([
      'GRAPHQL_MAX_RESPONSE_BYTES: GRAPHQL_MAX_RESPONSE_BYTES must be at least 1024 bytes',
    ]);
    expect(problems({ ...valid, GRAPHQL_MAX_RESPONSE_BYTES: 'lots' })).toEqual([
      'GRAPHQL_MAX_RESPONSE_BYTES: GRAPHQL_MAX_RESPONSE_BYTES must be a number of bytes',
    ]);
  });

  it('reads service URLs, trims trailing slashes and treats empty ones as absent', () => {
    const config = gatewayEnvSchema.parse({ ...valid, AUTH_URL: 'http://127.0.0.1:4001/', CONVERSATIONS_URL: 'http://127.0.0.1:4002', JOBS_URL: '' });
    expect(serviceUrls(config)).toEqual({ auth: 'http://127.0.0.1:4001', conversations: 'http://127.0.0.1:4002' });
  });

  it('accepts keys with escaped newlines, as env files often carry them', () => {
    const config = gatewayEnvSchema.parse({ ...valid, SESSION_PUBLIC_KEY: session.publicKey.replace(/\n/g, '\\n') });
    expect(config.SESSION_PUBLIC_KEY).toContain('\\n');
  });

  it('reports every problem at once', () => {
    const found = problems({
      PORT: 'eighty',
      SESSION_PUBLIC_KEY: 'not a key',
      IDENTITY_PRIVATE_KEY: identity.publicKey,
      AUTH_URL: 'ftp://example.com',
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_AI_PER_MINUTE: 'many',
      COOKIE_SECURE: 'yes',
      NODE_ENV: 'staging',
    });
    const fields = found.map((problem) => problem.split(':')[0]);
    expect(fields.sort()).toEqual(
      [
        'AUTH_URL',
        'COOKIE_SECURE',
        'IDENTITY_PRIVATE_KEY',
        'NATS_URL',
        'NODE_ENV',
        'PORT',
        'RATE_LIMIT_AI_PER_MINUTE',
        'RATE_LIMIT_AUTH_PER_MINUTE',
        'SESSION_PUBLIC_KEY',
      ].sort(),
    );
    expect(found).toContain('SESSION_PUBLIC_KEY: SESSION_PUBLIC_KEY must be a PEM SPKI Ed25519 key');
    expect(found).toContain('IDENTITY_PRIVATE_KEY: IDENTITY_PRIVATE_KEY must be a PEM PKCS#8 Ed25519 key');
  });

  it('refuses keys of another algorithm', () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(problems({ ...valid, SESSION_PUBLIC_KEY: rsa.publicKey }).length).toBe(1);
    expect(problems({ ...valid, IDENTITY_PRIVATE_KEY: rsa.privateKey }).length).toBe(1);
  });
});

describe('gateway start-up with a bad environment', () => {
  it('prints every problem and exits 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))], {
      env: { PATH: process.env.PATH, PORT: 'abc', RATE_LIMIT_AI_PER_MINUTE: '-1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('gateway: invalid configuration');
    for (const name of ['PORT', 'NATS_URL', 'SESSION_PUBLIC_KEY', 'IDENTITY_PRIVATE_KEY', 'RATE_LIMIT_AI_PER_MINUTE'])
      expect(result.stderr).toContain(`  - ${name}:`);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnvSchema, natsCredentials, resolveFileVariables } from './config.ts';

describe('configuration', () => {
  it('prints every problem and exits non-zero', () => {
    const script = `import { loadConfig, baseEnvSchema } from './services/service-kit/src/config.ts'; loadConfig('demo', baseEnvSchema, { NODE_ENV: 'staging', MONGODB_URL: 'nope' }); console.log('started');`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: join(import.meta.dirname, '../../..'),
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('started');
    expect(result.stderr).toContain('demo: invalid configuration');
    for (const key of ['NODE_ENV', 'NATS_URL', 'MONGODB_URL', 'IDENTITY_PUBLIC_KEY']) expect(result.stderr).toContain(key);
  });

  it('reads NAME_FILE variables into NAME unless NAME is set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    writeFileSync(join(dir, 'key.pem'), 'PEM');
    expect(resolveFileVariables({ KEY_FILE: join(dir, 'key.pem') }).KEY).toBe('PEM');
    expect(resolveFileVariables({ KEY_FILE: join(dir, 'key.pem'), KEY: 'direct' }).KEY).toBe('direct');
  });

  it('reads only the *_FILE variables of its own settings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    writeFileSync(join(dir, 'key.pem'), 'PEM');
    const resolved = resolveFileVariables({ KEY_FILE: join(dir, 'key.pem'), TF_CLI_CONFIG_FILE: join(dir, 'missing') }, new Set(['KEY']));
    expect(resolved.KEY).toBe('PEM');
    expect(resolved.TF_CLI_CONFIG).toBeUndefined();
  });

  it('reads a process’s own NATS user and password, both or neither, from variables or secret files', () => {
    const base = { NATS_URL: 'nats://127.0.0.1:4222', IDENTITY_PUBLIC_KEY: 'pem' };
    expect(natsCredentials(baseEnvSchema.parse(base))).toBeUndefined();
    expect(natsCredentials(baseEnvSchema.parse({ ...base, NATS_USER: '', NATS_PASSWORD: '' }))).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    writeFileSync(join(dir, 'nats_password'), 'secret\n');
    const fromSecret = baseEnvSchema.parse(
      resolveFileVariables({ ...base, NATS_USER: 'auth', NATS_PASSWORD_FILE: join(dir, 'nats_password') }, new Set(Object.keys(baseEnvSchema.shape))),
    );
    expect(natsCredentials(fromSecret)).toEqual({ user: 'auth', pass: 'secret' });
    expect(() => natsCredentials(baseEnvSchema.parse({ ...base, NATS_USER: 'auth' }))).toThrow(/NATS_USER and NATS_PASSWORD go together/);
  });

  it('takes an OTLP endpoint as a URL, and an empty one as none (tracing off)', () => {
    const base = { NATS_URL: 'nats://127.0.0.1:4222', IDENTITY_PUBLIC_KEY: 'pem' };
    expect(baseEnvSchema.parse({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://collector:4318');
    expect(baseEnvSchema.parse({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: '' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    const wrong = baseEnvSchema.safeParse({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual(['OTEL_EXPORTER_OTLP_ENDPOINT must be a URL']);
  });

  it('bounds the shutdown: a drain of 0 to 60 s and closing of 1 to 600 s, 10 s unless told', () => {
    const base = { NATS_URL: 'nats://127.0.0.1:4222', IDENTITY_PUBLIC_KEY: 'pem' };
    expect(baseEnvSchema.parse(base)).toMatchObject({ SHUTDOWN_DRAIN_MS: 0, SHUTDOWN_TIMEOUT_MS: 10_000 });
    expect(baseEnvSchema.parse({ ...base, SHUTDOWN_TIMEOUT_MS: '110000' }).SHUTDOWN_TIMEOUT_MS).toBe(110_000);
    for (const wrong of ['0', '600001', '1.5', 'soon']) {
      const parsed = baseEnvSchema.safeParse({ ...base, SHUTDOWN_TIMEOUT_MS: wrong });
      expect(parsed.error?.issues[0]?.message, wrong).toMatch(/^SHUTDOWN_TIMEOUT_MS must be/);
    }
  });
});

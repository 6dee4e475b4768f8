import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, STACK_SERVICES } from '../src/stack.ts';

/**
 * No container runtime runs here, so docker-compose.yml is checked by reading it: every reference
 * must point at something that exists, and every service the stack runs must be in it.
 */
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

describe('docker-compose.yml', () => {
  it('has the production engines and every process of the stack', () => {
    for (const name of ['mongo', 'qdrant', 'nats', 'gateway', ...STACK_SERVICES.map((s) => s.name)]) {
      expect(compose.services[name], name).toBeDefined();
    }
  });

  it('builds each service from a Dockerfile that exists and copies only paths that exist', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      const dockerfile = join(REPO_ROOT, service.build.context, service.build.dockerfile);
      expect(existsSync(dockerfile), `${name}: ${dockerfile}`).toBe(true);
      for (const line of readFileSync(dockerfile, 'utf8').split('\n')) {
        const copy = /^COPY (?!--from)(.+) \S+$/.exec(line.trim());
        if (!copy?.[1]) continue;
        for (const source of copy[1].split(/\s+/)) {
          if (source !== '.') expect(existsSync(join(REPO_ROOT, source)), `${name}: COPY ${source}`).toBe(true);
        }
      }
    }
  });

  it('points depends_on and volumes at things that are declared', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(compose.services[dependency], `${name} → ${dependency}`).toBeDefined();
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('.')) expect(existsSync(join(REPO_ROOT, source)), `${name}: ${source}`).toBe(true);
        else expect(compose.volumes[source], `${name}: volume ${source}`).not.toBeUndefined();
      }
    }
  });

  it('gives the gateway the URL of every service and services MongoDB and NATS', () => {
    const gatewayEnv = compose.services.gateway?.environment ?? {};
    for (const service of STACK_SERVICES) {
      expect(gatewayEnv[service.urlEnv], service.urlEnv).toMatch(new RegExp(`^http://${service.name}:\\d+$`));
      const env = compose.services[service.name]?.environment ?? {};
      expect(env.MONGODB_URL).toMatch(/^mongodb:\/\/mongo:27017/);
      expect(env.NATS_URL).toBe('nats://nats:4222');
      expect(env.IDENTITY_PUBLIC_KEY_FILE).toBeDefined();
    }
  });

  it('runs JetStream with fsync on every write', () => {
    expect(readFileSync(join(REPO_ROOT, 'infra/nats/nats.conf'), 'utf8')).toMatch(/sync_interval:\s*always/);
  });
});

import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GATEWAY_NATS_USER, NATS_USERS, SERVICE_REGISTRY, serviceUrlEnv } from '@story/proto';
import { natsAccounts, natsPasswordEnv, parseNatsAccounts } from '../src/nats-auth.ts';
import { REPO_ROOT } from '../src/stack.ts';

/**
 * No container runtime runs here, so docker-compose.yml is checked by reading it: every reference
 * must point at something that exists, and it must agree with the service registry
 * (proto/src/services.ts) that the gateway and the orchestrator read.
 */
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[] | string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  secrets?: string[];
  deploy?: { replicas?: number };
  read_only?: boolean;
  tmpfs?: string[];
  user?: string;
  cap_drop?: string[];
}
const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
  secrets?: Record<string, { environment?: string; file?: string }>;
};

/** What runs besides the registry's services and their workers. */
const INFRASTRUCTURE = ['mongo', 'qdrant', 'nats', 'keys-init', 'gateway'];
const SERVICE_DOCKERFILE = 'infra/docker/service.Dockerfile';
const workerServices = SERVICE_REGISTRY.flatMap((service) =>
  service.workers.map((worker) => ({ service, worker, composeName: `${service.name}-${worker.name}` })),
);

describe('docker-compose.yml', () => {
  it('has the production engines and every service and worker of the registry, and nothing else', () => {
    const expected = [...INFRASTRUCTURE, ...SERVICE_REGISTRY.map((s) => s.name), ...workerServices.map((w) => w.composeName)];
    expect(Object.keys(compose.services).sort()).toEqual([...expected].sort());
  });

  it('builds every service from the one service Dockerfile, on its registry port', () => {
    for (const service of SERVICE_REGISTRY) {
      const entry = compose.services[service.name];
      expect(entry?.build, service.name).toEqual({ context: '.', dockerfile: SERVICE_DOCKERFILE, args: { SERVICE: service.name } });
      expect(entry?.environment?.PORT, service.name).toBe(String(service.port));
      expect(existsSync(join(REPO_ROOT, 'services', service.name, 'src/main.ts')), service.name).toBe(true);
    }
  });

  it('runs each worker from its service image with its own command and a replica count', () => {
    for (const { service, worker, composeName } of workerServices) {
      const entry = compose.services[composeName];
      expect(entry?.build?.args?.SERVICE, composeName).toBe(service.name);
      expect(entry?.command, composeName).toEqual([
        'node',
        '--enable-source-maps',
        `dist/services/${service.name}/src/${worker.entry.replace(/\.ts$/, '.mjs')}`,
      ]);
      expect(entry?.deploy?.replicas, composeName).toBeGreaterThanOrEqual(1);
    }
  });

  it('builds from Dockerfiles that exist and copies only paths that exist', () => {
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

  it('copies into a service image the files beside the sources of every workspace the service imports', () => {
    // A bundle keeps each file's own import.meta.url (service-bundles.ts), so files read beside a source, such as
    // language/assets/word-vectors.bin or proto/graphql/*.graphql, must sit at the same path in the image.
    const copied = /cp -r --parents (.+?) \/files\//.exec(readFileSync(join(REPO_ROOT, SERVICE_DOCKERFILE), 'utf8'))?.[1]?.split(/\s+/) ?? [];
    for (const service of SERVICE_REGISTRY) {
      const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'services', service.name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      const workspaces = Object.keys(manifest.dependencies ?? {})
        .filter((name) => name.startsWith('@story/'))
        .map((name) => relative(REPO_ROOT, realpathSync(join(REPO_ROOT, 'node_modules', name))));
      for (const workspace of workspaces)
        expect(
          copied.map((path) => path.replaceAll('"', '')),
          `${service.name}: ${workspace}`,
        ).toContain(workspace);
    }
  });

  it('runs every process of ours as the node user on a read-only root file system, /tmp in memory, no capabilities', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build || name === 'keys-init') continue;
      expect({ readOnly: service.read_only, tmpfs: service.tmpfs, user: service.user, capDrop: service.cap_drop }, name).toEqual({
        readOnly: true,
        tmpfs: ['/tmp'],
        user: 'node',
        capDrop: ['ALL'],
      });
    }
  });

  it('builds images that run compiled JavaScript with production dependencies only (issue 25, 1)', () => {
    for (const file of [SERVICE_DOCKERFILE, 'infra/docker/gateway.Dockerfile']) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      const stages = text.split(/^FROM /m).slice(1);
      const last = stages[stages.length - 1] ?? '';
      expect(text, file).toMatch(/node --import tsx infra\/src\/bundle\.cli\.ts dist /);
      expect(text, file).toMatch(/npm ci --omit=dev/);
      // The running stage: no tsx, no TypeScript, no dev dependencies, not root.
      expect(last, file).not.toMatch(/tsx|npm ci(?! --omit=dev)/);
      expect(last, file).toMatch(/^USER node$/m);
      expect(last, file).toMatch(/^CMD \[.*\bnode"?,? "?--enable-source-maps"?,? "?dist\/[^"\s]+\.mjs"\]$/m);
      expect(last, file).toMatch(/^COPY --from=deps \/app\/node_modules node_modules$/m);
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
    for (const service of SERVICE_REGISTRY) {
      const urlEnv = serviceUrlEnv(service.name);
      expect(gatewayEnv[urlEnv], urlEnv).toBe(`http://${service.name}:${service.port}`);
      expect(Object.keys(compose.services.gateway?.depends_on ?? {})).toContain(service.name);
      const env = compose.services[service.name]?.environment ?? {};
      expect(env.MONGODB_URL).toMatch(/^mongodb:\/\/mongo:27017/);
      expect(env.NATS_URL).toBe('nats://nats:4222');
      expect(env.IDENTITY_PUBLIC_KEY_FILE).toBeDefined();
    }
  });

  it('runs JetStream with fsync on every write', () => {
    expect(readFileSync(join(REPO_ROOT, 'infra/nats/nats.conf'), 'utf8')).toMatch(/sync_interval:\s*always/);
  });

  it('sends Secure cookies and HSTS from the gateway and auth', () => {
    expect(compose.services.gateway?.environment?.COOKIE_SECURE).toBe('true');
    expect(compose.services.auth?.environment?.COOKIE_SECURE).toBe('true');
  });
});

describe('NATS users in compose', () => {
  const natsConf = readFileSync(join(REPO_ROOT, 'infra/nats/nats.conf'), 'utf8');
  const secretOf = (user: string) => `${user}_nats_password`;
  /** Every compose process and the NATS user it must connect as (workers share their service's). */
  const processes = [
    ...SERVICE_REGISTRY.map((service) => ({ composeName: service.name, user: service.name })),
    ...workerServices.map(({ service, composeName }) => ({ composeName, user: service.name })),
    { composeName: 'gateway', user: GATEWAY_NATS_USER },
  ];

  it('has exactly the users and permissions of the registry (run `make nats-conf` after changing it)', () => {
    expect(natsConf).toMatch(/^include \.\/accounts\.conf$/m);
    expect(natsConf).not.toMatch(/^\s*(authorization|no_auth_user|accounts)\b/m);
    const accounts = parseNatsAccounts(readFileSync(join(REPO_ROOT, 'infra/nats/accounts.conf'), 'utf8'));
    expect(accounts).toEqual(natsAccounts((user) => ({ env: natsPasswordEnv(user) })));
  });

  it('gives nats-server every user’s password from the environment, required', () => {
    const nats = compose.services.nats;
    expect(nats?.volumes).toContain('./infra/nats:/etc/nats:ro');
    expect(Object.keys(nats?.environment ?? {}).sort()).toEqual(NATS_USERS.map((u) => natsPasswordEnv(u.user)).sort());
    for (const { user } of NATS_USERS) expect(nats?.environment?.[natsPasswordEnv(user)], user).toMatch(new RegExp(`^\\$\\{${natsPasswordEnv(user)}:\\?`));
  });

  it('gives each process its own NATS user and only its own password, as a secret', () => {
    expect(Object.keys(compose.secrets ?? {}).sort()).toEqual(NATS_USERS.map((u) => secretOf(u.user)).sort());
    for (const { user } of NATS_USERS) expect(compose.secrets?.[secretOf(user)], user).toEqual({ environment: natsPasswordEnv(user) });
    for (const { composeName, user } of processes) {
      const entry = compose.services[composeName];
      expect(entry?.environment?.NATS_USER, composeName).toBe(user);
      expect(entry?.environment?.NATS_PASSWORD_FILE, composeName).toBe(`/run/secrets/${secretOf(user)}`);
      expect(entry?.environment?.NATS_PASSWORD, composeName).toBeUndefined();
      expect(entry?.secrets, composeName).toEqual([secretOf(user)]);
    }
  });
});

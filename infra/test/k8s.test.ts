import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVICE_REGISTRY, serviceUrlEnv } from '@story/proto';
import type { Manifest } from '../src/k8s/common.ts';
import { K8S_DIR, generatedFiles } from '../src/k8s/files.ts';
import { OVERLAYS, SETTINGS_FILE } from '../src/k8s/overlays.ts';
import { SETTINGS_DEFAULTS } from '../src/k8s/profiles.ts';
import { writeOverlaySecrets } from '../src/k8s/secrets.ts';
import { natsAccounts, natsPasswordEnv, parseNatsAccounts } from '../src/nats-auth.ts';
import { REPO_ROOT } from '../src/stack.ts';
import { readManifests, renderKustomization, validateManifest } from './support/k8s-render.ts';

/**
 * infra/k8s/ is made from the registry by `make k8s`; no cluster runs here, so every object is
 * validated against the Kubernetes 1.33 OpenAPI schemas (kubernetes-models 4.5.1) and read for what
 * the platform needs: every service and worker deployed hardened with probes, clustered NATS and
 * MongoDB, and NetworkPolicies that leave only the gateway reachable from outside.
 */
const base = readdirSync(join(K8S_DIR, 'base'))
  .filter((f) => f !== 'kustomization.yaml')
  .flatMap((f) => readManifests(join(K8S_DIR, 'base', f)));
const find = (objects: readonly Manifest[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
type Pod = { containers: Record<string, any>[]; volumes?: Record<string, any>[]; securityContext?: Record<string, unknown> } & Record<string, any>;
const podOf = (o: Manifest | undefined): Pod => (o?.spec as { template: { spec: Pod } }).template.spec;
const envOf = (o: Manifest | undefined): Record<string, string> =>
  Object.fromEntries((podOf(o).containers[0]?.env ?? []).map((e: { name: string; value?: string }) => [e.name, e.value ?? '<ref>']));
const workers = SERVICE_REGISTRY.flatMap((s) => s.workers.map((w) => ({ service: s, worker: w, name: `${s.name}-${w.name}` })));

/** Overlays rendered from a copy of infra/k8s/ with throwaway secret files. */
const scratch = mkdtempSync(join(tmpdir(), 'k8s-'));
cpSync(K8S_DIR, scratch, { recursive: true });
for (const o of OVERLAYS) writeOverlaySecrets(join(scratch, 'overlays', o.name));
const rendered = new Map(OVERLAYS.map((o) => [o.name, renderKustomization(join(scratch, 'overlays', o.name))]));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('infra/k8s manifests', () => {
  it('are what `make k8s` makes from the registry (run it after changing proto/src/services.ts)', () => {
    const expected = generatedFiles();
    for (const [path, text] of expected) expect(readFileSync(join(K8S_DIR, path), 'utf8'), path).toBe(text);
    const committedBase = readdirSync(join(K8S_DIR, 'base')).map((f) => `base/${f}`);
    expect(committedBase.sort()).toEqual([...expected.keys()].filter((p) => p.startsWith('base/')).sort());
  });

  it('validate against the Kubernetes OpenAPI schemas, base and every overlay as applied', () => {
    expect(base.length).toBeGreaterThan(40);
    for (const object of base) expect(() => validateManifest(object), `${object.kind} ${object.metadata?.name}`).not.toThrow();
    for (const [name, objects] of rendered) {
      for (const object of objects) expect(() => validateManifest(object), `${name}: ${object.kind} ${object.metadata?.name}`).not.toThrow();
    }
  });

  it('refuses a broken object and an unknown kind', () => {
    const deployment = structuredClone(find(base, 'Deployment', 'auth')) as Manifest & { spec: { replicas: unknown } };
    deployment.spec.replicas = 'two';
    expect(() => validateManifest(deployment)).toThrow(/replicas must be integer/);
    const port = structuredClone(find(base, 'Service', 'auth')) as Manifest & { spec: { ports: { port: unknown }[] } };
    port.spec.ports[0]!.port = '4001';
    expect(() => validateManifest(port)).toThrow(/port must be integer/);
    expect(() => validateManifest({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } })).toThrow(/no schema/);
  });

  it('deploys every service of the registry with its command, port, probes, Service and PDB', () => {
    for (const service of SERVICE_REGISTRY) {
      const container = podOf(find(base, 'Deployment', service.name)).containers[0];
      expect(container?.command, service.name).toEqual(['node', '--enable-source-maps', `dist/services/${service.name}/src/main.mjs`]);
      expect(container?.image).toBe(`story/${service.name}`);
      expect(container?.ports).toEqual([{ name: 'http', containerPort: service.port, protocol: 'TCP' }]);
      expect(container?.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container?.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container?.resources?.requests && container.resources.limits, service.name).toBeTruthy();
      expect(envOf(find(base, 'Deployment', service.name)).PORT).toBe(String(service.port));
      expect((find(base, 'Service', service.name)?.spec as { ports: unknown[] }).ports).toEqual([
        { name: 'http', port: service.port, targetPort: 'http', protocol: 'TCP' },
      ]);
      expect(find(base, 'PodDisruptionBudget', service.name), service.name).toBeDefined();
    }
  });

  it('runs each worker from its service image with its command, probes, a PDB and a CPU autoscaler', () => {
    for (const { service, worker, name } of workers) {
      const deployment = find(base, 'Deployment', name);
      const container = podOf(deployment).containers[0];
      expect(container?.image).toBe(`story/${service.name}`);
      expect(container?.command).toEqual(['node', '--enable-source-maps', `dist/services/${service.name}/src/${worker.entry.replace(/\.ts$/, '.mjs')}`]);
      expect(container?.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(find(base, 'Service', name)).toBeDefined();
      expect(find(base, 'PodDisruptionBudget', name)).toBeDefined();
      expect((deployment?.spec as { replicas?: number }).replicas, 'the autoscaler owns the count').toBeUndefined();
      const hpa = find(base, 'HorizontalPodAutoscaler', name)?.spec as Record<string, any>;
      expect(hpa.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.metrics[0].resource.name).toBe('cpu');
    }
  });

  it('has Prometheus scrape every Deployment on its metrics port, the gateway on one its Service and Ingress never expose', () => {
    const deployments = base.filter((o) => o.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata?.name).sort()).toEqual([...SERVICE_REGISTRY.map((s) => s.name), ...workers.map((w) => w.name), 'gateway'].sort());
    for (const deployment of deployments) {
      const name = deployment.metadata?.name ?? '';
      const annotations = (deployment.spec as { template: { metadata: { annotations?: Record<string, string> } } }).template.metadata.annotations ?? {};
      expect(annotations['prometheus.io/scrape'], name).toBe('true');
      expect(annotations['prometheus.io/path'], name).toBe('/metrics');
      const ports: { name: string; containerPort: number }[] = podOf(deployment).containers[0]?.ports ?? [];
      const scraped = ports.find((port) => String(port.containerPort) === annotations['prometheus.io/port']);
      expect(scraped?.name, name).toBe(name === 'gateway' ? 'metrics' : 'http');
    }
    expect(envOf(find(base, 'Deployment', 'gateway')).METRICS_PORT).toBe('9464');
    expect((find(base, 'Service', 'gateway')?.spec as { ports: { port: number }[] }).ports.map((port) => port.port)).toEqual([8080]);
  });

  it('gives the gateway every service URL and a TLS Ingress', () => {
    const env = envOf(find(base, 'Deployment', 'gateway'));
    for (const service of SERVICE_REGISTRY) expect(env[serviceUrlEnv(service.name)]).toBe(`http://${service.name}:${service.port}`);
    expect(env.COOKIE_SECURE).toBe('true');
    const ingresses = base.filter((o) => o.kind === 'Ingress');
    expect(ingresses.map((o) => o.metadata?.name)).toEqual(['gateway']);
    const spec = ingresses[0]?.spec as Record<string, any>;
    expect(spec.ingressClassName).toBeTruthy();
    expect(spec.tls[0].secretName).toBeTruthy();
    expect(spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    expect(ingresses[0]?.metadata?.annotations?.['cert-manager.io/cluster-issuer']).toBeTruthy();
  });

  it('runs every pod as non-root on a read-only root file system with no capabilities and /tmp as a volume', () => {
    for (const object of base.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind))) {
      const pod = podOf(object);
      const what = `${object.kind} ${object.metadata?.name}`;
      expect(pod.securityContext?.runAsNonRoot, what).toBe(true);
      expect(pod.securityContext?.seccompProfile, what).toEqual({ type: 'RuntimeDefault' });
      for (const c of pod.containers) {
        expect(c.securityContext, what).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        if (object.kind === 'Deployment') expect(c.securityContext.runAsUser, what).toBe(1000);
        if (object.kind === 'Deployment')
          expect(
            c.volumeMounts.map((m: { mountPath: string }) => m.mountPath),
            what,
          ).toContain('/tmp');
      }
      if (object.kind === 'Deployment') expect(pod.terminationGracePeriodSeconds, what).toBeGreaterThanOrEqual(30);
    }
    for (const name of ['speech', ...workers.map((w) => w.name)]) {
      expect(podOf(find(base, 'Deployment', name)).volumes?.find((v) => v.name === 'tmp')?.emptyDir.medium, name).toBe('Memory');
    }
  });
});

describe('infra/k8s stores', () => {
  it('runs NATS as a cluster of three with JetStream fsyncing every write, and the registry’s users', () => {
    const nats = find(base, 'StatefulSet', 'nats')?.spec as Record<string, any>;
    expect(nats.replicas).toBe(3);
    expect(nats.volumeClaimTemplates[0].spec.resources.requests.storage).toBeTruthy();
    const config = find(base, 'ConfigMap', 'nats-config')?.data as Record<string, string>;
    const conf = config['nats.conf'] ?? '';
    expect(conf).toMatch(/jetstream \{[^}]*sync_interval: always/);
    expect(conf.match(/nats-route:\/\/nats-\d\.nats-headless:6222/g)).toHaveLength(3);
    expect(conf).toMatch(/^include \.\/accounts\.conf$/m);
    expect(parseNatsAccounts(config['accounts.conf'] ?? '')).toEqual(natsAccounts((user) => ({ env: natsPasswordEnv(user) })));
    const env = envOf(find(base, 'StatefulSet', 'nats'));
    for (const user of natsAccounts(() => ({ value: '' })).accounts.STORY.users) expect(env[natsPasswordEnv(user.user)], user.user).toBe('<ref>');
    expect((find(base, 'Service', 'nats-headless')?.spec as { clusterIP: string }).clusterIP).toBe('None');
    expect(find(base, 'PodDisruptionBudget', 'nats')).toBeDefined();
  });

  it('keeps every stream on all three NATS nodes, and lets a stopping pod drain within its grace period', () => {
    for (const deployment of base.filter((o) => o.kind === 'Deployment')) {
      const name = deployment.metadata?.name;
      const env = envOf(deployment);
      expect(env.JETSTREAM_REPLICAS, name).toBe('3');
      const drainSeconds = Number(env.SHUTDOWN_DRAIN_MS) / 1000;
      expect(drainSeconds, name).toBeGreaterThanOrEqual(3);
      // The drain delay, then SHUTDOWN_TIMEOUT_MS of closing (runService), ending before Kubernetes would SIGKILL; a worker's long enough for a long job.
      const closeSeconds = Number(env.SHUTDOWN_TIMEOUT_MS) / 1000;
      expect(closeSeconds, name).toBeGreaterThanOrEqual(name?.endsWith('worker') ? 60 : 10);
      expect(podOf(deployment).terminationGracePeriodSeconds, name).toBeGreaterThan(drainSeconds + closeSeconds);
    }
  });

  it('runs MongoDB as a replica set of three, initiated once by a Job, and points the services at every member', () => {
    const mongo = find(base, 'StatefulSet', 'mongo');
    expect((mongo?.spec as { replicas: number }).replicas).toBe(3);
    expect(podOf(mongo).containers[0]?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    const script = podOf(find(base, 'Job', 'mongo-init')).containers[0]?.command.join(' ');
    expect(script).toMatch(/try \{ rs\.status\(\)\.ok \} catch/);
    expect(script.match(/host: 'mongo-\d\.mongo:27017'/g)).toHaveLength(3);
    expect(envOf(find(base, 'Deployment', 'auth')).MONGODB_URL).toBe('mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/?replicaSet=rs0');
    expect(find(base, 'PodDisruptionBudget', 'mongo')).toBeDefined();
    expect(find(base, 'StatefulSet', 'qdrant')).toBeDefined();
    expect(envOf(find(base, 'Deployment', 'search')).QDRANT_URL).toBe('http://qdrant:6333');
  });
});

describe('infra/k8s NetworkPolicies', () => {
  const policies = base.filter((o) => o.kind === 'NetworkPolicy').map((o) => ({ name: o.metadata?.name, spec: o.spec as Record<string, any> }));
  const policyOf = (name: string) => policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === name)?.spec;
  const peersTo = (name: string, port: number) =>
    (policyOf(name)?.egress ?? []).filter((r: any) => r.ports.some((p: { port: number }) => p.port === port)).flatMap((r: any) => r.to);

  it('deny everything by default and allow DNS', () => {
    expect(policies.find((p) => p.name === 'default-deny')?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    expect(policies.find((p) => p.name === 'allow-dns')?.spec.egress[0].ports).toContainEqual({ protocol: 'UDP', port: 53 });
  });

  const monitoring = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } };
  const isMonitoring = (peer: unknown) => JSON.stringify(peer) === JSON.stringify(monitoring);
  const scrapeRule = (port: number) => ({ from: [monitoring], ports: [{ protocol: 'TCP', port }] });

  it('admit traffic from outside the namespace to the gateway only, from the ingress controller (Prometheus aside)', () => {
    const external = policies.filter((p) =>
      (p.spec.ingress ?? []).some((r: any) => r.from.some((peer: any) => (peer.namespaceSelector || peer.ipBlock) && !isMonitoring(peer))),
    );
    expect(external.map((p) => p.name)).toEqual(['gateway']);
    expect(external[0]?.spec.ingress[0]).toEqual({
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
      ports: [{ protocol: 'TCP', port: 8080 }],
    });
  });

  it('admit each service from the gateway only, workers from nothing, and the monitoring namespace to metrics ports only', () => {
    for (const service of SERVICE_REGISTRY) {
      expect(policyOf(service.name)?.ingress, service.name).toEqual([
        { from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }], ports: [{ protocol: 'TCP', port: service.port }] },
        scrapeRule(service.port),
      ]);
    }
    for (const { name, service } of workers) expect(policyOf(name)?.ingress, name).toEqual([scrapeRule(service.port + 10)]);
    // The gateway's metrics port, not its public one: the ingress controller cannot reach /metrics.
    expect(policyOf('gateway')?.ingress).toEqual([expect.anything(), scrapeRule(9464)]);
  });

  it('let each process reach NATS, and only its own stores', () => {
    for (const name of [...SERVICE_REGISTRY.map((s) => s.name), ...workers.map((w) => w.name), 'gateway']) {
      expect(peersTo(name, 4222), name).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } } }]);
      expect(peersTo(name, 27017).length > 0, name).toBe(name !== 'gateway');
      expect(peersTo(name, 6333).length > 0, name).toBe(name === 'search');
      for (const peer of peersTo(name, 443)) expect(peer.ipBlock.except, name).toContain('10.0.0.0/8');
    }
    expect(peersTo('gateway', 443)).toEqual([]);
    expect(policyOf('nats')?.egress[0].ports).toEqual([{ protocol: 'TCP', port: 6222 }]);
    expect(policyOf('mongo')?.ingress[0].from).toContainEqual({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'mongo' } } });
  });
});

describe('infra/k8s overlays', () => {
  it('generate every Secret the manifests refer to, with the keys they read', () => {
    for (const [overlay, objects] of rendered) {
      const secrets = new Map(objects.filter((o) => o.kind === 'Secret').map((o) => [o.metadata?.name, Object.keys(o.data as object)]));
      const text = JSON.stringify(objects.filter((o) => o.kind !== 'Secret'));
      const refs = [...text.matchAll(/"(?:secretName|name)":"(story-[a-z-]+)","(?:items|key)":(\[[^\]]*\]|"[^"]+")/g)];
      expect(refs.length).toBeGreaterThan(10);
      for (const [, name, keys] of refs) {
        if (name === 'story-tls' || name === 'story-settings') continue;
        expect(secrets.has(name), `${overlay}: ${name}`).toBe(true);
        for (const key of keys?.match(/"key":"([^"]+)"|^"([^"]+)"$/g) ?? [])
          expect(secrets.get(name), `${overlay}: ${name} ${key}`).toContain(key.replace(/^"key":|"/g, ''));
      }
    }
  });

  it('set the images, the Ingress host and the settings; keep the secret files out of git', () => {
    for (const overlay of OVERLAYS) {
      const objects = rendered.get(overlay.name) ?? [];
      const ingress = find(objects, 'Ingress', 'gateway')?.spec as Record<string, any>;
      expect(ingress.rules[0].host).toBe(overlay.host);
      expect(ingress.tls[0]).toEqual({ hosts: [overlay.host], secretName: overlay.tlsSecret });
      expect(podOf(find(objects, 'Deployment', 'auth')).containers[0]?.image).toBe(`${overlay.registry}/auth:${overlay.tag}`);
      for (const object of objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind))) {
        for (const c of podOf(object).containers) expect(c.image, `${overlay.name}: ${object.metadata?.name}`).toMatch(/^[^:]+(:[\w.-]+)$/);
      }
      for (const object of objects) expect(object.metadata?.namespace ?? object.metadata?.name, `${object.kind} ${object.metadata?.name}`).toBe('story');
      const settings = readFileSync(join(K8S_DIR, 'overlays', overlay.name, SETTINGS_FILE), 'utf8');
      expect(Object.keys(parse(settings.replace(/=/g, ': ')) ?? {}).sort()).toEqual(Object.keys(SETTINGS_DEFAULTS).sort());
    }
    expect(readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8')).toMatch(/^infra\/k8s\/overlays\/\*\/secrets\/$/m);
  });

  it.runIf(commandExists('kubectl'))('render the same objects under `kubectl kustomize` (hash suffixes aside)', () => {
    for (const overlay of OVERLAYS) {
      const text = execFileSync('kubectl', ['kustomize', join(scratch, 'overlays', overlay.name)], { encoding: 'utf8' });
      const hashless = parseAll(text.replace(/(story-(?:nats-passwords|signing-keys|openai|mail))-[a-z0-9]{10}\b/g, '$1'));
      const key = (o: Manifest) => `${o.kind}/${o.metadata?.name}`;
      const ours = rendered.get(overlay.name) ?? [];
      expect(hashless.map(key).sort(), overlay.name).toEqual(ours.map(key).sort());
      for (const object of hashless) expect(object, key(object)).toEqual(find(ours, object.kind, object.metadata?.name ?? ''));
    }
  });
});

function commandExists(command: string): boolean {
  try {
    execFileSync(command, ['version', '--client'], { stdio: 'ignore' });
    return existsSync(join(K8S_DIR, 'base'));
  } catch {
    return false;
  }
}

/** kubectl's documents, with Secret data unwrapped (it folds long base64 lines). */
function parseAll(text: string): Manifest[] {
  return text.split(/^---$/m).map((doc) => {
    const object = parse(doc) as Manifest;
    if (object.kind === 'Secret') object.data = Object.fromEntries(Object.entries(object.data as object).map(([k, v]) => [k, String(v).replace(/\s/g, '')]));
    return object;
  });
}

import { createHash } from 'node:crypto';
import { NATS_USERS } from '@story/proto';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IService } from 'kubernetes-models/v1/Service';
import { natsPasswordEnv, renderNatsAccounts } from '../nats-auth.ts';
import { NATS, NATS_PASSWORDS_SECRET, containerSecurity, metadata, podSecurity, resources, selectorOf, type Manifest } from './common.ts';
import { podDisruptionBudget } from './workloads.ts';

const HEADLESS = `${NATS.name}-headless`;
const CONFIG = `${NATS.name}-config`;

/** The routes to every member, by their stable names under the headless Service. */
const routes = Array.from({ length: NATS.replicas }, (_, i) => `nats-route://${NATS.name}-${i}.${HEADLESS}:${NATS.clusterPort}`);

/** nats.conf of the cluster: JetStream on the pod's volume with fsync on every write, routes among the three. */
export function natsConf(): string {
  return [
    '# NATS cluster of three with JetStream (made by `make k8s`); every write is fsynced before it is',
    '# acknowledged. A stream survives the loss of a member when it is created with 3 replicas.',
    `port: ${NATS.clientPort}`,
    `http_port: ${NATS.monitorPort}`,
    'server_name: $POD_NAME',
    'pid_file: /var/run/nats/nats.pid',
    'lame_duck_duration: 30s',
    'lame_duck_grace_period: 10s',
    'jetstream {',
    '  store_dir: /data/jetstream',
    '  sync_interval: always',
    '  max_file_store: 8G',
    '  max_memory_store: 256M',
    '}',
    'cluster {',
    '  name: story',
    `  port: ${NATS.clusterPort}`,
    '  routes: [',
    ...routes.map((route) => `    ${route}`),
    '  ]',
    '}',
    '# The users of the STORY account and their permissions, from proto/src/services.ts; each password',
    '# is an environment variable of the container, from the story-nats-passwords Secret.',
    'include ./accounts.conf',
    '',
  ].join('\n');
}

export function natsConfigMap(): IConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: metadata(CONFIG, 'messaging'),
    data: { 'nats.conf': natsConf(), 'accounts.conf': `${renderNatsAccounts((user) => ({ env: natsPasswordEnv(user) }))}\n` },
  };
}

function natsServices(): IService[] {
  const ports = [
    { name: 'client', port: NATS.clientPort, targetPort: 'client' },
    { name: 'cluster', port: NATS.clusterPort, targetPort: 'cluster' },
    { name: 'monitor', port: NATS.monitorPort, targetPort: 'monitor' },
  ];
  return [
    { apiVersion: 'v1', kind: 'Service', metadata: metadata(NATS.name, 'messaging'), spec: { selector: selectorOf(NATS.name), ports: ports.slice(0, 1) } },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: metadata(HEADLESS, 'messaging'),
      spec: { clusterIP: 'None', publishNotReadyAddresses: true, selector: selectorOf(NATS.name), ports },
    },
  ];
}

function configHash(): string {
  const data = natsConfigMap().data ?? {};
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}

export function natsStatefulSet(): IStatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: metadata(NATS.name, 'messaging'),
    spec: {
      serviceName: HEADLESS,
      replicas: NATS.replicas,
      podManagementPolicy: 'Parallel',
      selector: { matchLabels: selectorOf(NATS.name) },
      template: {
        // A changed configuration (a user or a permission of the registry) rolls the members one by one.
        metadata: { labels: metadata(NATS.name, 'messaging').labels ?? {}, annotations: { 'story.dev/config-sha256': configHash() } },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          terminationGracePeriodSeconds: 60,
          securityContext: podSecurity(),
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                { weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: selectorOf(NATS.name) } } },
              ],
            },
          },
          containers: [
            {
              name: 'nats',
              image: NATS.image,
              command: ['nats-server', '-c', '/etc/nats/nats.conf'],
              ports: [
                { name: 'client', containerPort: NATS.clientPort },
                { name: 'cluster', containerPort: NATS.clusterPort },
                { name: 'monitor', containerPort: NATS.monitorPort },
              ],
              env: [
                { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                ...NATS_USERS.map(({ user }) => ({
                  name: natsPasswordEnv(user),
                  valueFrom: { secretKeyRef: { name: NATS_PASSWORDS_SECRET, key: natsPasswordEnv(user) } },
                })),
              ],
              startupProbe: { httpGet: { path: '/healthz', port: 'monitor' }, periodSeconds: 2, failureThreshold: 90 },
              livenessProbe: { httpGet: { path: '/healthz?js-enabled-only=true', port: 'monitor' }, periodSeconds: 10, failureThreshold: 3 },
              readinessProbe: { httpGet: { path: '/healthz?js-server-only=true', port: 'monitor' }, periodSeconds: 5, failureThreshold: 3 },
              // Lame duck mode: clients move to the other members before this one stops.
              lifecycle: { preStop: { exec: { command: ['nats-server', '--signal', 'ldm=/var/run/nats/nats.pid'] } } },
              resources: resources('250m', '512Mi', '2', '2Gi'),
              securityContext: containerSecurity(),
              volumeMounts: [
                { name: 'config', mountPath: '/etc/nats', readOnly: true },
                { name: 'data', mountPath: '/data' },
                { name: 'run', mountPath: '/var/run/nats' },
              ],
            },
          ],
          volumes: [
            { name: 'config', configMap: { name: CONFIG } },
            { name: 'run', emptyDir: { sizeLimit: '1Mi' } },
          ],
        },
      },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } } }],
    },
  };
}

/** NATS: its configuration, client and headless Services, the StatefulSet of three, a PDB keeping a quorum. */
export function natsManifests(): Manifest[] {
  return [natsConfigMap(), ...natsServices(), natsStatefulSet(), podDisruptionBudget(NATS.name, 'messaging')] as Manifest[];
}

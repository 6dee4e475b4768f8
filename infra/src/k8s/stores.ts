import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IService } from 'kubernetes-models/v1/Service';
import { CLIENT_LABEL, MONGO, QDRANT, containerSecurity, labelsOf, metadata, podSecurity, resources, selectorOf, type Manifest } from './common.ts';
import { podDisruptionBudget } from './workloads.ts';

/** The mongo image's `mongodb` user. */
const MONGO_UID = 999;
const memberHost = (i: number): string => `${MONGO.name}-${i}.${MONGO.name}:${MONGO.port}`;

const volumeClaim = (name: string, size: string) => ({
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce' as const], resources: { requests: { storage: size } } },
});

function mongoStatefulSet(): IStatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: metadata(MONGO.name, 'database'),
    spec: {
      serviceName: MONGO.name,
      replicas: MONGO.replicas,
      podManagementPolicy: 'Parallel',
      selector: { matchLabels: selectorOf(MONGO.name) },
      template: {
        metadata: { labels: labelsOf(MONGO.name, 'database') },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          terminationGracePeriodSeconds: 60,
          securityContext: podSecurity(MONGO_UID),
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                { weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: selectorOf(MONGO.name) } } },
              ],
            },
          },
          containers: [
            {
              name: 'mongo',
              image: MONGO.image,
              command: ['mongod', '--replSet', MONGO.replSet, '--bind_ip_all', '--port', String(MONGO.port)],
              ports: [{ name: 'mongo', containerPort: MONGO.port }],
              livenessProbe: { exec: { command: ['mongosh', '--quiet', '--eval', 'db.adminCommand("ping").ok'] }, periodSeconds: 10, timeoutSeconds: 5 },
              readinessProbe: { tcpSocket: { port: 'mongo' }, periodSeconds: 5 },
              // mongosh (the liveness probe) keeps its state under HOME; the root file system is read-only.
              env: [{ name: 'HOME', value: '/tmp' }],
              resources: resources('500m', '1Gi', '2', '4Gi'),
              securityContext: containerSecurity(MONGO_UID),
              volumeMounts: [
                { name: 'data', mountPath: '/data/db' },
                { name: 'configdb', mountPath: '/data/configdb' },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          volumes: [
            { name: 'configdb', emptyDir: { sizeLimit: '16Mi' } },
            { name: 'tmp', emptyDir: { sizeLimit: '256Mi' } },
          ],
        },
      },
      volumeClaimTemplates: [volumeClaim('data', '20Gi')],
    },
  };
}

/** The replica set's members, once: does nothing when the set is already initiated (safe to re-run). */
export const RS_INITIATE = [
  'try { rs.status().ok } catch (e) {',
  `  rs.initiate({ _id: '${MONGO.replSet}', members: [${Array.from({ length: MONGO.replicas }, (_, i) => `{ _id: ${i}, host: '${memberHost(i)}' }`).join(', ')}] }).ok`,
  '}',
].join('\n');

function mongoInitJob(): IJob {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: metadata(`${MONGO.name}-init`, 'database'),
    spec: {
      backoffLimit: 20,
      ttlSecondsAfterFinished: 86400,
      template: {
        metadata: { labels: { ...labelsOf(`${MONGO.name}-init`, 'database'), [CLIENT_LABEL.mongo]: 'true' } },
        spec: {
          restartPolicy: 'OnFailure',
          automountServiceAccountToken: false,
          securityContext: podSecurity(MONGO_UID),
          containers: [
            {
              name: 'rs-initiate',
              image: MONGO.image,
              command: ['mongosh', '--quiet', `mongodb://${memberHost(0)}/?directConnection=true`, '--eval', RS_INITIATE],
              resources: resources('50m', '128Mi', '500m', '256Mi'),
              securityContext: containerSecurity(MONGO_UID),
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
              env: [{ name: 'HOME', value: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '16Mi' } }],
        },
      },
    },
  };
}

function qdrantStatefulSet(): IStatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: metadata(QDRANT.name, 'vectors'),
    spec: {
      serviceName: QDRANT.name,
      replicas: 1,
      selector: { matchLabels: selectorOf(QDRANT.name) },
      template: {
        metadata: { labels: labelsOf(QDRANT.name, 'vectors') },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: podSecurity(),
          containers: [
            {
              name: 'qdrant',
              image: QDRANT.image,
              ports: [
                { name: 'http', containerPort: QDRANT.httpPort },
                { name: 'grpc', containerPort: QDRANT.grpcPort },
              ],
              env: [
                { name: 'QDRANT__TELEMETRY_DISABLED', value: 'true' },
                // Its first-start marker, off the read-only root file system (as Qdrant's own chart does).
                { name: 'QDRANT_INIT_FILE_PATH', value: '/qdrant/init/.qdrant-initialized' },
              ],
              livenessProbe: { httpGet: { path: '/livez', port: 'http' }, periodSeconds: 10 },
              readinessProbe: { httpGet: { path: '/readyz', port: 'http' }, periodSeconds: 5 },
              resources: resources('250m', '512Mi', '2', '4Gi'),
              securityContext: containerSecurity(),
              volumeMounts: [
                { name: 'storage', mountPath: '/qdrant/storage' },
                { name: 'snapshots', mountPath: '/qdrant/snapshots' },
                { name: 'init', mountPath: '/qdrant/init' },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          volumes: [
            { name: 'snapshots', emptyDir: { sizeLimit: '10Gi' } },
            { name: 'init', emptyDir: { sizeLimit: '1Mi' } },
            { name: 'tmp', emptyDir: { sizeLimit: '256Mi' } },
          ],
        },
      },
      volumeClaimTemplates: [volumeClaim('storage', '20Gi')],
    },
  };
}

const headless = (name: string, component: string, port: number): IService => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: metadata(name, component),
  spec: { clusterIP: 'None', publishNotReadyAddresses: true, selector: selectorOf(name), ports: [{ name: 'mongo', port, targetPort: port }] },
});

/** MongoDB: the replica set of three (headless Service for stable member names), its init Job, a PDB. */
export function mongoManifests(): Manifest[] {
  return [headless(MONGO.name, 'database', MONGO.port), mongoStatefulSet(), mongoInitJob(), podDisruptionBudget(MONGO.name, 'database')] as Manifest[];
}

/** Qdrant: one node on a volume (its distributed mode needs a cluster configuration of its own). */
export function qdrantManifests(): Manifest[] {
  const svc: IService = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: metadata(QDRANT.name, 'vectors'),
    spec: {
      selector: selectorOf(QDRANT.name),
      ports: [
        { name: 'http', port: QDRANT.httpPort, targetPort: 'http' },
        { name: 'grpc', port: QDRANT.grpcPort, targetPort: 'grpc' },
      ],
    },
  };
  return [svc, qdrantStatefulSet()] as Manifest[];
}

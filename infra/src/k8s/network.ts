import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyEgressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyEgressRule';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import { CLIENT_LABEL, GATEWAY, INGRESS_NAMESPACE, MONGO, MONITORING_NAMESPACE, NATS, QDRANT, SMTP_SUBMISSION_PORTS, metadata, selectorOf } from './common.ts';
import type { Workload } from './workloads.ts';

/**
 * Who may talk to whom. Everything is denied in the namespace, then: DNS for every pod; the gateway
 * from the ingress controller's namespace (the only traffic from outside); each service from the
 * gateway only (workers from nothing); every process's metrics port from the monitoring namespace
 * (Prometheus; the gateway's is its own internal port); each process to NATS, to MongoDB if it stores data, to Qdrant
 * if it keeps vectors, to HTTPS outside the cluster's private ranges if it may call OpenAI or
 * Google, and to mail submission (587, 465) there if it sends e-mail; NATS and MongoDB members among themselves. The kubelet's probes are not pod traffic.
 */
const policy = (name: string, spec: INetworkPolicy['spec']): INetworkPolicy => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'NetworkPolicy',
  metadata: metadata(name, 'network-policy'),
  spec,
});
const pods = (name: string): INetworkPolicyPeer => ({ podSelector: { matchLabels: selectorOf(name) } });
const tcp = (port: number) => ({ protocol: 'TCP' as const, port });
/** The standard OTLP/HTTP port of an OpenTelemetry Collector. */
const OTLP_HTTP_PORT = 4318;
/** The private ranges HTTPS to the internet must not reach (the cluster's pods, services and nodes). */
export const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'];

function egressOf(w: Workload, extra: INetworkPolicyEgressRule[] = []): INetworkPolicyEgressRule[] {
  return [
    { to: [pods(NATS.name)], ports: [tcp(NATS.clientPort)] },
    ...(w.profile.mongo ? [{ to: [pods(MONGO.name)], ports: [tcp(MONGO.port)] }] : []),
    ...(w.profile.qdrant ? [{ to: [pods(QDRANT.name)], ports: [tcp(QDRANT.httpPort)] }] : []),
    ...(w.profile.internet ? [{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }], ports: [tcp(443)] }] : []),
    ...(w.profile.mail ? [{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }], ports: SMTP_SUBMISSION_PORTS.map(tcp) }] : []),
    // Traces, when OTEL_EXPORTER_OTLP_ENDPOINT names a collector: its OTLP/HTTP port, in any namespace of the cluster.
    { to: [{ namespaceSelector: {} }], ports: [tcp(OTLP_HTTP_PORT)] },
    ...extra,
  ];
}

export function networkPolicies(all: readonly Workload[]): INetworkPolicy[] {
  const services = all.filter((w) => w.component === 'service');
  const monitoring: INetworkPolicyPeer = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE } } };
  const ours = all.map((w): INetworkPolicy => {
    const both: ('Ingress' | 'Egress')[] = ['Ingress', 'Egress'];
    const scrape = { from: [monitoring], ports: [tcp(w.metricsPort)] };
    if (w.component === 'gateway') {
      const fromController: INetworkPolicyPeer = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': INGRESS_NAMESPACE } } };
      return policy(w.name, {
        podSelector: { matchLabels: selectorOf(w.name) },
        policyTypes: both,
        ingress: [{ from: [fromController], ports: [tcp(GATEWAY.port)] }, scrape],
        egress: egressOf(
          w,
          services.map((s) => ({ to: [pods(s.name)], ports: [tcp(s.port)] })),
        ),
      });
    }
    return policy(w.name, {
      podSelector: { matchLabels: selectorOf(w.name) },
      policyTypes: both,
      ingress: w.component === 'service' ? [{ from: [pods(GATEWAY.name)], ports: [tcp(w.port)] }, scrape] : [scrape],
      egress: egressOf(w),
    });
  });
  const clients = (label: string): INetworkPolicyPeer => ({ podSelector: { matchLabels: { [label]: 'true' } } });
  return [
    policy('default-deny', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] }),
    policy('allow-dns', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [{ namespaceSelector: {}, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    }),
    ...ours,
    policy(NATS.name, {
      podSelector: { matchLabels: selectorOf(NATS.name) },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        { from: [clients(CLIENT_LABEL.nats)], ports: [tcp(NATS.clientPort)] },
        { from: [pods(NATS.name)], ports: [tcp(NATS.clusterPort)] },
      ],
      egress: [{ to: [pods(NATS.name)], ports: [tcp(NATS.clusterPort)] }],
    }),
    policy(MONGO.name, {
      podSelector: { matchLabels: selectorOf(MONGO.name) },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ from: [clients(CLIENT_LABEL.mongo), pods(MONGO.name)], ports: [tcp(MONGO.port)] }],
      egress: [{ to: [pods(MONGO.name)], ports: [tcp(MONGO.port)] }],
    }),
    policy(`${MONGO.name}-init`, {
      podSelector: { matchLabels: selectorOf(`${MONGO.name}-init`) },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [],
      egress: [{ to: [pods(MONGO.name)], ports: [tcp(MONGO.port)] }],
    }),
    policy(QDRANT.name, {
      podSelector: { matchLabels: selectorOf(QDRANT.name) },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ from: [clients(CLIENT_LABEL.qdrant)], ports: [tcp(QDRANT.httpPort)] }],
      egress: [],
    }),
  ];
}

import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import { GATEWAY, NAMESPACE, PART_OF, SETTINGS_CONFIGMAP, metadata } from './common.ts';
import { SETTINGS_DEFAULTS } from './profiles.ts';

/** The namespace, held to the `restricted` Pod Security Standard (every pod here meets it). */
export function namespace(): INamespace {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: NAMESPACE,
      labels: {
        'app.kubernetes.io/part-of': PART_OF,
        'pod-security.kubernetes.io/enforce': 'restricted',
        'pod-security.kubernetes.io/enforce-version': 'v1.33',
      },
    },
  };
}

/** Non-secret settings with compose's defaults; an overlay replaces them (configMapGenerator). */
export function settingsConfigMap(): IConfigMap {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: metadata(SETTINGS_CONFIGMAP, 'settings'), data: { ...SETTINGS_DEFAULTS } };
}

/** Placeholders an overlay replaces: the public host name and the TLS Secret cert-manager fills. */
export const INGRESS_HOST = 'story.example.com';
export const INGRESS_TLS_SECRET = 'story-tls';
export const INGRESS_CLASS = 'nginx';

/** The gateway from outside, over TLS (cert-manager issues the certificate into the TLS Secret). */
export function gatewayIngress(): IIngress {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: metadata(GATEWAY.name, 'gateway', {
      annotations: {
        'cert-manager.io/cluster-issuer': 'letsencrypt',
        'nginx.ingress.kubernetes.io/ssl-redirect': 'true',
        // Uploads of up to 25 MB; speech streams stay open while someone speaks.
        'nginx.ingress.kubernetes.io/proxy-body-size': '26m',
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '600',
        'nginx.ingress.kubernetes.io/proxy-send-timeout': '600',
      },
    }),
    spec: {
      ingressClassName: INGRESS_CLASS,
      tls: [{ hosts: [INGRESS_HOST], secretName: INGRESS_TLS_SECRET }],
      rules: [
        {
          host: INGRESS_HOST,
          http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: GATEWAY.name, port: { name: 'http' } } } }] },
        },
      ],
    },
  };
}

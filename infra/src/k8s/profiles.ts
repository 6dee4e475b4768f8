import type { RegisteredServiceName } from '@story/proto';
import type { IResourceRequirements } from 'kubernetes-models/v1/ResourceRequirements';
import { resources } from './common.ts';

/** A key file of the signing-keys Secret (made like keys-init's `make-keys.mjs`). */
export type KeyFile = 'session.key.pem' | 'session.pub.pem' | 'identity.key.pem' | 'identity.pub.pem';
export const KEY_FILES: readonly KeyFile[] = ['session.key.pem', 'session.pub.pem', 'identity.key.pem', 'identity.pub.pem'];

/** Settings of the `story-settings` ConfigMap, with compose's defaults. */
export const SETTINGS_DEFAULTS = {
  LOG_LEVEL: 'info',
  ADMIN_EMAILS: '',
  GOOGLE_CLIENT_ID: '',
  OPENAI_BASE_URL: '',
  OPENAI_CHAT_MODEL: 'gpt-4o-mini',
  SEARCH_EMBEDDER: 'offline',
  FEEDBACK_ENGINE: 'offline',
  SPEECH_STT_ENGINE: '',
  SPEECH_TTS_ENGINE: '',
  /** The site's address (`https://story.example.com`): public profile pages' canonical link and og:url, and the links of password-reset e-mails; never a request's Host. */
  PUBLIC_SITE_URL: '',
  /** The sender of the product's e-mails (password resets). */
  MAIL_FROM: 'Story Platform <no-reply@localhost>',
  /** An OTLP/HTTP collector in the cluster (`http://otel-collector.monitoring:4318`): every process exports its traces there; empty, tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
} as const;
export type Setting = keyof typeof SETTINGS_DEFAULTS;

/** What a process of ours needs beyond NATS: the manifests are made from this and the registry. */
export interface WorkloadProfile {
  /** Settings it reads from the ConfigMap. */
  settings: readonly Setting[];
  /** Reads OPENAI_API_KEY (optional Secret) and may call OpenAI over HTTPS. */
  openai: boolean;
  /** May call the internet over HTTPS (OpenAI, Google's token keys). */
  internet: boolean;
  /** Reads SMTP_URL (optional Secret) and may reach mail submission ports outside the cluster (password-reset e-mails). */
  mail: boolean;
  /** Keeps its data (or its outbox) in MongoDB. */
  mongo: boolean;
  /** Keeps vectors in Qdrant. */
  qdrant: boolean;
  /** Key files it reads, and the environment variable that names each. */
  keys: Partial<Record<KeyFile, string>>;
  /** Fixed settings (as compose's). */
  env: Record<string, string>;
  replicas: number;
  resources: IResourceRequirements;
  /** Its /tmp in memory (the speech engines' temporary audio files) rather than on the node's disk. */
  tmpInMemory: boolean;
}

const IDENTITY_PUB = { 'identity.pub.pem': 'IDENTITY_PUBLIC_KEY_FILE' } as const;
const OPENAI_CHAT: readonly Setting[] = ['OPENAI_BASE_URL', 'OPENAI_CHAT_MODEL'];
const SMALL = resources('100m', '192Mi', '1', '512Mi');
const storing = (settings: readonly Setting[], openai: boolean): WorkloadProfile => ({
  settings,
  openai,
  internet: openai,
  mail: false,
  mongo: true,
  qdrant: false,
  keys: IDENTITY_PUB,
  env: {},
  replicas: 2,
  resources: SMALL,
  tmpInMemory: false,
});

/**
 * One profile per registry service: adding a service to proto/src/services.ts fails `tsc` here until
 * it says what it needs. Internet (HTTPS 443 outside the cluster's private ranges): auth for Google's
 * token keys; conversations, jobs, profile, feedback, search and speech for OpenAI when configured.
 */
export const SERVICE_PROFILES: Record<RegisteredServiceName, WorkloadProfile> = {
  auth: {
    ...storing(['ADMIN_EMAILS', 'GOOGLE_CLIENT_ID', 'PUBLIC_SITE_URL', 'MAIL_FROM'], false),
    internet: true,
    mail: true,
    keys: { 'session.key.pem': 'SESSION_PRIVATE_KEY_FILE', 'session.pub.pem': 'SESSION_PUBLIC_KEY_FILE', ...IDENTITY_PUB },
    env: { COOKIE_SECURE: 'true' },
    // argon2id hashing is memory- and CPU-hungry.
    resources: resources('250m', '256Mi', '2', '1Gi'),
  },
  conversations: storing(OPENAI_CHAT, true),
  jobs: storing(OPENAI_CHAT, true),
  // The sentence encoder's model (Universal Sentence Encoder Lite on TensorFlow.js) takes 170-200 MB.
  search: { ...storing(['SEARCH_EMBEDDER', 'OPENAI_BASE_URL'], true), qdrant: true, resources: resources('250m', '640Mi', '2', '1Gi') },
  feedback: storing([...OPENAI_CHAT, 'FEEDBACK_ENGINE'], true),
  // Résumé files are read on two worker threads of up to 256 MB heap each, beside the service's own (issue 36).
  profile: { ...storing([...OPENAI_CHAT, 'PUBLIC_SITE_URL'], true), resources: resources('100m', '256Mi', '1', '1Gi') },
  // The speech front checks uploads and streams and asks the workers; it keeps only its outbox.
  speech: {
    ...storing(['OPENAI_BASE_URL', 'SPEECH_STT_ENGINE', 'SPEECH_TTS_ENGINE'], true),
    resources: resources('200m', '256Mi', '2', '768Mi'),
    tmpInMemory: true,
  },
};

/** Workers (`<service>-<worker>`): the speech workers run the recogniser and the voice, CPU-bound. */
export function workerProfile(service: RegisteredServiceName): WorkloadProfile {
  return { ...SERVICE_PROFILES[service], replicas: 2, resources: resources('1', '768Mi', '2', '1536Mi'), tmpInMemory: true };
}

export const GATEWAY_PROFILE: WorkloadProfile = {
  settings: [],
  openai: false,
  internet: false,
  mail: false,
  mongo: false,
  qdrant: false,
  keys: { 'session.pub.pem': 'SESSION_PUBLIC_KEY_FILE', 'identity.key.pem': 'IDENTITY_PRIVATE_KEY_FILE' },
  // Served over HTTPS (the Ingress terminates TLS): Secure cookies, and HSTS.
  env: { COOKIE_SECURE: 'true' },
  replicas: 2,
  resources: resources('250m', '256Mi', '2', '768Mi'),
  tmpInMemory: false,
};

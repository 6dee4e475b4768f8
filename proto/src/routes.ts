/** Which service owns which `/api` path; the gateway proxies by this table. Longest prefix wins. */
export const SERVICE_NAMES = ['auth', 'conversations', 'jobs', 'speech', 'search', 'feedback', 'profile'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface ApiRoute {
  prefix: string;
  service: ServiceName;
  /** Reachable without a session. */
  public?: boolean;
  /**
   * Rate-limit bucket, if any. `ai-session`: a POST to the prefix itself opens a session and spends one
   * AI operation; the session's own requests below it (its chunks, its finish) spend nothing more.
   * `auth-changes`: its changes check a password (counted with sign-in per address); its reads do not.
   * `pdf`: a PDF rendered when asked for: each download spends the PDF budget, though it is a GET.
   */
  rateLimit?: 'auth' | 'auth-changes' | 'ai' | 'ai-session' | 'pdf';
  /** Largest request body in bytes, when above DEFAULT_API_BODY_LIMIT (the gateway and the service both enforce it). */
  maxBodyBytes?: number;
  /** A long streamed answer (the data export): the gateway waits as long for its body as for AI work. */
  streamed?: boolean;
  /** A route for some paths under its prefix only (an id in the middle): it wins over a route of the prefix alone. */
  pattern?: RegExp;
}

const MIB = 1024 * 1024;
/** Largest body of an API request unless its route says otherwise. */
export const DEFAULT_API_BODY_LIMIT = 1 * MIB;
/** A résumé of up to 5 MB plus its multipart framing. */
export const RESUME_UPLOAD_BODY_LIMIT = 6 * MIB;
/** A saved message pair may carry its spoken reply as base64 MP3. */
export const SAVED_CONVERSATION_BODY_LIMIT = 10 * MIB;
/** An audio upload of up to 25 MB plus its multipart framing. */
export const AUDIO_UPLOAD_BODY_LIMIT = 26 * MIB;

export const API_ROUTES: readonly ApiRoute[] = [
  { prefix: '/api/users/check-email', service: 'auth', public: true, rateLimit: 'auth' },
  { prefix: '/api/users/register', service: 'auth', public: true, rateLimit: 'auth' },
  { prefix: '/api/users/login', service: 'auth', public: true, rateLimit: 'auth' },
  { prefix: '/api/users/google-auth', service: 'auth', public: true, rateLimit: 'auth' },
  { prefix: '/api/users/logout', service: 'auth', public: true },
  // Forgot password (issue 39, 6): asking for a link, checking it and using it, counted with sign-in per address (auth also counts per e-mail).
  { prefix: '/api/users/password-reset', service: 'auth', public: true, rateLimit: 'auth' },
  // Deleting the account (DELETE) checks the password: counted with sign-in; reading it is not.
  { prefix: '/api/users/me', service: 'auth', rateLimit: 'auth-changes' },
  // Checks the current password: counted with sign-in per address (the service also counts per account).
  { prefix: '/api/users/password', service: 'auth', rateLimit: 'auth' },
  { prefix: '/api/users/sessions', service: 'auth' },
  { prefix: '/api/auth/config', service: 'auth', public: true },
  { prefix: '/api/users', service: 'auth' },
  { prefix: '/api/user-type-settings', service: 'auth' },
  { prefix: '/api/user/time-limit', service: 'auth' },
  // Every plan as admins set it, and the requests to change plan that admins grant or refuse (issue 39).
  { prefix: '/api/plans', service: 'auth' },
  { prefix: '/api/plan-requests', service: 'auth' },
  // Everything the person keeps, as a ZIP streamed while every service hands its part (issue 24).
  { prefix: '/api/export', service: 'auth', streamed: true },
  { prefix: '/api/conversation-threads', service: 'conversations' },
  // The PDFs (a thread, a practice, a mock interview's report, a résumé) are rendered when asked for (issue 36, 3).
  { prefix: '/api/conversation-threads', pattern: /^\/api\/conversation-threads\/[^/]+\/pdf\/?$/, service: 'conversations', rateLimit: 'pdf' },
  { prefix: '/api/conversations', service: 'conversations', maxBodyBytes: SAVED_CONVERSATION_BODY_LIMIT },
  { prefix: '/api/process-text', service: 'conversations', rateLimit: 'ai' },
  { prefix: '/api/snippet-conversations', service: 'conversations' },
  { prefix: '/api/snippet-conversations', pattern: /^\/api\/snippet-conversations\/[^/]+\/pdf\/?$/, service: 'conversations', rateLimit: 'pdf' },
  { prefix: '/api/transcribe', service: 'speech', rateLimit: 'ai', maxBodyBytes: AUDIO_UPLOAD_BODY_LIMIT },
  // A recording streamed while the person speaks: charged once when opened, however many chunks follow.
  { prefix: '/api/transcribe/sessions', service: 'speech', rateLimit: 'ai-session' },
  { prefix: '/api/process-job-description', service: 'jobs', rateLimit: 'ai' },
  { prefix: '/api/confirm-job-description', service: 'jobs' },
  { prefix: '/api/job-description-snippets', service: 'jobs' },
  { prefix: '/api/formatted-job-descriptions', service: 'jobs' },
  { prefix: '/api/story-query', service: 'search', rateLimit: 'ai' },
  // The month's minutes and what the plan includes (issue 21): the speech service keeps the ledger.
  { prefix: '/api/usage', service: 'speech' },
  { prefix: '/api/feedback', service: 'feedback' },
  // Résumés (issue 22): an upload is parsing work (AI with a key), and so are suggestions.
  { prefix: '/api/resumes', service: 'profile', maxBodyBytes: RESUME_UPLOAD_BODY_LIMIT },
  { prefix: '/api/resumes', pattern: /^\/api\/resumes$/, service: 'profile', rateLimit: 'ai', maxBodyBytes: RESUME_UPLOAD_BODY_LIMIT },
  { prefix: '/api/resumes', pattern: /^\/api\/resumes\/[^/]+\/suggestions$/, service: 'profile', rateLimit: 'ai' },
  { prefix: '/api/resumes', pattern: /^\/api\/resumes\/[^/]+\/pdf\/?$/, service: 'profile', rateLimit: 'pdf' },
  // Mock interviews (issue 23): planning is AI work with a key (the OpenAI planner), and so is each answer's feedback.
  { prefix: '/api/mock-interviews', service: 'feedback' },
  { prefix: '/api/mock-interviews', pattern: /^\/api\/mock-interviews$/, service: 'feedback', rateLimit: 'ai' },
  { prefix: '/api/mock-interviews', pattern: /^\/api\/mock-interviews\/[^/]+\/answers$/, service: 'feedback', rateLimit: 'ai' },
  { prefix: '/api/mock-interviews', pattern: /^\/api\/mock-interviews\/[^/]+\/pdf\/?$/, service: 'feedback', rateLimit: 'pdf' },
  { prefix: '/api/job-descriptions', service: 'feedback' },
  // A correction scores an answer again: AI work, with the AI budget (issue 19, 4).
  { prefix: '/api/feedback', pattern: /^\/api\/feedback\/[^/]+\/transcript$/, service: 'feedback', rateLimit: 'ai' },
  // The public profile (issue 24): the person's own, to edit, publish and take down.
  { prefix: '/api/profile', service: 'profile' },
];

/** The web app's screen a password-reset link opens (issue 39, 6); the token follows in the fragment, which no server and no Referer ever sees. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** A page a service renders itself for anyone, signed in or not: the gateway proxies its GETs, with no session. */
export interface PublicPageRoute {
  prefix: string;
  service: ServiceName;
}

/** The public profile's pages (issue 24): `/p/{slug}`, server-rendered by the profile service. */
export const PUBLIC_PAGE_ROUTES: readonly PublicPageRoute[] = [{ prefix: '/p', service: 'profile' }];

/** GraphQL mutation fields that are AI work (they spend the AI budget, like their REST routes); every other mutation field spends the writes budget. */
export const GRAPHQL_AI_FIELDS: readonly string[] = ['processText', 'openConversation', 'processJobDescription', 'correctAnswer'];
/** The most mutation fields (aliases count) one GraphQL operation may run. */
export const MAX_MUTATION_FIELDS = 3;

/** The route owning a path, matching whole path segments, longest prefix first. */
export function findApiRoute(path: string): ApiRoute | undefined {
  const clean = path.split('?')[0] ?? path;
  let best: ApiRoute | undefined;
  for (const route of API_ROUTES) {
    if (route.pattern) {
      if (route.pattern.test(clean)) return route;
      continue;
    }
    if (clean === route.prefix || clean.startsWith(`${route.prefix}/`)) {
      if (!best || route.prefix.length > best.prefix.length) best = route;
    }
  }
  return best;
}

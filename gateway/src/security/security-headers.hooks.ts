import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of the web app: own origin only, plus what Google sign-in needs. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com",
  'frame-src https://accounts.google.com',
  "connect-src 'self' https://accounts.google.com",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: data:",
  "style-src 'self' 'unsafe-inline' https://accounts.google.com",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

const FIXED_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // Google's sign-in popup must be able to talk back to the opener.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': 'microphone=(self)',
};

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Whether a URL is answered with data (API, GraphQL) rather than the web app's files. */
export function isDataPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/') || path === '/graphql';
}

/**
 * Adds the security headers to every response (proxied ones included, overriding whatever a service
 * sent) and forbids caching of API answers, which are per user.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { strictTransportSecurity: boolean }): void {
  const headers = { ...FIXED_HEADERS };
  if (options.strictTransportSecurity) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    // Data is never stored by shared caches; a service may let the browser keep its own copy of a
    // private answer (a saved reply's audio), but nothing the gateway answers itself is cached.
    const fromService = String(reply.getHeader('cache-control') ?? '');
    if (isDataPath(request.url) && !/^private\b/.test(fromService)) reply.header('cache-control', 'no-store');
  });
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's CSRF token: the one of its cookie, or the one set on this response. */
    csrfToken: string;
  }
}

export const CSRF_ERROR_MESSAGE = 'Invalid or missing CSRF token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh CSRF token. */
export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the Origin header, when present, names the host the request was sent to. */
function originMatchesHost(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // request.host is the Host header, or X-Forwarded-Host when TRUST_PROXY says a proxy sets it.
  const host = request.host;
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    // "null" (sandboxed frames, some redirects) or garbage: not our page.
    return false;
  }
}

/**
 * Double-submit cookie defence: every response that finds no token cookie sets one (readable by
 * the page, SameSite=Lax); every state-changing request must echo it in the `x-csrf-token` header
 * and, when the browser says where it comes from (Origin), come from this host.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { secureCookie: boolean }): void {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const hasCookie = typeof cookie === 'string' && TOKEN_PATTERN.test(cookie);
    if (hasCookie) {
      request.csrfToken = cookie;
    } else {
      request.csrfToken = newCsrfToken();
      reply.setCookie(CSRF_COOKIE, request.csrfToken, { path: '/', sameSite: 'lax', httpOnly: false, secure: options.secureCookie });
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (!originMatchesHost(request)) throw new HttpError(403, CSRF_ERROR_MESSAGE);
    const header = request.headers[CSRF_HEADER];
    if (!hasCookie || typeof header !== 'string' || !sameToken(header, cookie)) throw new HttpError(403, CSRF_ERROR_MESSAGE);
  });
}

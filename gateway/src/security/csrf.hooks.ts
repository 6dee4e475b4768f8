import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, CSRF_HEADER, GATEWAY_MESSAGES, SESSION_COOKIE } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { pathOf } from './security-headers.hooks.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's CSRF token, valid for its current session: the one of its cookie, or the one set on this response. */
    csrfToken: string;
  }
}

export const CSRF_ERROR_MESSAGE = GATEWAY_MESSAGES.csrfInvalid;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A 22-character nonce, a dot, a 43-character HMAC (both base64url). */
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** What a token is bound to when there is no session (sign-in and sign-up forms). */
export const ANONYMOUS = 'anonymous';

/** The HMAC key of CSRF tokens, derived from the gateway's identity key so that every instance has the same one. */
export function csrfKeyFrom(identityPrivateKeyPem: string): Buffer {
  return Buffer.from(hkdfSync('sha256', identityPrivateKeyPem, 'story-csrf', 'csrf token v1', 32));
}

const macOf = (key: Buffer, sessionKey: string, nonce: string) => createHmac('sha256', key).update(`${sessionKey}.${nonce}`).digest('base64url');

/** A fresh token bound to a session id (or ANONYMOUS): a nonce and the HMAC of session and nonce. */
export function csrfTokenFor(key: Buffer, sessionKey: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${macOf(key, sessionKey, nonce)}`;
}

/** Whether a token was made by this deployment for this session. */
export function csrfTokenBelongsTo(key: Buffer, token: string, sessionKey: string): boolean {
  const match = TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return false;
  return sameText(match[2], macOf(key, sessionKey, match[1]));
}

/**
 * Tokens already found to belong to their session. Under one key a token and a session verify alike
 * every time, so each pair's HMAC is computed once, not on every request (it was a tenth of the
 * gateway's own time per call). Only pairs that verified are kept (nobody can make one without the
 * key), at most `limit`, the oldest forgotten first.
 */
export class VerifiedCsrfTokens {
  private readonly pairs = new Set<string>();

  constructor(
    private readonly key: Buffer,
    private readonly limit = 10_000,
  ) {}

  /** Whether `token` was made by this deployment for `sessionKey` (as `csrfTokenBelongsTo`). */
  belongs(token: string, sessionKey: string): boolean {
    const pair = `${sessionKey}\n${token}`;
    if (this.pairs.has(pair)) return true;
    if (!csrfTokenBelongsTo(this.key, token, sessionKey)) return false;
    if (this.pairs.size >= this.limit) this.pairs.delete(this.pairs.values().next().value ?? '');
    this.pairs.add(pair);
    return true;
  }

  /** How many pairs are kept. */
  get size(): number {
    return this.pairs.size;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the Origin header, when present, names the scheme and host the request was sent to. */
function originMatches(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // request.host and request.protocol follow X-Forwarded-Host/-Proto only when TRUST_PROXY says a proxy sets them.
  const host = request.host;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return url.host === host.toLowerCase() && url.protocol === `${request.protocol}:`;
  } catch {
    // "null" (sandboxed frames, some redirects) or garbage: not our page.
    return false;
  }
}

/** Files the browser may cache (scripts, styles, images): they never carry a cookie. */
const isStaticFile = (path: string) => /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');

export interface CsrfOptions {
  secureCookie: boolean;
  key: Buffer;
  /** The session id inside a session cookie value we signed; undefined for none or a forged one. */
  sessionIdOf(cookie: string | undefined): Promise<string | undefined>;
}

/**
 * Signed double-submit defence: the token cookie (readable by the page; `__Host-` prefixed when
 * Secure) holds a nonce and the HMAC of the session id and nonce, so a token planted from a
 * sibling subdomain or taken from another session is worth nothing. Every state-changing request
 * must echo the cookie in `x-csrf-token`, the token must belong to the request's session, and
 * the Origin, when the browser sends one, must be this scheme and host. A new token is set when
 * the session changes (sign-in, sign-out), never on cacheable static files.
 */
export function registerCsrfProtection(app: FastifyInstance, options: CsrfOptions): void {
  const cookieName = options.secureCookie ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
  const cookieLine = (token: string) => `${cookieName}=${token}; Path=/; SameSite=Lax${options.secureCookie ? '; Secure' : ''}`;
  const issue = (reply: FastifyReply, sessionKey: string): string => {
    const token = csrfTokenFor(options.key, sessionKey);
    const existing = reply.getHeader('set-cookie');
    const lines = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
    void reply.header('set-cookie', [...lines.filter((line) => !line.startsWith(`${cookieName}=`)), cookieLine(token)]);
    return token;
  };

  const verified = new VerifiedCsrfTokens(options.key);

  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const sessionKey = (await options.sessionIdOf(request.cookies[SESSION_COOKIE])) ?? ANONYMOUS;
    const cookie = request.cookies[cookieName];
    const valid = typeof cookie === 'string' && verified.belongs(cookie, sessionKey);
    if (valid) request.csrfToken = cookie;
    else if (isStaticFile(pathOf(request.url))) request.csrfToken = csrfTokenFor(options.key, sessionKey);
    else request.csrfToken = issue(reply, sessionKey);
    if (SAFE_METHODS.has(request.method)) return;
    if (!originMatches(request)) throw new HttpError(403, CSRF_ERROR_MESSAGE);
    const header = request.headers[CSRF_HEADER];
    if (!valid || typeof header !== 'string' || !sameText(header, cookie)) throw new HttpError(403, CSRF_ERROR_MESSAGE);
  });

  // Sign-in and sign-out change the session: hand out a token for the new one with the same answer.
  app.addHook('onSend', async (request, reply) => {
    const setCookie = reply.getHeader('set-cookie');
    const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie.map(String) : [String(setCookie)];
    const session = lines.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    if (session === undefined) return;
    const value = session.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
    const sessionKey = value === '' ? ANONYMOUS : ((await options.sessionIdOf(value)) ?? ANONYMOUS);
    request.csrfToken = issue(reply, sessionKey);
  });
}

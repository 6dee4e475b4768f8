/**
 * The one HTTP client of the web app. Every call is same-origin with credentials; every
 * state-changing call carries the CSRF token (double-submit: the `csrf_token` cookie echoed in the
 * `x-csrf-token` header). Failures follow the specification's generic data-loading rule.
 */

import { findApiRoute } from '@story/proto/routes';

/** Cookie and header names of the gateway's CSRF defence (the token cookie is `__Host-` prefixed when the site runs on HTTPS). */
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, CSRF_HEADER } from '@story/proto/identity';
import { GATEWAY_MESSAGES } from '@story/proto/messages/common';
import { PATHS } from '../lib/paths.ts';

export { CSRF_COOKIE, CSRF_COOKIE_SECURE, CSRF_HEADER };
export const CSRF_ENDPOINT = '/api/csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The spec's generic failure message: status, colon, space, then the body text or the status text. */
export function httpErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** The `message` of an error body `{ "message": string }`, if the text is one. */
export function parseServerMessage(bodyText: string): string | undefined {
  if (!bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message.length > 0) return message;
    }
  } catch {
    // Not JSON (a proxy's HTML page, plain text): there is no server message.
  }
  return undefined;
}

/** A non-OK response. `message` follows the generic rule; `serverMessage` is the body's JSON message. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(httpErrorMessage(status, statusText, bodyText));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.serverMessage = parseServerMessage(bodyText);
  }
}

/** For calls where the spec shows "the server message": that message, else the given fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** Reads one cookie from a `document.cookie` style string. */
export function readCookieFrom(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

function browserCookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookieFrom(document.cookie, name);
}

export type JsonBody = Record<string, unknown> | readonly unknown[];

export interface RequestOptions<T> {
  /** JSON payload, or FormData for uploads (the browser sets the multipart boundary). */
  body?: JsonBody | FormData;
  /** 'throw' (the default) raises on 401; 'null' yields `null` instead (e.g. "who am I"). */
  on401?: 'throw' | 'null';
  /** Checks and types the response body; callers in lazy chunks pass a zod schema's `parse`. */
  parse?: (data: unknown) => T;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  /** Prefix of every path; empty for same-origin (the browser), an origin in tests. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  readCookie?: (name: string) => string | undefined;
  /**
   * Called when a signed-in-only path answers 401: the session ended (expired, revoked by a logout
   * elsewhere). Public paths such as login answer 401 for a wrong password and never call it.
   */
  onSessionEnded?: () => void;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body?: JsonBody | FormData, options?: RequestOptions<T>): Promise<T>;
  put<T>(path: string, body?: JsonBody | FormData, options?: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body?: JsonBody | FormData, options?: RequestOptions<T>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** A `fetch` with credentials and the CSRF header on unsafe methods (Apollo's HttpLink uses it). */
  fetchWithCsrf: typeof fetch;
  /** The CSRF token: the cookie, or fetched from the gateway when the cookie is missing. */
  csrfToken(): Promise<string>;
}

/** Whether a 403 is the gateway refusing the CSRF token (read from a copy, so the caller can still read the body). */
async function isCsrfRefusal(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && 'message' in body && body.message === GATEWAY_MESSAGES.csrfInvalid;
  } catch {
    return false;
  }
}

/** Whether a path needs a session: /graphql, and every /api route the route table does not mark public. */
export function isSignedInOnlyPath(path: string): boolean {
  const clean = path.split('?')[0] ?? path;
  if (clean === '/graphql') return true;
  if (clean === '/api/users/me') return false; // the start-up "who am I" question: 401 means "nobody"
  const route = findApiRoute(clean);
  return route !== undefined && route.public !== true;
}

/** Builds a client; the app uses `httpClient`, tests build one against a loopback server. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch: typeof fetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const readCookie = options.readCookie ?? browserCookie;
  // The token the gateway handed back, for when its cookie cannot be read (e.g. in tests).
  let issuedToken: string | undefined;
  let pendingToken: Promise<string> | undefined;

  async function fetchCsrfToken(): Promise<string> {
    const response = await doFetch(`${baseUrl}${CSRF_ENDPOINT}`, { credentials: 'include' });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, response.statusText, text);
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (typeof parsed === 'object' && parsed !== null && 'csrfToken' in parsed && typeof parsed.csrfToken === 'string') {
      issuedToken = parsed.csrfToken;
      return parsed.csrfToken;
    }
    throw new ApiError(response.status, response.statusText, 'CSRF token missing from response');
  }

  async function csrfToken(): Promise<string> {
    const fromCookie = readCookie(CSRF_COOKIE_SECURE) ?? readCookie(CSRF_COOKIE);
    if (fromCookie) return fromCookie;
    if (issuedToken) return issuedToken;
    // Concurrent first calls share one token request.
    pendingToken ??= fetchCsrfToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  const fetchWithCsrf: typeof fetch = async (input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    if (!SAFE_METHODS.has(method)) headers.set(CSRF_HEADER, await csrfToken());
    const url = typeof input === 'string' && input.startsWith('/') ? `${baseUrl}${input}` : input;
    let response = await doFetch(url, { ...init, method, headers, credentials: 'include' });
    // A token of a session that just ended (signed in or out in another tab): fetch the current one and try once more.
    if (response.status === 403 && !SAFE_METHODS.has(method) && (await isCsrfRefusal(response))) {
      issuedToken = undefined;
      headers.set(CSRF_HEADER, await fetchCsrfToken());
      response = await doFetch(url, { ...init, method, headers, credentials: 'include' });
    }
    if (response.status === 401 && typeof input === 'string' && isSignedInOnlyPath(input)) options.onSessionEnded?.();
    return response;
  };

  async function request<T>(method: string, path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const { body, on401 = 'throw', parse, signal } = requestOptions;
    const headers = new Headers({ Accept: 'application/json' });
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    const response = await fetchWithCsrf(path, { method, headers, body: payload, signal });
    if (response.status === 401 && on401 === 'null') {
      // Drain the body so the connection can be reused.
      await response.text();
      return null as T;
    }
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, response.statusText, text);
    const data: unknown = text ? JSON.parse(text) : undefined;
    return parse ? parse(data) : (data as T);
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    patch: (path, body, o) => request('PATCH', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
    fetchWithCsrf,
    csrfToken,
  };
}

/** The browser's client: same origin, the document's cookies. */
export const httpClient = createHttpClient({
  // Start afresh at sign-in: a full load also drops every cached answer of the previous session.
  onSessionEnded: () => {
    if (window.location.pathname !== PATHS.signup) window.location.assign(PATHS.signup);
  },
});

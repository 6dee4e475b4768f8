import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@story/proto';

export interface CookieOptions {
  secure: boolean;
}

function serialize(value: string, maxAgeSeconds: number, options: CookieOptions): string {
  // HttpOnly: scripts never see the token. SameSite=Lax: not sent on cross-site POSTs.
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Sets the session cookie (a JWT: only base64url characters and dots, so no encoding is needed). */
export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, options: CookieOptions): void {
  void reply.header('set-cookie', serialize(token, maxAgeSeconds, options));
}

/** Tells the browser to drop the session cookie. */
export function clearSessionCookie(reply: FastifyReply, options: CookieOptions): void {
  void reply.header('set-cookie', serialize('', 0, options));
}

/** The session cookie's value from the request, if any. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value.length > 0 && value.length <= 4096 ? value : undefined;
    }
  }
  return undefined;
}

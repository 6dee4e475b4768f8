import type { SessionUser } from '@story/proto';
import { httpClient, type HttpClient } from './http-client.ts';

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.email === 'string' && typeof v.isAdmin === 'boolean';
}

/** Reads a session user from `/api/users/me`, which answers with the user (or `{ user }`). */
export function toSessionUser(body: unknown): SessionUser | null {
  if (isSessionUser(body)) return body;
  if (typeof body === 'object' && body !== null && 'user' in body && isSessionUser(body.user)) return body.user;
  return null;
}

/** The signed-in user, or null when there is no session (401). */
export async function fetchCurrentUser(client: HttpClient = httpClient): Promise<SessionUser | null> {
  const body = await client.get<unknown>('/api/users/me', { on401: 'null' });
  return body === null ? null : toSessionUser(body);
}

/** Ends the session on the server (the gateway clears the cookie). */
export async function logout(client: HttpClient = httpClient): Promise<void> {
  await client.post<unknown>('/api/users/logout');
}

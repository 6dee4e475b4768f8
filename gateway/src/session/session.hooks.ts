import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GATEWAY_MESSAGES, SESSION_COOKIE } from '@story/proto';
import { HttpError, unauthorized } from '@story/service-kit/errors';
import type { SessionService, SessionState } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, once `loadSession` ran (API and GraphQL requests only). */
    gatewaySession: SessionState | null;
  }
}

export const SESSION_UNAVAILABLE_MESSAGE = GATEWAY_MESSAGES.sessionUnavailable;

/** Declares the per-request session slot; call once on the root instance. */
export function decorateSession(app: FastifyInstance): void {
  app.decorateRequest('gatewaySession', null);
}

/** Reads and checks the session cookie of a request. */
export async function loadSession(request: FastifyRequest, sessions: SessionService): Promise<SessionState> {
  const state = await sessions.resolve(request.cookies[SESSION_COOKIE]);
  request.gatewaySession = state;
  return state;
}

/** The signed identity token of a valid session; 401 without one, 503 when auth cannot say (fail closed). */
export function requireSession(state: SessionState): string {
  if (state.kind === 'valid') return state.identityToken;
  if (state.kind === 'unavailable') throw new HttpError(503, SESSION_UNAVAILABLE_MESSAGE);
  throw unauthorized();
}

/** The key a request counts against in per-user rate limits. */
export function rateLimitKeyOf(request: FastifyRequest): string {
  const state = request.gatewaySession;
  return state?.kind === 'valid' ? `user:${state.identity.userId}` : `ip:${request.ip}`;
}

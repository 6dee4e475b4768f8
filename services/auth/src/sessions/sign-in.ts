import type { FastifyReply } from 'fastify';
import type { AuthResponse } from '@story/proto';
import { presentAuthResponse } from '../accounts/user.presenter.ts';
import type { UserRecord } from '../accounts/user.repository.ts';
import { setSessionCookie, type CookieOptions } from './session-cookie.ts';
import type { SessionService } from './session.service.ts';

/** Opens a session for a user who just proved who they are, sets its cookie, and shapes the answer. */
export async function signIn(sessions: SessionService, cookie: CookieOptions, reply: FastifyReply, user: UserRecord, message: string): Promise<AuthResponse> {
  const session = await sessions.start(user);
  setSessionCookie(reply, session.token, session.maxAgeSeconds, cookie);
  return presentAuthResponse(message, user);
}

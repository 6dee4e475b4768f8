import { useState } from 'react';
import {
  ACCOUNT_MESSAGES,
  authConfigResponseSchema,
  authResponseSchema,
  checkEmailResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@story/proto';
import { ApiError, httpClient, serverMessageOr } from '../../../api/http-client.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import type { GoogleProfile } from '../lib/google-credential.ts';

/** Whether an account exists for the e-mail. Errors carry the server message or "Failed to check email". */
export async function checkEmail(email: string): Promise<boolean> {
  try {
    const body = await httpClient.get(`/api/users/check-email?email=${encodeURIComponent(email)}`, {
      parse: (data) => checkEmailResponseSchema.parse(data),
    });
    return body.exists;
  } catch (error) {
    throw new Error(serverMessageOr(error, ACCOUNT_MESSAGES.checkEmailFailed), { cause: error });
  }
}

/** Creates the account and its session. Errors carry the server message or "Failed to register user". */
export async function register(request: RegisterRequest): Promise<AuthResponse> {
  try {
    return await httpClient.post('/api/users/register', request, { parse: (data) => authResponseSchema.parse(data) });
  } catch (error) {
    throw new Error(serverMessageOr(error, ACCOUNT_MESSAGES.registerFailed), { cause: error });
  }
}

/** Starts a session. Errors carry the server message or "Invalid credentials". */
export async function login(request: LoginRequest): Promise<AuthResponse> {
  try {
    return await httpClient.post('/api/users/login', request, { parse: (data) => authResponseSchema.parse(data) });
  } catch (error) {
    throw new Error(serverMessageOr(error, ACCOUNT_MESSAGES.loginFailedToast), { cause: error });
  }
}

/** Signs in with a Google ID token; the server verifies it. A non-OK answer is "Failed to authenticate with backend". */
export async function googleAuth(credential: string, profile: GoogleProfile): Promise<AuthResponse> {
  try {
    return await httpClient.post('/api/users/google-auth', { credential, ...profile }, { parse: (data) => authResponseSchema.parse(data) });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(ACCOUNT_MESSAGES.googleBackendFailed, { cause: error });
    throw error;
  }
}

/** The Google client id, or null when Google sign-in is not configured (then the button is hidden). */
async function fetchGoogleClientId(): Promise<string | null> {
  const body = await httpClient.get('/api/auth/config', { parse: (data) => authConfigResponseSchema.parse(data) });
  // An empty id is as good as none.
  return body.googleClientId || null;
}

/** The Google client id, read once when the sign-up screen opens; null until then, and when Google sign-in is not configured. */
export function useGoogleClientId(): string | null {
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);
  useAsyncEffect(
    fetchGoogleClientId,
    {
      onSuccess: setGoogleClientId,
      // Without the configuration the Google button simply stays hidden.
      onError: (error) => console.error('Could not load the sign-in configuration', error),
    },
    [],
  );
  return googleClientId;
}

import type { SessionUser } from '@story/proto';

/** Where a signed-in person's app starts: /admin for admins, /welcome for everyone else (spec section 2). */
export function homePathFor(isAdmin: boolean): '/admin' | '/welcome' {
  return isAdmin ? '/admin' : '/welcome';
}

/** The start of the app for the person signed in now (or /welcome while unknown). */
export function homePath(user: Pick<SessionUser, 'isAdmin'> | null): '/admin' | '/welcome' {
  return homePathFor(user?.isAdmin ?? false);
}

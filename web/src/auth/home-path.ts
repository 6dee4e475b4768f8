import type { SessionUser } from '@story/proto';
import { PATHS } from '../lib/paths.ts';

/** Where a signed-in person's app starts: /admin for admins, /welcome for everyone else (spec section 2). */
export function homePathFor(isAdmin: boolean): typeof PATHS.admin | typeof PATHS.welcome {
  return isAdmin ? PATHS.admin : PATHS.welcome;
}

/** The start of the app for the person signed in now (or /welcome while unknown). */
export function homePath(user: Pick<SessionUser, 'isAdmin'> | null): typeof PATHS.admin | typeof PATHS.welcome {
  return homePathFor(user?.isAdmin ?? false);
}

import type { AdminUser, AuthResponse, SessionUser } from '@story/proto';
import type { UserRecord } from './user.repository.ts';

/** The signed-in user as the client sees it (never the password hash or Google id). */
export function presentSessionUser(user: UserRecord): SessionUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin, userType: user.userType };
}

/** Login, register and google-auth answers: `isAdmin` at the top level, as the spec reads it. */
export function presentAuthResponse(message: string, user: UserRecord): AuthResponse {
  return { message, isAdmin: user.isAdmin, user: presentSessionUser(user) };
}

/** A row of the admin's "Registered Users" table. */
export function presentAdminUser(user: UserRecord): AdminUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userType: user.userType,
    requestedPlan: user.requestedPlan,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

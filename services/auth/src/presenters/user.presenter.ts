import type { AdminUser, AuthResponse, ResponseType, SessionUser, UserTypeSetting } from '@story/proto';
import type { UserRecord, UserTypeSettingRecord } from '../repositories/user.repository.ts';

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
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A row of the admin's "User Type Settings" table. */
export function presentUserTypeSetting(setting: Pick<UserTypeSettingRecord, 'userType' | 'timeLimit' | 'responseType'>): UserTypeSetting {
  return { userType: setting.userType, timeLimit: setting.timeLimit, responseType: setting.responseType };
}

/** What `/api/user/time-limit` and `myRecordingSettings` answer: the caller's limit in seconds and reply type. */
export function presentRecordingSettings(settings: { timeLimit: number; responseType: ResponseType }): { timeLimit: number; responseType: ResponseType } {
  return { timeLimit: settings.timeLimit, responseType: settings.responseType };
}

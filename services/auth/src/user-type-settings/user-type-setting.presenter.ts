import type { ResponseType, UserTypeSetting } from '@story/proto';
import type { UserTypeSettingRecord } from './user-type-setting.repository.ts';

/** A row of the admin's "User Type Settings" table. */
export function presentUserTypeSetting(
  setting: Pick<UserTypeSettingRecord, 'userType' | 'timeLimit' | 'responseType' | 'monthlyMinutes' | 'features'>,
): UserTypeSetting {
  return {
    userType: setting.userType,
    timeLimit: setting.timeLimit,
    responseType: setting.responseType,
    monthlyMinutes: setting.monthlyMinutes,
    features: { ...setting.features },
  };
}

/** What `/api/user/time-limit` and `myRecordingSettings` answer: the caller's limit in seconds and reply type. */
export function presentRecordingSettings(settings: { timeLimit: number; responseType: ResponseType }): { timeLimit: number; responseType: ResponseType } {
  return { timeLimit: settings.timeLimit, responseType: settings.responseType };
}

import type { PlanFeatures, ResponseType, UserType } from '@story/proto';

export interface UserTypeSettingRecord {
  id: number;
  userType: UserType;
  /** Seconds. */
  timeLimit: number;
  responseType: ResponseType;
  /** Minutes of recording and transcription a month (issue 21). */
  monthlyMinutes: number;
  /** What the plan includes (issue 21). */
  features: PlanFeatures;
  createdAt: Date;
  updatedAt: Date;
}

/** What an admin's change of a user type sets (the service fills in what the request left out). */
export interface UserTypeSettingChange {
  timeLimit: number;
  responseType: ResponseType;
  monthlyMinutes: number;
  features: PlanFeatures;
}

/**
 * The per-user-type settings (seeded with 300 s, text, and each plan's default minutes and
 * features); both drivers pass `user-type-setting.repository.contract.ts`.
 */
export interface UserTypeSettingRepository {
  /** The settings of standard, plus and pro, in that order. */
  listUserTypeSettings(): Promise<UserTypeSettingRecord[]>;
  findUserTypeSetting(userType: UserType): Promise<UserTypeSettingRecord | undefined>;
  updateUserTypeSetting(userType: UserType, change: UserTypeSettingChange, at: Date): Promise<UserTypeSettingRecord>;
}

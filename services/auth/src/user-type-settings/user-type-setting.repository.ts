import type { ResponseType, UserType } from '@story/proto';

export interface UserTypeSettingRecord {
  id: number;
  userType: UserType;
  /** Seconds. */
  timeLimit: number;
  responseType: ResponseType;
  createdAt: Date;
  updatedAt: Date;
}

/** The per-user-type settings (seeded with 300 s and text); both drivers pass `user-type-setting.repository.contract.ts`. */
export interface UserTypeSettingRepository {
  /** The settings of standard, plus and pro, in that order. */
  listUserTypeSettings(): Promise<UserTypeSettingRecord[]>;
  findUserTypeSetting(userType: UserType): Promise<UserTypeSettingRecord | undefined>;
  updateUserTypeSetting(userType: UserType, change: { timeLimit: number; responseType: ResponseType }, at: Date): Promise<UserTypeSettingRecord>;
}

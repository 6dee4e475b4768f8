import { DEFAULT_TIME_LIMIT_SECONDS, type ResponseType, type UpdateUserTypeSettingRequest, type UserType } from '@story/proto';
import type { UserRepository } from '../accounts/user.repository.ts';
import type { UserTypeSettingRecord, UserTypeSettingRepository } from './user-type-setting.repository.ts';

export interface RecordingSettings {
  userType: UserType;
  /** Seconds. */
  timeLimit: number;
  responseType: ResponseType;
}

/** Per-user-type recording limits and reply types, and what they mean for one user. */
export class UserTypeSettingsService {
  constructor(
    private readonly settings: UserTypeSettingRepository,
    private readonly users: UserRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** standard, plus and pro, in that order. */
  list(): Promise<UserTypeSettingRecord[]> {
    return this.settings.listUserTypeSettings();
  }

  /** Changes one type; users of that type see it on their next request (nothing is cached). */
  update(userType: UserType, change: UpdateUserTypeSettingRequest): Promise<UserTypeSettingRecord> {
    // Whole seconds: recorders count in seconds and the GraphQL field is an Int.
    return this.settings.updateUserTypeSetting(userType, { timeLimit: Math.round(change.timeLimit), responseType: change.responseType }, this.clock());
  }

  /** A user's settings through their user type; undefined when the user does not exist. */
  async forUser(userId: number): Promise<RecordingSettings | undefined> {
    const user = await this.users.findUserById(userId);
    if (!user) return undefined;
    const setting = await this.settings.findUserTypeSetting(user.userType);
    return {
      userType: user.userType,
      timeLimit: setting?.timeLimit ?? DEFAULT_TIME_LIMIT_SECONDS,
      responseType: setting?.responseType ?? 'text',
    };
  }
}

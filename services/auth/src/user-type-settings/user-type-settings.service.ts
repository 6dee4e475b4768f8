import {
  DEFAULT_MONTHLY_MINUTES,
  DEFAULT_PLAN_FEATURES,
  DEFAULT_RESPONSE_TYPES,
  DEFAULT_TIME_LIMIT_SECONDS,
  voiceSettingConflict,
  withVoiceRepliesOf,
  type PlanFeatures,
  type ResponseType,
  type UpdateUserTypeSettingRequest,
  type UserType,
} from '@story/proto';
import { badRequest } from '@story/service-kit';
import type { UserRepository } from '../accounts/user.repository.ts';
import type { UserTypeSettingRecord, UserTypeSettingRepository } from './user-type-setting.repository.ts';

export interface RecordingSettings {
  userType: UserType;
  /** Seconds. */
  timeLimit: number;
  responseType: ResponseType;
  /** The plan's minutes a month and what it includes (issue 21). */
  monthlyMinutes: number;
  features: PlanFeatures;
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

  /**
   * Changes one type; monthly minutes and features the request leaves out stay as they are. The reply
   * type decides whether replies are spoken, AI voice replies included (issue 39, 4): a request that
   * also names that feature must agree with it (400 otherwise). Users of that type see it on their next
   * request here; other services cache a plan for at most a minute.
   */
  async update(userType: UserType, change: UpdateUserTypeSettingRequest): Promise<UserTypeSettingRecord> {
    const disagreement = voiceSettingConflict(change);
    if (disagreement) throw badRequest(disagreement);
    const current = await this.settings.findUserTypeSetting(userType);
    const features = withVoiceRepliesOf({ ...(current?.features ?? DEFAULT_PLAN_FEATURES[userType]), ...change.features }, change.responseType);
    return this.settings.updateUserTypeSetting(
      userType,
      {
        // Whole seconds: recorders count in seconds and the GraphQL field is an Int.
        timeLimit: Math.round(change.timeLimit),
        responseType: change.responseType,
        monthlyMinutes: change.monthlyMinutes ?? current?.monthlyMinutes ?? DEFAULT_MONTHLY_MINUTES[userType],
        features,
      },
      this.clock(),
    );
  }

  /** A user's settings through their user type; undefined when the user does not exist. */
  async forUser(userId: number): Promise<RecordingSettings | undefined> {
    const user = await this.users.findUserById(userId);
    if (!user) return undefined;
    const setting = await this.settings.findUserTypeSetting(user.userType);
    return {
      userType: user.userType,
      timeLimit: setting?.timeLimit ?? DEFAULT_TIME_LIMIT_SECONDS,
      responseType: setting?.responseType ?? DEFAULT_RESPONSE_TYPES[user.userType],
      monthlyMinutes: setting?.monthlyMinutes ?? DEFAULT_MONTHLY_MINUTES[user.userType],
      features: setting?.features ?? DEFAULT_PLAN_FEATURES[user.userType],
    };
  }
}

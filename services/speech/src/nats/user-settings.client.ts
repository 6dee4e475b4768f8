import { SUBJECTS, serviceUnavailableMessage, userSettingsReplySchema, type PlanFeatures, type ResponseType, type UserType } from '@story/proto';
import { HttpError, type NatsLink } from '@story/service-kit';
import { ask } from '@story/service-kit';

const TIMEOUT_MS = 3000;

export interface VoiceSettings {
  /** Seconds a recording may last. */
  timeLimit: number;
  responseType: ResponseType;
  /** The person's plan, its minutes a month and what it includes (issue 21). */
  userType: UserType;
  monthlyMinutes: number;
  features: PlanFeatures;
  /** Every plan's features (for naming the plan that has a feature). */
  plans?: { userType: UserType; features: PlanFeatures }[] | undefined;
}

/**
 * Asks auth (NATS request/reply) for a user's time limit, response type and plan: this service keeps
 * no user data. Never cached: a recording is checked against the plan as it is now.
 */
export class UserSettingsClient {
  constructor(private readonly nats: NatsLink) {}

  async settingsOf(userId: number): Promise<VoiceSettings> {
    const reply = userSettingsReplySchema.safeParse(await ask(this.nats, 'auth', SUBJECTS.userSettings, { userId }, TIMEOUT_MS));
    if (!reply.success) throw new HttpError(503, serviceUnavailableMessage('auth'));
    if (!reply.data.ok) throw new HttpError(404, reply.data.message);
    const { timeLimit, responseType, userType, monthlyMinutes, features, plans } = reply.data;
    return { timeLimit, responseType, userType, monthlyMinutes, features, plans };
  }
}

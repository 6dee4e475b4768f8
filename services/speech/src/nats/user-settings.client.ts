import { SUBJECTS, serviceUnavailableMessage, userSettingsReplySchema, type ResponseType } from '@story/proto';
import { HttpError, type NatsLink } from '@story/service-kit';
import { ask } from './asker.ts';

const TIMEOUT_MS = 3000;

export interface VoiceSettings {
  /** Seconds a recording may last. */
  timeLimit: number;
  responseType: ResponseType;
}

/** Asks auth (NATS request/reply) for a user's time limit and response type: this service keeps no user data. */
export class UserSettingsClient {
  constructor(private readonly nats: NatsLink) {}

  async settingsOf(userId: number): Promise<VoiceSettings> {
    const reply = userSettingsReplySchema.safeParse(await ask(this.nats, 'auth', SUBJECTS.userSettings, { userId }, TIMEOUT_MS));
    if (!reply.success) throw new HttpError(503, serviceUnavailableMessage('auth'));
    if (!reply.data.ok) throw new HttpError(404, reply.data.message);
    return { timeLimit: reply.data.timeLimit, responseType: reply.data.responseType };
  }
}

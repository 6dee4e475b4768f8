import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES } from '@story/proto';
import { openSqliteAuthStorage, type AuthStorage } from '../storage/auth-storage.ts';
import { UserTypeSettingsService } from './user-type-settings.service.ts';

const AT = new Date('2030-01-01T00:00:00.000Z');

/** UserTypeSettingsService on a real SQLite store with a fixed clock. */
describe('UserTypeSettingsService', () => {
  let storage: AuthStorage;
  let settings: UserTypeSettingsService;

  beforeEach(() => {
    storage = openSqliteAuthStorage(':memory:');
    settings = new UserTypeSettingsService(storage.settings, storage.users, () => AT);
  });

  it('rounds a time limit to whole seconds and stamps the change with the clock', async () => {
    const updated = await settings.update('plus', { timeLimit: 90.6, responseType: 'text_and_voice' });
    expect(updated).toMatchObject({ userType: 'plus', timeLimit: 91, responseType: 'text_and_voice', updatedAt: AT });
    expect((await settings.list()).map((s) => s.userType)).toEqual(['standard', 'plus', 'pro']);
  });

  it('gives a user the settings of their type, and nothing for an unknown user', async () => {
    const user = await storage.users.createUser(
      { email: 'pro@gmail.com', firstName: 'P', lastName: 'R', passwordHash: null, googleId: null, isAdmin: false, authProvider: 'email', userType: 'pro' },
      AT,
    );
    await settings.update('pro', { timeLimit: 600, responseType: 'text_and_voice' });
    expect(await settings.forUser(user.id)).toEqual({
      userType: 'pro',
      timeLimit: 600,
      responseType: 'text_and_voice',
      monthlyMinutes: 1500,
      features: DEFAULT_PLAN_FEATURES.pro,
    });
    expect(await settings.forUser(987_654)).toBeUndefined();
  });

  it('keeps monthly minutes and features a change leaves out, and switches only the named features (issue 21)', async () => {
    await settings.update('plus', { timeLimit: 300, responseType: 'text', monthlyMinutes: 42.5, features: { mockInterviews: true } });
    const kept = await settings.update('plus', { timeLimit: 60, responseType: 'text' });
    // Text replies: AI voice replies are out of the plan too (issue 39, 4).
    expect(kept).toMatchObject({ timeLimit: 60, monthlyMinutes: 42.5, features: { ...DEFAULT_PLAN_FEATURES.plus, mockInterviews: true, voiceReplies: false } });
    const off = await settings.update('plus', { timeLimit: 60, responseType: 'text', features: { resume: false } });
    expect(off.features).toEqual({ ...DEFAULT_PLAN_FEATURES.plus, mockInterviews: true, resume: false, voiceReplies: false });
    expect((await storage.settings.findUserTypeSetting('pro'))?.monthlyMinutes).toBe(1500);
  });
});

/** Issue 39, 4: one setting decides whether replies are spoken, the reply type; AI voice replies is that setting as a feature. */
describe('one voice setting', () => {
  let storage: AuthStorage;
  let settings: UserTypeSettingsService;

  beforeEach(() => {
    storage = openSqliteAuthStorage(':memory:');
    settings = new UserTypeSettingsService(storage.settings, storage.users, () => AT);
  });

  it('follows the pricing copy by default: Starter text only, Essentials and Pro text and voice', async () => {
    const seeded = await settings.list();
    expect(seeded.map((s) => [s.userType, s.responseType, s.features.voiceReplies])).toEqual([
      ['standard', 'text', false],
      ['plus', 'text_and_voice', true],
      ['pro', 'text_and_voice', true],
    ]);
    const starter = await storage.users.createUser(
      { email: 'sam@gmail.com', firstName: 'S', lastName: 'T', passwordHash: null, googleId: null, isAdmin: false, authProvider: 'email' },
      AT,
    );
    expect(await settings.forUser(starter.id)).toMatchObject({ responseType: 'text', features: { voiceReplies: false } });
  });

  it('switches the feature with the reply type, and the reply type with the feature, in agreement', async () => {
    const spoken = await settings.update('standard', { timeLimit: 300, responseType: 'text_and_voice' });
    expect(spoken.features.voiceReplies).toBe(true);
    const byFeature = await settings.update('pro', { timeLimit: 300, responseType: 'text', features: { voiceReplies: false } });
    expect(byFeature).toMatchObject({ responseType: 'text', features: { voiceReplies: false } });
    expect(await storage.settings.findUserTypeSetting('pro')).toMatchObject({ responseType: 'text', features: { voiceReplies: false } });
  });

  it('refuses a change whose reply type and feature disagree with 400, changing nothing', async () => {
    for (const [responseType, voiceReplies] of [
      ['text', true],
      ['text_and_voice', false],
    ] as const) {
      const refused = await settings.update('plus', { timeLimit: 60, responseType, features: { voiceReplies } }).catch((error: unknown) => error);
      expect(refused).toMatchObject({
        statusCode: 400,
        message: `features.voiceReplies ${voiceReplies} disagrees with responseType ${responseType}: replies are spoken exactly when responseType is text_and_voice`,
      });
    }
    expect(await storage.settings.findUserTypeSetting('plus')).toMatchObject({
      timeLimit: 300,
      responseType: 'text_and_voice',
      features: { voiceReplies: true },
    });
  });
});

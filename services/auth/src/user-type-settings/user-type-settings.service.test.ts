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
    expect(kept).toMatchObject({ timeLimit: 60, monthlyMinutes: 42.5, features: { ...DEFAULT_PLAN_FEATURES.plus, mockInterviews: true } });
    const off = await settings.update('plus', { timeLimit: 60, responseType: 'text', features: { resume: false } });
    expect(off.features).toEqual({ ...DEFAULT_PLAN_FEATURES.plus, mockInterviews: true, resume: false });
    expect((await storage.settings.findUserTypeSetting('pro'))?.monthlyMinutes).toBe(1500);
  });
});

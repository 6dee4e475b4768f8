import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES } from '@story/proto';
import { userTypeSettingChange } from '@story/testing/fixtures/accounts';
import { at, type AuthStoreUnderTest } from '../accounts/user.repository.contract.ts';
import type { UserTypeSettingRepository } from './user-type-setting.repository.ts';

/** The behaviour every UserTypeSettingRepository driver must have; `open` gives a fresh store (seeded) for each test. */
export function describeUserTypeSettingRepositoryContract(name: string, open: () => Promise<AuthStoreUnderTest>): void {
  describe(`UserTypeSettingRepository contract: ${name}`, () => {
    let subject: AuthStoreUnderTest;
    let repo: UserTypeSettingRepository;

    beforeEach(async () => {
      subject = await open();
      repo = subject.storage.settings;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it('seeds standard, plus and pro with 300 seconds, and text replies for standard, spoken as well for plus and pro (issue 39)', async () => {
      const settings = await repo.listUserTypeSettings();
      expect(settings.map((s) => [s.userType, s.timeLimit, s.responseType])).toEqual([
        ['standard', 300, 'text'],
        ['plus', 300, 'text_and_voice'],
        ['pro', 300, 'text_and_voice'],
      ]);
      for (const setting of settings) {
        expect(Number.isSafeInteger(setting.id)).toBe(true);
        expect(setting.createdAt).toBeInstanceOf(Date);
      }
    });
    it('seeds each plan with its monthly minutes and features (issue 21)', async () => {
      const settings = await repo.listUserTypeSettings();
      expect(settings.map((s) => [s.userType, s.monthlyMinutes])).toEqual([
        ['standard', 120],
        ['plus', 600],
        ['pro', 1500],
      ]);
      expect(settings[0]?.features).toMatchObject({ interviewPractice: true, answerFeedback: true, voiceReplies: false, resume: false, mockInterviews: false });
      expect(settings[1]?.features).toMatchObject({ voiceReplies: true, resume: true, mockInterviews: false, pdfExport: false, publicProfile: false });
      expect(settings[2]?.features).toEqual(DEFAULT_PLAN_FEATURES.pro);
    });
    it('updates one user type setting and leaves the others alone', async () => {
      const before = await repo.findUserTypeSetting('plus');
      const features = { ...DEFAULT_PLAN_FEATURES.plus, mockInterviews: true, voiceReplies: false };
      const change = userTypeSettingChange('plus', { timeLimit: 450, responseType: 'text', monthlyMinutes: 0.5, features });
      const updated = await repo.updateUserTypeSetting('plus', change, at('2030-01-01T00:00:00.000Z'));
      expect(updated).toMatchObject({ userType: 'plus', timeLimit: 450, responseType: 'text', monthlyMinutes: 0.5, features });
      expect((await repo.findUserTypeSetting('standard'))?.features).toEqual(DEFAULT_PLAN_FEATURES.standard);
      expect(updated.id).toBe(before?.id);
      expect(updated.updatedAt).toEqual(at('2030-01-01T00:00:00.000Z'));
      expect(await repo.findUserTypeSetting('plus')).toEqual(updated);
      expect((await repo.listUserTypeSettings()).map((s) => [s.userType, s.timeLimit, s.responseType])).toEqual([
        ['standard', 300, 'text'],
        ['plus', 450, 'text'],
        ['pro', 300, 'text_and_voice'],
      ]);
    });

    it('keeps AI voice replies as the reply type alone: a stored feature never says otherwise (issue 39, 4)', async () => {
      // Whatever a change carries as the feature, the reply type is what is stored and read back.
      const told = { ...DEFAULT_PLAN_FEATURES.standard, voiceReplies: false };
      const spoken = await repo.updateUserTypeSetting(
        'standard',
        { timeLimit: 300, responseType: 'text_and_voice', monthlyMinutes: 120, features: told },
        at('2030-01-01T00:00:00.000Z'),
      );
      expect(spoken.features.voiceReplies).toBe(true);
      expect((await repo.findUserTypeSetting('standard'))?.features.voiceReplies).toBe(true);
      const quiet = await repo.updateUserTypeSetting(
        'standard',
        { timeLimit: 300, responseType: 'text', monthlyMinutes: 120, features: { ...told, voiceReplies: true } },
        at('2030-01-02T00:00:00.000Z'),
      );
      expect(quiet.features.voiceReplies).toBe(false);
      expect((await repo.findUserTypeSetting('standard'))?.features).toEqual(DEFAULT_PLAN_FEATURES.standard);
    });
  });
}

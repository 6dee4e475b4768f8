import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import { at, newUser, type AuthStoreUnderTest } from '../accounts/user.repository.contract.ts';
import { OpenPlanRequestError, type PlanRequestRepository } from './plan-request.repository.ts';

/** The behaviour every PlanRequestRepository driver must have (issue 39); `open` gives a fresh, empty store for each test. */
export function describePlanRequestRepositoryContract(name: string, open: () => Promise<AuthStoreUnderTest>): void {
  describe(`PlanRequestRepository contract: ${name}`, () => {
    let subject: AuthStoreUnderTest;
    let repo: PlanRequestRepository;
    let ada: number;
    let bob: number;

    beforeEach(async () => {
      subject = await open();
      repo = subject.storage.planRequests;
      ada = (await subject.storage.users.createUser(newUser(), at('2024-01-01T10:00:00.000Z'))).id;
      bob = (await subject.storage.users.createUser(newUser({ email: 'bob@gmail.com' }), at('2024-01-01T10:00:00.000Z'))).id;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it('opens a request and reads every field back', async () => {
      const opened = await repo.open({ userId: ada, userType: 'pro', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z'));
      expect(opened).toEqual({
        id: opened.id,
        userId: ada,
        userType: 'pro',
        fromUserType: 'standard',
        status: 'open',
        createdAt: at('2024-02-01T09:00:00.000Z'),
        decidedAt: null,
        decidedBy: null,
        toldAt: null,
      });
      expect(Number.isSafeInteger(opened.id) && opened.id > 0).toBe(true);
      expect(await repo.findById(opened.id)).toEqual(opened);
      expect(await repo.findOpen(ada)).toEqual(opened);
      expect(await repo.findOpen(bob)).toBeUndefined();
      expect(await repo.findById(999_999)).toBeUndefined();
    });

    it('keeps one open request per person, even when two are opened at once', async () => {
      const results = await Promise.allSettled([
        repo.open({ userId: ada, userType: 'pro', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z')),
        repo.open({ userId: ada, userType: 'plus', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z')),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(OpenPlanRequestError);
      await expect(repo.open({ userId: ada, userType: 'plus', fromUserType: 'standard' }, at('2024-02-02T09:00:00.000Z'))).rejects.toBeInstanceOf(
        OpenPlanRequestError,
      );
      // Another person's request is theirs.
      expect((await repo.open({ userId: bob, userType: 'plus', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z'))).status).toBe('open');
      expect(await repo.listOpen()).toHaveLength(2);
    });

    it('shows the open request as the account’s requested plan, and none once it is closed', async () => {
      const opened = await repo.open({ userId: ada, userType: 'plus', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z'));
      expect((await subject.storage.users.findUserById(ada))?.requestedPlan).toBe('plus');
      expect((await subject.storage.users.findUserById(bob))?.requestedPlan).toBeNull();
      await repo.decide(opened.id, { status: 'refused', at: at('2024-02-02T09:00:00.000Z'), decidedBy: bob, told: false });
      expect((await subject.storage.users.findUserById(ada))?.requestedPlan).toBeNull();
    });

    it('closes an open request once, and lets the person open another afterwards', async () => {
      const opened = await repo.open({ userId: ada, userType: 'pro', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z'));
      const granted = await repo.decide(opened.id, { status: 'granted', at: at('2024-02-02T09:00:00.000Z'), decidedBy: bob, told: false });
      expect(granted).toEqual({ ...opened, status: 'granted', decidedAt: at('2024-02-02T09:00:00.000Z'), decidedBy: bob, toldAt: null });
      // A second answer finds it closed: the first one stands.
      expect(await repo.decide(opened.id, { status: 'refused', at: at('2024-02-03T09:00:00.000Z'), decidedBy: bob, told: false })).toBeUndefined();
      expect((await repo.findById(opened.id))?.status).toBe('granted');
      expect(await repo.findOpen(ada)).toBeUndefined();
      const next = await repo.open({ userId: ada, userType: 'standard', fromUserType: 'pro' }, at('2024-03-01T09:00:00.000Z'));
      const withdrawn = await repo.decide(next.id, { status: 'withdrawn', at: at('2024-03-02T09:00:00.000Z'), decidedBy: null, told: true });
      expect(withdrawn).toMatchObject({ status: 'withdrawn', decidedBy: null, toldAt: at('2024-03-02T09:00:00.000Z') });
      expect(await repo.decide(999_999, { status: 'granted', at: at('2024-03-02T09:00:00.000Z'), decidedBy: bob, told: false })).toBeUndefined();
    });

    it('finds the newest answer the person was not told of, and marks it and the older ones told', async () => {
      const first = await repo.open({ userId: ada, userType: 'pro', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z'));
      await repo.decide(first.id, { status: 'refused', at: at('2024-02-02T09:00:00.000Z'), decidedBy: bob, told: false });
      const second = await repo.open({ userId: ada, userType: 'plus', fromUserType: 'standard' }, at('2024-02-03T09:00:00.000Z'));
      expect((await repo.findUntold(ada))?.id).toBe(first.id);
      await repo.decide(second.id, { status: 'granted', at: at('2024-02-04T09:00:00.000Z'), decidedBy: bob, told: false });
      expect((await repo.findUntold(ada))?.id).toBe(second.id);
      expect(await repo.findUntold(bob)).toBeUndefined();

      // Not another person's, not an open one, not an unknown one.
      expect(await repo.markTold(second.id, bob, at('2024-02-05T09:00:00.000Z'))).toBeUndefined();
      const open = await repo.open({ userId: bob, userType: 'pro', fromUserType: 'standard' }, at('2024-02-05T09:00:00.000Z'));
      expect(await repo.markTold(open.id, bob, at('2024-02-05T09:00:00.000Z'))).toBeUndefined();
      expect(await repo.markTold(999_999, ada, at('2024-02-05T09:00:00.000Z'))).toBeUndefined();
      expect((await repo.findUntold(ada))?.id).toBe(second.id);

      const told = await repo.markTold(second.id, ada, at('2024-02-05T10:00:00.000Z'));
      expect(told).toMatchObject({ id: second.id, toldAt: at('2024-02-05T10:00:00.000Z') });
      expect(await repo.findUntold(ada)).toBeUndefined();
      expect((await repo.findById(first.id))?.toldAt).toEqual(at('2024-02-05T10:00:00.000Z'));
      // Told again: the first time stays.
      expect((await repo.markTold(second.id, ada, at('2024-02-06T10:00:00.000Z')))?.toldAt).toEqual(at('2024-02-05T10:00:00.000Z'));
    });

    it('lists open requests oldest first, and a person’s requests newest first', async () => {
      const late = await repo.open({ userId: ada, userType: 'pro', fromUserType: 'standard' }, at('2024-02-02T09:00:00.000Z'));
      const early = await repo.open({ userId: bob, userType: 'plus', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z'));
      expect((await repo.listOpen()).map((request) => request.id)).toEqual([early.id, late.id]);
      await repo.decide(late.id, { status: 'granted', at: at('2024-02-03T09:00:00.000Z'), decidedBy: bob, told: false });
      expect((await repo.listOpen()).map((request) => request.id)).toEqual([early.id]);
      const again = await repo.open({ userId: ada, userType: 'standard', fromUserType: 'pro' }, at('2024-02-04T09:00:00.000Z'));
      expect((await repo.listForUser(ada)).map((request) => request.id)).toEqual([again.id, late.id]);
      expect(await repo.listForUser(999_999)).toEqual([]);
    });

    it('forgets a person’s requests with their account', async () => {
      await repo.open({ userId: ada, userType: 'pro', fromUserType: 'standard' }, at('2024-02-01T09:00:00.000Z'));
      await subject.storage.accountDeletions.deleteAccount(ada, {
        subject: EVENT_SUBJECTS.userDeleted,
        payload: { userId: ada, at: '2024-02-02T09:00:00.000Z' },
      });
      expect(await repo.listForUser(ada)).toEqual([]);
      expect(await repo.listOpen()).toEqual([]);
    });
  });
}

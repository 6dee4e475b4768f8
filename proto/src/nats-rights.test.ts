import { describe, expect, it } from 'vitest';
import { EVENT_OWNERS, GATEWAY_NATS_RIGHTS, GATEWAY_NATS_USER, SERVICE_NATS_RIGHTS, natsInboxPrefix, subjectMatches, type NatsRights } from './nats-rights.ts';
import { NATS_USERS, SERVICE_REGISTRY } from './services.ts';
import { EVENT_SUBJECTS, SUBJECTS } from './subjects.ts';
import { MOCK_SUBJECTS } from './mock-interview-subjects.ts';

/** Every user whose rights are written, deployed or planned. */
const EVERY_USER: [string, NatsRights][] = [...Object.entries(SERVICE_NATS_RIGHTS), [GATEWAY_NATS_USER, GATEWAY_NATS_RIGHTS]];
const mayPublish = (rights: NatsRights, subject: string) => rights.publish.some((pattern) => subjectMatches(pattern, subject));
const maySubscribe = (rights: NatsRights, subject: string) => rights.subscribe.some((pattern) => subjectMatches(pattern, subject));
const usersWho = (allowed: (rights: NatsRights) => boolean) =>
  EVERY_USER.filter(([, rights]) => allowed(rights))
    .map(([user]) => user)
    .sort();

describe('subject patterns', () => {
  it('match as NATS matches them', () => {
    expect(subjectMatches('events.thread.>', 'events.thread.deleted')).toBe(true);
    expect(subjectMatches('events.thread.>', 'events.thread')).toBe(false);
    expect(subjectMatches('auth.*.check', 'auth.session.check')).toBe(true);
    expect(subjectMatches('auth.*.check', 'auth.session.check.x')).toBe(false);
    expect(subjectMatches('auth.session.check', 'auth.session.checks')).toBe(false);
  });
});

describe('NATS rights', () => {
  it('give every registered service its own rights, and make a user of each plus the gateway', () => {
    for (const service of SERVICE_REGISTRY) expect(service.nats, service.name).toBe(SERVICE_NATS_RIGHTS[service.name]);
    expect(NATS_USERS.map((u) => u.user)).toEqual([...SERVICE_REGISTRY.map((s) => s.name), GATEWAY_NATS_USER]);
  });

  it('let only auth hear and answer auth’s questions and announce revocations; the gateway hears them', () => {
    for (const subject of [SUBJECTS.sessionCheck, SUBJECTS.userSettings])
      expect(
        usersWho((r) => maySubscribe(r, subject)),
        subject,
      ).toEqual(['auth']);
    expect(usersWho((r) => mayPublish(r, SUBJECTS.sessionRevoked))).toEqual(['auth']);
    expect(usersWho((r) => maySubscribe(r, SUBJECTS.sessionRevoked))).toEqual([GATEWAY_NATS_USER]);
    expect(usersWho((r) => mayPublish(r, SUBJECTS.sessionCheck))).toEqual([GATEWAY_NATS_USER]);
    expect(usersWho((r) => r.subscribe.some((pattern) => pattern.startsWith('auth.') && pattern !== SUBJECTS.sessionRevoked))).toEqual(['auth']);
  });

  it('let exactly one service serve each request subject, and only services that answer have allow_responses', () => {
    const owners: Record<string, string> = {
      [SUBJECTS.sessionCheck]: 'auth',
      [SUBJECTS.userSettings]: 'auth',
      [SUBJECTS.snippetOwner]: 'jobs',
      [SUBJECTS.speechTranscribe]: 'speech',
      [SUBJECTS.speechSynthesize]: 'speech',
      [SUBJECTS.chatReply]: 'conversations',
      [SUBJECTS.chatOpening]: 'conversations',
      [SUBJECTS.storiesMatch]: 'search',
      [SUBJECTS.resumeContext]: 'profile',
      [SUBJECTS.resumeThreadLink]: 'profile',
      [MOCK_SUBJECTS.jobRequirements]: 'jobs',
      [MOCK_SUBJECTS.resumeLines]: 'profile',
      [MOCK_SUBJECTS.mockAnswer]: 'feedback',
      [MOCK_SUBJECTS.mockLine]: 'feedback',
    };
    for (const [subject, owner] of Object.entries(owners))
      expect(
        usersWho((r) => maySubscribe(r, subject)),
        subject,
      ).toEqual([owner]);
    expect(usersWho((r) => r.respond)).toEqual([...new Set(Object.values(owners))].sort());
  });

  it('let each event be published by the owner of its subjects alone', () => {
    for (const subject of Object.values(EVENT_SUBJECTS)) {
      const owner = Object.entries(EVENT_OWNERS).find(([, patterns]) => patterns.some((pattern) => subjectMatches(pattern, subject)))?.[0];
      expect(owner, subject).toBeDefined();
      expect(
        usersWho((r) => mayPublish(r, subject)),
        subject,
      ).toEqual([owner]);
    }
    for (const [user, rights] of EVERY_USER) {
      const own: readonly string[] = Object.entries(EVENT_OWNERS).find(([owner]) => owner === user)?.[1] ?? [];
      expect(
        rights.publish.filter((pattern) => pattern.startsWith('events.')),
        user,
      ).toEqual(own);
    }
  });

  it('let each user read replies under its own inbox prefix only, and publish to no inbox', () => {
    for (const [user, rights] of EVERY_USER) {
      expect(
        rights.subscribe.filter((pattern) => pattern.startsWith('_INBOX')),
        user,
      ).toEqual([`${natsInboxPrefix(user)}.>`]);
      expect(
        rights.publish.filter((pattern) => pattern.startsWith('_INBOX')),
        user,
      ).toEqual([]);
    }
  });

  it('never grant the JetStream API wholesale: every grant names its stream or is the account info', () => {
    for (const [user, rights] of EVERY_USER) {
      for (const pattern of rights.publish.filter((p) => p.startsWith('$JS.'))) {
        expect(pattern, user).toMatch(
          /^\$JS\.(API\.INFO|API\.(STREAM|CONSUMER|DIRECT)\.[A-Z.]+\.(EVENTS|KV_\w+|OBJ_\w+)(\.[\w-]+)*(\.>)?|ACK\.EVENTS\.[\w-]+\.>|FC\.OBJ_\w+\.>)$/,
        );
        expect(pattern, user).not.toMatch(/\.(DELETE|PURGE|UPDATE)\.EVENTS/);
      }
    }
  });
});

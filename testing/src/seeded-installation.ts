import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_PLAN_FEATURES, EVENT_SUBJECTS } from '@story/proto';
import { sqliteFile } from '@story/service-kit';
import { openSqliteAuthStorage } from '../../services/auth/src/storage/auth-storage.ts';
import { openSqliteConversationsStorage } from '../../services/conversations/src/storage/conversations-storage.ts';
import { openSqliteFeedbackStorage } from '../../services/feedback/src/storage/feedback-storage.ts';
import { openSqliteJobsStorage } from '../../services/jobs/src/storage/jobs-storage.ts';
import { openSqliteProfileStorage } from '../../services/profile/src/storage/profile-storage.ts';
import { EMBEDDING_DIMENSIONS } from '../../services/search/src/embedding/embedder.ts';
import { openSqliteSearchStorage } from '../../services/search/src/storage/search-storage.ts';
import { EmbeddedVectorStore } from '../../services/search/src/vectors/embedded-vector.store.ts';
import { openSqliteSpeechStorage } from '../../services/speech/src/storage/speech-storage.ts';
import { newSession, newUser, userTypeSettingChange } from './fixtures/accounts.ts';
import { feedbackRecord } from './fixtures/answer-feedback.ts';
import { newJobDescription, newSnippet } from './fixtures/job-descriptions.ts';
import { plannedInterview } from './fixtures/mock-interviews.ts';
import { profileContent } from './fixtures/public-profiles.ts';
import { resumeContent } from './fixtures/resumes.ts';
import { snippetExchange } from './fixtures/snippet-conversations.ts';
import { savedStory, storyVersion } from './fixtures/stories.ts';
import { newMessage, spokenReply } from './fixtures/threads.ts';
import { recordingCount } from './fixtures/usage.ts';
import { seededVector, storyVector } from './fixtures/vectors.ts';

// A one-machine installation written through every service's repositories, as the services write
// it, its records built by the fixtures of each aggregate (./fixtures/): for the migration's tests
// and for measuring its copy rate (bench/migrate.bench.ts).

export interface InstallationSize {
  people: number;
  /** Saved messages per person, in one thread each (every third with a spoken reply). */
  messagesPerPerson: number;
}

const T0 = Date.parse('2026-10-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
/** The sha-256 of a made-up recording's bytes, as the speech front ties a recording id to its audio. */
const audioHash = (bytes: string) => createHash('sha256').update(bytes).digest('hex');

async function seedAuth(dataDir: string, size: InstallationSize): Promise<number[]> {
  const auth = openSqliteAuthStorage(sqliteFile(dataDir, 'auth'));
  const ids: number[] = [];
  for (let n = 0; n < size.people; n++) {
    // Every other person signed up with Google, the first is an admin.
    const google = n % 2 === 0;
    const user = await auth.users.createUser(
      newUser({
        email: `Person${n}@Example.com`,
        firstName: `Ada${n}`,
        lastName: 'Park',
        passwordHash: google ? null : `hash-${n}`,
        googleId: google ? `g-${n}` : null,
        isAdmin: n === 0,
        authProvider: google ? 'google' : 'email',
      }),
      new Date(at(n)),
    );
    ids.push(user.id);
    await auth.sessions.createSession(newSession(user.id, new Date(at(n))));
  }
  const plus = userTypeSettingChange('plus', {
    timeLimit: 240,
    responseType: 'text_and_voice',
    monthlyMinutes: 90,
    features: { ...DEFAULT_PLAN_FEATURES.plus, pdfExport: true },
  });
  await auth.settings.updateUserTypeSetting('plus', plus, new Date(at(5)));
  // A plan request granted and one waiting for an admin (issue 39).
  const [first, second] = ids;
  if (first !== undefined && second !== undefined) {
    const granted = await auth.planRequests.open({ userId: first, userType: 'plus', fromUserType: 'standard' }, new Date(at(2)));
    await auth.planRequests.decide(granted.id, { status: 'granted', at: new Date(at(3)), decidedBy: first, told: false });
    await auth.planRequests.open({ userId: second, userType: 'pro', fromUserType: 'standard' }, new Date(at(4)));
  }
  // An account deleted just before the move: its event is still in the outbox.
  const leaving = await auth.users.createUser(newUser({ email: 'leaving@example.com', firstName: 'Lee', lastName: 'Ving' }), new Date(at(1)));
  await auth.accountDeletions.deleteAccount(leaving.id, { subject: EVENT_SUBJECTS.userDeleted, payload: { userId: leaving.id } });
  await auth.close();
  return ids;
}

async function seedConversations(dataDir: string, people: readonly number[], size: InstallationSize): Promise<void> {
  const store = openSqliteConversationsStorage(sqliteFile(dataDir, 'conversations'));
  for (const userId of people) {
    const thread = await store.threads.insertThread(userId, `Thread of ${userId}`, at(userId), await store.threads.writeVersion(userId));
    if (!thread) throw new Error('a seeded thread was refused');
    for (let m = 0; m < size.messagesPerPerson; m++) {
      const message = newMessage(userId, thread.id, at(m), {
        userMessage: `answer ${m}`,
        aiResponse: `question ${m}`,
        audio: m % 3 === 0 ? spokenReply(48, m % 251) : null,
        answerId: m % 2 ? randomUUID() : null,
      });
      const saved = await store.threads.insertMessage(message, await store.threads.writeVersion(userId), (record) => ({
        subject: EVENT_SUBJECTS.storySaved,
        payload: { id: record.id },
      }));
      if (!saved) throw new Error('a seeded message was refused');
    }
    const history = [snippetExchange(1, at(2))];
    await store.snippetConversations.saveSnippetConversation({ userId, snippetId: userId * 10, history, now: at(3) }, () => []);
  }
  await store.close();
}

async function seedFeedbackAndJobs(dataDir: string, people: readonly number[]): Promise<void> {
  const jobs = openSqliteJobsStorage(sqliteFile(dataDir, 'jobs'));
  const feedback = openSqliteFeedbackStorage(sqliteFile(dataDir, 'feedback'));
  for (const userId of people) {
    const description = await jobs.jobDescriptions.insertJobDescription(newJobDescription(userId, at(userId)), await jobs.jobDescriptions.writeVersion(userId));
    if (!description) throw new Error('a seeded job description was refused');
    await jobs.jobDescriptions.insertSnippet(newSnippet(userId, description.id, at(userId + 1)), await jobs.jobDescriptions.writeVersion(userId));
    if (userId % 2) await jobs.jobDescriptions.setArchived(userId, description.id, true);
    await feedback.mockInterviews.create(userId, plannedInterview(description.id, { createdAt: at(userId + 2) }));
    await feedback.feedback.save(feedbackRecord({ userId, overall: 5 + (userId % 5), answeredAt: at(userId), scoredAt: at(userId + 1) }));
  }
  await jobs.close();
  await feedback.close();
}

async function seedProfileSpeechSearch(dataDir: string, people: readonly number[]): Promise<void> {
  const profile = openSqliteProfileStorage(sqliteFile(dataDir, 'profile'));
  const speech = openSqliteSpeechStorage(sqliteFile(dataDir, 'speech'));
  const search = openSqliteSearchStorage(sqliteFile(dataDir, 'search'));
  const vectors = EmbeddedVectorStore.open(join(dataDir, 'search-vectors.sqlite'), EMBEDDING_DIMENSIONS, 16);
  for (const [n, userId] of people.entries()) {
    const resume = await profile.resumes.create({ userId, fileName: 'cv.pdf', format: 'pdf', content: resumeContent(`Ada ${n}`), now: at(n) });
    await profile.resumes.addVersion(userId, resume.id, { content: resumeContent(`Ada ${n} B`), reviewed: true, note: 'Reviewed', now: at(n + 1) });
    await profile.resumes.dismiss(userId, resume.id, 'suggestion-1');
    const content = profileContent({ displayName: `Ada ${n}`, roles: [], allowSearchEngines: n % 2 === 0 });
    await profile.publicProfiles.save({ userId, slug: `ada-${n}`, customName: n % 2 === 1, content, now: at(n) });
    await profile.publicProfiles.recordNameChange(userId, at(n + 3));
    // Two recordings under one id (issue 36): the second audio is counted under a key of its own.
    const counted = { period: '2026-10', at: new Date(at(n)), sameSince: new Date(at(n - 1)) };
    await speech.usage.record(recordingCount(userId, `rec-${n}`, 30 + n, { ...counted, audioSha256: audioHash(`answer ${n}`) }));
    await speech.usage.record(recordingCount(userId, `rec-${n}`, 10 + n, { ...counted, audioSha256: audioHash(`retake ${n}`) }));
    // The migration's comparison searches each person's stories for "postgresql": one each.
    const outcome = await search.stories.applySaved(
      savedStory(userId, {
        storyKey: `story-${userId}`,
        content: `I moved checkout to PostgreSQL, person ${n}`,
        threadId: userId,
        createdAt: at(n),
        version: storyVersion(n + 1),
      }),
    );
    if (outcome.kind !== 'stored') throw new Error('a seeded story was not stored');
    await search.stories.markEmbedded(outcome.story.id, 'offline-v1', storyVersion(n + 1));
    await vectors.upsert([storyVector(outcome.story.id, userId, seededVector(n), { embedder: 'offline-v1' })]);
    await search.stories.applyThreadState(userId, 9000 + n, 'deleted', storyVersion(n + 2));
  }
  for (const part of [profile, speech, search, vectors]) await part.close();
}

/** Writes an installation of `size` under `dataDir` through the services' repositories; returns the people's ids. */
export async function seedInstallation(dataDir: string, size: InstallationSize): Promise<number[]> {
  const people = await seedAuth(dataDir, size);
  await seedConversations(dataDir, people, size);
  await seedFeedbackAndJobs(dataDir, people);
  await seedProfileSpeechSearch(dataDir, people);
  return people;
}

import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { EVENT_SUBJECTS, type ResumeContent } from '@story/proto';
import { sqliteFile } from '@story/service-kit';
import { openSqliteAuthStorage } from '../../../services/auth/src/storage/auth-storage.ts';
import { openSqliteConversationsStorage } from '../../../services/conversations/src/storage/conversations-storage.ts';
import type { MockInterviewDoc } from '../../../services/feedback/src/mock-interviews/mock-interview.repository.ts';
import { openSqliteFeedbackStorage } from '../../../services/feedback/src/storage/feedback-storage.ts';
import { openSqliteJobsStorage } from '../../../services/jobs/src/storage/jobs-storage.ts';
import { openSqliteProfileStorage } from '../../../services/profile/src/storage/profile-storage.ts';
import { EMBEDDING_DIMENSIONS, normalize } from '../../../services/search/src/embedding/embedder.ts';
import { openSqliteSearchStorage } from '../../../services/search/src/storage/search-storage.ts';
import { EmbeddedVectorStore } from '../../../services/search/src/vectors/embedded-vector.store.ts';
import { openSqliteSpeechStorage } from '../../../services/speech/src/storage/speech-storage.ts';

// A one-machine installation written through every service's repositories, as the services write
// it: for the migration's tests and for measuring its copy rate.

export interface InstallationSize {
  people: number;
  /** Saved messages per person, in one thread each (every third with a spoken reply). */
  messagesPerPerson: number;
}

const T0 = Date.parse('2026-10-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
/** The sha-256 of a made-up recording's bytes, as the speech front ties a recording id to its audio. */
const audioHash = (bytes: string) => createHash('sha256').update(bytes).digest('hex');
const storyVersion = (n: number) => `${String(n).padStart(17, '0')}.${String(n).padStart(15, '0')}`;

const resumeContent = (name: string): ResumeContent => ({
  name,
  contact: [`${name.toLowerCase().replace(/\s/g, '.')}@example.com`],
  summary: 'Engineer.',
  roles: [
    {
      id: 'role-1',
      title: 'Engineer',
      company: 'Northwind',
      location: '',
      dates: 'Jan 2020 – Present',
      start: '2020-01',
      end: null,
      bullets: [{ id: 'role-1-b-1', text: 'Moved checkout to PostgreSQL with no downtime' }],
    },
  ],
  education: [],
  skills: ['SQL'],
  extraSections: [],
});

const plannedInterview = (jobDescriptionId: number, createdAt: string): MockInterviewDoc => ({
  jobDescriptionId,
  companyName: 'Acme',
  jobTitle: 'Engineer',
  targetRole: null,
  resumeId: null,
  status: 'planned',
  mode: 'text',
  thinkSeconds: 10,
  handsFreeSilenceSeconds: null,
  engine: 'offline',
  questions: [
    {
      text: 'Tell me about a time you led a migration.',
      source: { kind: 'requirement', key: 'line:0', text: 'Led migrations', snippetId: null },
      difficulty: 2,
      storyFit: [],
      pinnedStoryId: null,
      answer: null,
      followUp: null,
    },
  ],
  report: null,
  createdAt,
  finishedAt: null,
});

/** A unit vector of the embedded store's size, different for each seed. */
function vectorFor(seed: number): Float32Array {
  const vector = new Float32Array(EMBEDDING_DIMENSIONS);
  for (let i = 0; i < vector.length; i++) vector[i] = Math.sin(seed * 7.31 + i * 0.17);
  return normalize(vector);
}

async function seedAuth(dataDir: string, size: InstallationSize): Promise<number[]> {
  const auth = openSqliteAuthStorage(sqliteFile(dataDir, 'auth'));
  const ids: number[] = [];
  for (let n = 0; n < size.people; n++) {
    const user = await auth.users.createUser(
      {
        email: `Person${n}@Example.com`,
        firstName: `Ada${n}`,
        lastName: 'Park',
        passwordHash: n % 2 ? `hash-${n}` : null,
        googleId: n % 2 ? null : `g-${n}`,
        isAdmin: n === 0,
        authProvider: n % 2 ? 'email' : 'google',
      },
      new Date(at(n)),
    );
    ids.push(user.id);
    await auth.sessions.createSession({ id: randomUUID(), userId: user.id, createdAt: new Date(at(n)), expiresAt: new Date(at(n + 60 * 24 * 30)) });
  }
  const plus = await auth.settings.findUserTypeSetting('plus');
  if (!plus) throw new Error('the plus plan has no settings');
  await auth.settings.updateUserTypeSetting(
    'plus',
    { timeLimit: 240, responseType: 'text_and_voice', monthlyMinutes: 90, features: { ...plus.features, pdfExport: true } },
    new Date(at(5)),
  );
  // A plan request granted and one waiting for an admin (issue 39).
  const [first, second] = ids;
  if (first !== undefined && second !== undefined) {
    const granted = await auth.planRequests.open({ userId: first, userType: 'plus', fromUserType: 'standard' }, new Date(at(2)));
    await auth.planRequests.decide(granted.id, { status: 'granted', at: new Date(at(3)), decidedBy: first, told: false });
    await auth.planRequests.open({ userId: second, userType: 'pro', fromUserType: 'standard' }, new Date(at(4)));
  }
  // An account deleted just before the move: its event is still in the outbox.
  const leaving = await auth.users.createUser(
    { email: 'leaving@example.com', firstName: 'Lee', lastName: 'Ving', passwordHash: 'h', googleId: null, isAdmin: false, authProvider: 'email' },
    new Date(at(1)),
  );
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
      const audio = m % 3 === 0 ? { base64: Buffer.alloc(48, m % 251).toString('base64'), byteSize: 48 } : null;
      const message = {
        userId,
        threadId: thread.id,
        userMessage: `answer ${m}`,
        aiResponse: `question ${m}`,
        audio,
        answerId: m % 2 ? randomUUID() : null,
        createdAt: at(m),
      };
      const saved = await store.threads.insertMessage(message, await store.threads.writeVersion(userId), (record) => ({
        subject: EVENT_SUBJECTS.storySaved,
        payload: { id: record.id },
      }));
      if (!saved) throw new Error('a seeded message was refused');
    }
    const history = [{ userMessage: 'I led it', aiResponse: 'What happened next?', timestamp: at(2) }];
    await store.snippetConversations.saveSnippetConversation({ userId, snippetId: userId * 10, history, now: at(3) }, () => []);
  }
  await store.close();
}

async function seedFeedbackAndJobs(dataDir: string, people: readonly number[]): Promise<void> {
  const jobs = openSqliteJobsStorage(sqliteFile(dataDir, 'jobs'));
  const feedback = openSqliteFeedbackStorage(sqliteFile(dataDir, 'feedback'));
  for (const userId of people) {
    const description = await jobs.jobDescriptions.insertJobDescription(
      { userId, companyName: 'Acme', jobTitle: 'Engineer', formattedContent: '- Led migrations', originalContent: 'Led migrations', createdAt: at(userId) },
      await jobs.jobDescriptions.writeVersion(userId),
    );
    if (!description) throw new Error('a seeded job description was refused');
    await jobs.jobDescriptions.insertSnippet(
      { userId, jobDescriptionId: description.id, snippetText: '- Led migrations', createdAt: at(userId + 1) },
      await jobs.jobDescriptions.writeVersion(userId),
    );
    if (userId % 2) await jobs.jobDescriptions.setArchived(userId, description.id, true);
    await feedback.mockInterviews.create(userId, plannedInterview(description.id, at(userId + 2)));
    await feedback.feedback.save({
      answerId: randomUUID(),
      userId,
      threadId: null,
      snippetId: null,
      questionKey: 'none|what did you do?',
      question: 'What did you do?',
      answer: 'I rebuilt the rota.',
      source: 'typed',
      engine: 'offline',
      overall: 5 + (userId % 5),
      findings: {
        star: [{ part: 'action', present: true, quotes: [{ start: 0, end: 18, text: 'I rebuilt the rota' }], prompt: null }],
        assessment: [],
        delivery: null,
      },
      answeredAt: at(userId),
      scoredAt: at(userId + 1),
    });
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
    const content = {
      displayName: `Ada ${n}`,
      headline: 'Engineer',
      about: 'I make deploys boring.',
      roles: [],
      stories: [{ title: 'The migration', summary: 'Moved checkout.', threadId: 42 }],
      theme: 'site' as const,
      allowSearchEngines: n % 2 === 0,
    };
    await profile.publicProfiles.save({ userId, slug: `ada-${n}`, customName: n % 2 === 1, content, now: at(n) });
    await profile.publicProfiles.recordNameChange(userId, at(n + 3));
    // Two recordings under one id (issue 36): the second audio is counted under a key of its own.
    const minutes = { userId, recordingId: `rec-${n}`, period: '2026-10', at: new Date(at(n)), sameSince: new Date(at(n - 1)) };
    await speech.usage.record({ ...minutes, audioSha256: audioHash(`answer ${n}`), seconds: 30 + n });
    await speech.usage.record({ ...minutes, audioSha256: audioHash(`retake ${n}`), seconds: 10 + n });
    const outcome = await search.stories.applySaved({
      userId,
      storyKey: `story-${userId}`,
      sourceType: 'conversation',
      content: `I moved checkout to PostgreSQL, person ${n}`,
      threadId: userId,
      snippetId: null,
      jobDescriptionId: null,
      createdAt: at(n),
      version: storyVersion(n + 1),
    });
    if (outcome.kind !== 'stored') throw new Error('a seeded story was not stored');
    await search.stories.markEmbedded(outcome.story.id, 'offline-v1', storyVersion(n + 1));
    await vectors.upsert([{ storyId: outcome.story.id, userId, embedder: 'offline-v1', hidden: false, vector: vectorFor(n) }]);
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

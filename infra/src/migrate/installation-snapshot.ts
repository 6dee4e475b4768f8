import { migrationDatabase, sqliteFile, type StorageLifecycle } from '@story/service-kit';
import { openMongoAuthStorage, openSqliteAuthStorage, type AuthStorage } from '../../../services/auth/src/storage/auth-storage.ts';
import {
  openMongoConversationsStorage,
  openSqliteConversationsStorage,
  type ConversationsStorage,
} from '../../../services/conversations/src/storage/conversations-storage.ts';
import { openMongoFeedbackStorage, openSqliteFeedbackStorage, type FeedbackStorage } from '../../../services/feedback/src/storage/feedback-storage.ts';
import { openMongoJobsStorage, openSqliteJobsStorage, type JobsStorage } from '../../../services/jobs/src/storage/jobs-storage.ts';
import { openMongoProfileStorage, openSqliteProfileStorage, type ProfileStorage } from '../../../services/profile/src/storage/profile-storage.ts';
import { EMBEDDING_DIMENSIONS } from '../../../services/search/src/embedding/embedder.ts';
import { openMongoSearchStorage, openSqliteSearchStorage, type SearchStorage } from '../../../services/search/src/storage/search-storage.ts';
import { EmbeddedVectorStore } from '../../../services/search/src/vectors/embedded-vector.store.ts';
import { QdrantVectorStore } from '../../../services/search/src/vectors/qdrant-vector.store.ts';
import type { ExportableVectorStore } from '../../../services/search/src/vectors/vector-store.ts';
import { openMongoSpeechStorage, openSqliteSpeechStorage, type SpeechStorage } from '../../../services/speech/src/storage/speech-storage.ts';
import type { MigrationSide } from './migration-units.ts';

// What a person would see of an installation, read through each service's repositories: a migrated
// store must read the same as its source, field by field.

interface Stores {
  auth: AuthStorage;
  conversations: ConversationsStorage;
  feedback: FeedbackStorage;
  jobs: JobsStorage;
  profile: ProfileStorage;
  search: SearchStorage;
  speech: SpeechStorage;
  vectors: ExportableVectorStore;
}

async function openStores(side: MigrationSide): Promise<Stores> {
  const vectors: ExportableVectorStore =
    side.vectors.kind === 'embedded'
      ? EmbeddedVectorStore.open(`${side.vectors.dataDir}/search-vectors.sqlite`, EMBEDDING_DIMENSIONS, 16)
      : new QdrantVectorStore({ url: side.vectors.url, apiKey: side.vectors.apiKey, collection: side.vectors.collection, dimensions: EMBEDDING_DIMENSIONS });
  const documents = side.documents;
  if (documents.kind === 'sqlite') {
    const file = (service: string) => sqliteFile(documents.dataDir, service);
    return {
      auth: openSqliteAuthStorage(file('auth')),
      conversations: openSqliteConversationsStorage(file('conversations')),
      feedback: openSqliteFeedbackStorage(file('feedback')),
      jobs: openSqliteJobsStorage(file('jobs')),
      profile: openSqliteProfileStorage(file('profile')),
      search: openSqliteSearchStorage(file('search')),
      speech: openSqliteSpeechStorage(file('speech')),
      vectors,
    };
  }
  const { url } = documents;
  const db = (service: string) => migrationDatabase(documents, service);
  return {
    auth: await openMongoAuthStorage(url, db('auth')),
    conversations: await openMongoConversationsStorage(url, db('conversations')),
    feedback: await openMongoFeedbackStorage(url, db('feedback')),
    jobs: await openMongoJobsStorage(url, db('jobs')),
    profile: await openMongoProfileStorage(url, db('profile')),
    search: await openMongoSearchStorage(url, db('search')),
    speech: await openMongoSpeechStorage(url, db('speech')),
    vectors,
  };
}

/** What one person has, as the services read it. */
async function personSnapshot(stores: Stores, userId: number) {
  const { auth, conversations, feedback, jobs, profile, search, speech, vectors } = stores;
  const threads = await conversations.threads.listThreads(userId, 'all');
  const messages = await Promise.all(threads.map(async (thread) => conversations.threads.listMessages(userId, thread.id)));
  const firstSpoken = messages.flat().find((message) => message?.audioBytes);
  const resume = await profile.resumes.current(userId);
  const stories = await search.stories.storiesOf(userId);
  const firstStory = stories[0];
  const query = firstStory ? await storyVector(stores, firstStory.id, userId) : undefined;
  return {
    user: await auth.users.findUserById(userId),
    sessions: await auth.sessions.listUserSessions(userId),
    threads,
    messages,
    audio: firstSpoken ? await conversations.messageAudio.findAudio(userId, firstSpoken.threadId, firstSpoken.id) : undefined,
    audioBytes: await conversations.messageAudio.savedAudioBytes(userId),
    writeVersion: await conversations.threads.writeVersion(userId),
    snippetConversations: await conversations.snippetConversations.listSnippetConversations(userId, userId * 10),
    feedback: await Promise.all((await feedback.feedback.answerIds(userId)).map(async (id) => feedback.feedback.find(userId, id))),
    mockInterviews: await feedback.mockInterviews.list(userId),
    jobDescriptions: [...(await jobs.jobDescriptions.listJobDescriptions(userId, false)), ...(await jobs.jobDescriptions.listJobDescriptions(userId, true))],
    jobsWriteVersion: await jobs.jobDescriptions.writeVersion(userId),
    resume,
    resumeVersions: resume ? await profile.resumes.versions(userId, resume.id) : undefined,
    publicProfile: await profile.publicProfiles.ofUser(userId),
    nameChanges: await profile.publicProfiles.nameChangesSince(userId, '2000-01-01T00:00:00.000Z'),
    usage: await speech.usage.entriesOf(userId),
    stories,
    lexical: (await search.stories.searchLexical(userId, ['postgresql'], 5)).map((hit) => hit.id),
    similar: query ? (await vectors.search(userId, 'offline-v1', query, 5)).map((hit) => ({ ...hit, similarity: Math.round(hit.similarity * 1e3) / 1e3 })) : [],
  };
}

/** A story's stored vector, to search with. */
async function storyVector(stores: Stores, storyId: number, userId: number): Promise<Float32Array | undefined> {
  const [entry] = await stores.vectors.vectorsAfter(storyId - 1, 1);
  return entry && entry.storyId === storyId && entry.userId === userId ? entry.vector : undefined;
}

/** An installation as its people and its operators would see it: each listed person's records, the plans, and events waiting for the relay. */
export async function installationSnapshot(side: MigrationSide, people: readonly number[]) {
  const stores = await openStores(side);
  try {
    return {
      settings: await stores.auth.settings.listUserTypeSettings(),
      pendingEvents: {
        auth: await stores.auth.outbox.countPendingEvents(),
        conversations: await stores.conversations.outbox.countPendingEvents(),
        speech: await stores.speech.outbox.countPendingEvents(),
      },
      stories: await stores.search.stories.countStories(),
      people: await Promise.all(people.map(async (userId) => personSnapshot(stores, userId))),
    };
  } finally {
    const parts: (StorageLifecycle | ExportableVectorStore)[] = Object.values(stores);
    for (const part of parts) await part.close();
  }
}

import {
  connectMongo,
  MongoLeaseStore,
  mongoLifecycle,
  MongoOutbox,
  openConfiguredStorage,
  openSqlite,
  SqliteLeaseStore,
  sqliteLifecycle,
  SqliteOutbox,
  type BaseEnv,
  type LeaseStore,
  type OutboxEvent,
  type OutboxStore,
  type StorageLifecycle,
} from '@story/service-kit';
import type { MessageAudioRepository } from '../message-audio/message-audio.repository.ts';
import { MongoMessageAudioRepository } from '../message-audio/mongo-message-audio.repository.ts';
import { SqliteMessageAudioRepository } from '../message-audio/sqlite-message-audio.repository.ts';
import { MongoSnippetConversationRepository } from '../snippet-conversations/mongo-snippet-conversation.repository.ts';
import type { SnippetConversationRepository } from '../snippet-conversations/snippet-conversation.repository.ts';
import { SqliteSnippetConversationRepository } from '../snippet-conversations/sqlite-snippet-conversation.repository.ts';
import { MongoThreadRepository } from '../threads/mongo-thread.repository.ts';
import { SqliteThreadRepository } from '../threads/sqlite-thread.repository.ts';
import type { ThreadRepository } from '../threads/thread.repository.ts';
import { CONVERSATIONS_MIGRATIONS } from './sqlite-migrations.ts';

/** Writes an event that describes no change of this service's data (an answer given): the outbox in a transaction of its own. */
export interface StandaloneEventWriter {
  write(event: OutboxEvent): Promise<void>;
}

/** Everything the conversations service stores, a repository per aggregate over one database. */
export interface ConversationsStorage extends StorageLifecycle {
  threads: ThreadRepository;
  /** Spoken replies of saved messages, apart from the message rows (written by `threads`). */
  messageAudio: MessageAudioRepository;
  snippetConversations: SnippetConversationRepository;
  outbox: OutboxStore;
  /** Events that go with no change here (`events.answer.given`). */
  events: StandaloneEventWriter;
  leases: LeaseStore;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteConversationsStorage(file: string): ConversationsStorage {
  const db = openSqlite(file, CONVERSATIONS_MIGRATIONS);
  const outbox = new SqliteOutbox(db);
  const messageAudio = new SqliteMessageAudioRepository(db);
  return {
    ...sqliteLifecycle(db),
    threads: new SqliteThreadRepository(db, outbox, messageAudio),
    messageAudio,
    snippetConversations: new SqliteSnippetConversationRepository(db, outbox),
    outbox,
    events: { write: async (event) => outbox.write(event) },
    leases: new SqliteLeaseStore(db),
  };
}

/** The production store: the service's own MongoDB database (a replica set: writes with events use transactions). */
export async function openMongoConversationsStorage(url: string, dbName: string): Promise<ConversationsStorage> {
  const connection = await connectMongo(url, dbName);
  const outbox = new MongoOutbox(connection);
  const messageAudio = new MongoMessageAudioRepository(connection);
  const threads = new MongoThreadRepository(connection, outbox, messageAudio);
  const snippetConversations = new MongoSnippetConversationRepository(connection, outbox);
  const leases = new MongoLeaseStore(connection);
  // Collections cannot be created inside a transaction on older servers: make them all up front.
  // The threads' collections come before the audio's, whose init moves replies out of message documents.
  for (const part of [outbox, threads, messageAudio, snippetConversations, leases]) await part.init();
  const events: StandaloneEventWriter = { write: (event) => connection.transaction((session) => outbox.write(event, session)) };
  return { ...mongoLifecycle(connection), threads, messageAudio, snippetConversations, outbox, events, leases };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `conversations.sqlite` under DATA_DIR. */
export async function openConversationsStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<ConversationsStorage> {
  return openConfiguredStorage(config, service, { sqlite: openSqliteConversationsStorage, mongodb: openMongoConversationsStorage });
}

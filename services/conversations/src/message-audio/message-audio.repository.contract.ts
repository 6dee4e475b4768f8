import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdThread, fakeMp3, messageToSave, NO_QUOTAS, UNLIMITED, type ThreadsWithRules } from '@story/testing/fixtures/threads';
import { storySavedEvent, threadDeletedEvent, threadPurgedEvent } from '../nats/domain-events.ts';
import type { StoreUnderTest } from '../threads/thread.repository.contract.ts';
import type { SaveQuotas } from '../threads/thread-write.service.ts';
import type { MessageAudioRepository } from './message-audio.repository.ts';

/** The audio store and the threads that write to it (under the service's rules), over one database. */
export interface AudioStores {
  threads: ThreadsWithRules;
  messageAudio: MessageAudioRepository;
}

const T0 = Date.parse('2024-04-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/**
 * The behaviour every MessageAudioRepository must have with its driver's ThreadRepository, run
 * against each driver (SQLite always, MongoDB when one is reachable). Each test has its own users.
 */
export function messageAudioRepositoryContract(name: string, open: () => Promise<StoreUnderTest<AudioStores>>): void {
  describe(`MessageAudioRepository contract: ${name}`, () => {
    let store: StoreUnderTest<AudioStores>;
    let threads: ThreadsWithRules;
    let audio: MessageAudioRepository;
    let nextUser = 5000;
    const newUser = () => ++nextUser;

    beforeAll(async () => {
      store = await open();
      ({ threads, messageAudio: audio } = store.repository);
    });
    afterAll(async () => store.cleanup());

    const newThread = async (userId: number) => createdThread(await threads.createThread(userId, 'New Conversation', at(0), UNLIMITED));
    const save = (userId: number, threadId: number, audioResponse: string | null, quotas: SaveQuotas = NO_QUOTAS) =>
      threads.saveMessage(messageToSave(userId, threadId, at(1), { audioResponse, quotas }), storySavedEvent);
    const savedId = async (result: ReturnType<typeof save>) => {
      const saved = await result;
      if (saved.kind !== 'saved') throw new Error(`not saved: ${saved.kind}`);
      return saved.message.id;
    };

    it('keeps a spoken reply apart: the message carries its size only, the audio is found for its owner, thread and message', async () => {
      const user = newUser();
      const thread = await newThread(user);
      const other = await newThread(user);
      const spoken = await savedId(save(user, thread.id, fakeMp3(1000)));
      const silent = await savedId(save(user, thread.id, null));

      expect((await threads.listMessages(user, thread.id))?.map((m) => [m.id, m.audioBytes])).toEqual([
        [spoken, 1000],
        [silent, null],
      ]);
      expect(await audio.findAudio(user, thread.id, spoken)).toEqual({
        messageId: spoken,
        threadId: thread.id,
        userId: user,
        byteSize: 1000,
        audio: fakeMp3(1000),
      });
      expect(await audio.findAudio(user + 1, thread.id, spoken)).toBeUndefined();
      expect(await audio.findAudio(user, other.id, spoken)).toBeUndefined();
      expect(await audio.findAudio(user, thread.id, silent)).toBeUndefined();
      expect(await audio.savedAudioBytes(user)).toBe(1000);
      expect(await audio.savedAudioBytes(user + 1)).toBe(0);
    });

    it('refuses a reply past the user’s audio quota and saves nothing; of concurrent saves only what fits is kept', async () => {
      const user = newUser();
      const thread = await newThread(user);
      const quotas = { ...NO_QUOTAS, audioBytesPerUser: 2500 };
      await savedId(save(user, thread.id, fakeMp3(1000), quotas));
      const racing = await Promise.all(Array.from({ length: 4 }, () => save(user, thread.id, fakeMp3(1000), quotas)));
      expect(racing.filter((r) => r.kind === 'saved')).toHaveLength(1);
      expect(racing.filter((r) => r.kind === 'audio-limit-reached')).toHaveLength(3);
      expect(await audio.savedAudioBytes(user)).toBe(2000);
      expect(await threads.listMessages(user, thread.id)).toHaveLength(2);
      // Exactly up to the quota is allowed; a reply without audio is not counted.
      expect((await save(user, thread.id, fakeMp3(500), quotas)).kind).toBe('saved');
      expect((await save(user, thread.id, fakeMp3(1), quotas)).kind).toBe('audio-limit-reached');
      expect((await save(user, thread.id, null, quotas)).kind).toBe('saved');
    });

    it('counts the audio of deleted threads until the purge removes it with them', async () => {
      const user = newUser();
      const thread = await newThread(user);
      const spoken = await savedId(save(user, thread.id, fakeMp3(700)));
      await threads.softDeleteThread(user, thread.id, at(2), threadDeletedEvent(user, thread.id, at(2)));
      expect(await audio.savedAudioBytes(user)).toBe(700);
      expect(await audio.findAudio(user, thread.id, spoken)).toMatchObject({ byteSize: 700 });

      await threads.purgeDeletedThreads(at(3), 1000, (purged) => threadPurgedEvent(purged, at(4)));
      expect(await audio.savedAudioBytes(user)).toBe(0);
      expect(await audio.findAudio(user, thread.id, spoken)).toBeUndefined();
    });
  });
}

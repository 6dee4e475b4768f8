import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exportedPracticeSchema, exportedThreadSchema } from '@story/proto';
import { HttpError, exportPage } from '@story/service-kit';
import { snippetStoryEvents } from '../nats/domain-events.ts';
import { openSqliteConversationsStorage } from '../storage/conversations-storage.ts';
import { ThreadService } from '../threads/thread.service.ts';
import { ConversationsExportSource } from './conversations-export.source.ts';

const ALICE = 1;
const BOB = 2;

/** Every file of a person's part, reassembled from its pages (a small budget, so files cross pages). */
async function exported(source: ConversationsExportSource, userId: number): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let cursor: string | undefined;
  do {
    const page = await exportPage(source, 'conversations', userId, cursor, 48 * 1024);
    for (const chunk of page.chunks) files.set(chunk.path, Buffer.concat([files.get(chunk.path) ?? Buffer.alloc(0), Buffer.from(chunk.data, 'base64')]));
    cursor = page.next;
  } while (cursor !== undefined);
  return files;
}

describe('ConversationsExportSource (SQLite)', () => {
  it('exports each thread as JSON and Markdown, each spoken reply byte for byte, and each practice, of one person only', async () => {
    const storage = openSqliteConversationsStorage(':memory:');
    let minute = 0;
    const threads = new ThreadService({
      repository: storage.threads,
      audio: storage.messageAudio,
      quotas: { threadsPerUser: 10, messagesPerThread: 10, audioMegabytesPerUser: 10 },
      retentionDays: 30,
      clock: () => new Date(Date.UTC(2026, 10, 28, 10, minute++)),
      onEventsWritten: () => undefined,
    });
    const thread = await threads.createThread(ALICE);
    const audio = randomBytes(200_000);
    const { message: spoken } = await threads.saveConversation(ALICE, {
      threadId: thread.id,
      userMessage: 'I led the migration',
      aiResponse: 'How did it go?',
      audioResponse: audio.toString('base64'),
    });
    await threads.saveConversation(ALICE, { threadId: thread.id, userMessage: '# We finished early', aiResponse: 'What did you learn?' });
    const bobs = await threads.createThread(BOB);
    await threads.saveConversation(BOB, { threadId: bobs.id, userMessage: 'Bob’s secret story', aiResponse: 'Go on' });
    const history = [{ userMessage: 'I mentored two juniors', aiResponse: 'What changed for them?', timestamp: '2026-11-28T11:00:00.000Z' }];
    await storage.snippetConversations.saveSnippetConversation({ userId: ALICE, snippetId: 7, history, now: '2026-11-28T11:00:00.000Z' }, snippetStoryEvents);
    const owners = {
      requireOwned: async (snippetId: number) => {
        if (snippetId !== 7) throw new HttpError(404, 'not found');
        return { snippetText: '- Mentoring junior engineers', jobDescriptionId: 3 };
      },
    };
    const source = new ConversationsExportSource({
      threads: storage.threads,
      audio: storage.messageAudio,
      snippetConversations: storage.snippetConversations,
      snippets: owners,
    });

    const files = await exported(source, ALICE);
    expect([...files.keys()].sort()).toEqual(
      [
        `conversations/threads/${thread.id}.json`,
        `conversations/2026-11-28-new-conversation-${thread.id}.md`,
        `conversations/threads/${thread.id}/audio/${spoken.id}.mp3`,
        'conversations/practice/7.json',
        'conversations/2026-11-28-practice-mentoring-junior-engineers-s7.md',
      ].sort(),
    );
    const json = exportedThreadSchema.parse(JSON.parse(files.get(`conversations/threads/${thread.id}.json`)!.toString()));
    expect(json.messages.map((message) => [message.userMessage, message.audioFile])).toEqual([
      ['I led the migration', `conversations/threads/${thread.id}/audio/${spoken.id}.mp3`],
      ['# We finished early', null],
    ]);
    expect(files.get(`conversations/threads/${thread.id}/audio/${spoken.id}.mp3`)?.equals(audio)).toBe(true);
    const markdown = files.get(`conversations/2026-11-28-new-conversation-${thread.id}.md`)!.toString();
    expect(markdown).toContain('# New Conversation');
    expect(markdown).toContain('**You** · 28 November 2026 at 10:01 UTC\n\nI led the migration');
    expect(markdown).toContain('**Coach** · 28 November 2026 at 10:01 UTC\n\nHow did it go?');
    // The person's words never open a heading of their own.
    expect(markdown).toContain('\\# We finished early');
    expect(markdown).toContain(`(threads/${thread.id}/audio/${spoken.id}.mp3)`);
    const practice = exportedPracticeSchema.parse(JSON.parse(files.get('conversations/practice/7.json')!.toString()));
    expect(practice.conversations[0]?.conversationHistory).toEqual(history);
    expect(files.get('conversations/2026-11-28-practice-mentoring-junior-engineers-s7.md')!.toString()).toContain('> - Mentoring junior engineers');

    for (const [path, bytes] of files) expect(bytes.includes('Bob’s secret story'), path).toBe(false);
    expect([...(await exported(source, BOB)).keys()]).toEqual([
      `conversations/threads/${bobs.id}.json`,
      `conversations/2026-11-28-new-conversation-${bobs.id}.md`,
    ]);
    expect((await exported(source, 99)).size).toBe(0);
  });
});

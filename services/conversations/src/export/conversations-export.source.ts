import type { ExportedPractice, ExportedThread } from '@story/proto';
import { base64File, jsonFile, slug, textFile, transcriptMarkdown, type ExportFile, type ExportSource } from '@story/service-kit';
import type { MessageAudioRepository } from '../message-audio/message-audio.repository.ts';
import type { SnippetConversationRepository } from '../snippet-conversations/snippet-conversation.repository.ts';
import type { SnippetOwners } from '../snippet-conversations/snippet-conversation.service.ts';
import { snippetPracticeTranscript } from '../snippet-conversations/snippet-practice-transcript.ts';
import { presentThread, presentThreadItem } from '../threads/thread.presenter.ts';
import type { ThreadRepository } from '../threads/thread.repository.ts';
import { threadTranscript } from '../threads/thread-transcript.ts';

export interface ConversationsExportDeps {
  threads: ThreadRepository;
  audio: MessageAudioRepository;
  snippetConversations: SnippetConversationRepository;
  /** The practised requirement's words for the practice's Markdown (asked of jobs; left out when it cannot say). */
  snippets: SnippetOwners;
}

/** A spoken reply's path in the ZIP, relative to the service's folder. */
export const audioPath = (threadId: number, messageId: number): string => `threads/${threadId}/audio/${messageId}.mp3`;

const day = (at: string) => at.slice(0, 10);

/**
 * The conversations service's part of the data export: each thread (deleted ones still recoverable
 * included) as JSON and as Markdown, each spoken reply as its MP3 (an item of its own, so a page never
 * holds more than one), and each snippet's practice conversations as JSON and Markdown.
 */
export class ConversationsExportSource implements ExportSource {
  constructor(private readonly deps: ConversationsExportDeps) {}

  async keys(userId: number): Promise<string[]> {
    const keys: string[] = [];
    const threads = [...(await this.deps.threads.listThreads(userId, 'all'))].sort((a, b) => a.id - b.id);
    for (const thread of threads) {
      keys.push(`thread:${thread.id}`);
      const messages = (await this.deps.threads.listMessages(userId, thread.id)) ?? [];
      for (const message of messages) if (message.audioBytes !== null) keys.push(`audio:${thread.id}:${message.id}`);
    }
    for (const snippetId of await this.deps.snippetConversations.practisedSnippetIds(userId)) keys.push(`practice:${snippetId}`);
    return keys;
  }

  async files(userId: number, key: string): Promise<ExportFile[]> {
    const [kind, first = '', second = ''] = key.split(':');
    if (kind === 'thread') return this.threadFiles(userId, Number(first));
    if (kind === 'audio') {
      const audio = await this.deps.audio.findAudio(userId, Number(first), Number(second));
      return audio ? [base64File(audioPath(audio.threadId, audio.messageId), audio.audio)] : [];
    }
    if (kind === 'practice') return this.practiceFiles(userId, Number(first));
    return [];
  }

  private async threadFiles(userId: number, threadId: number): Promise<ExportFile[]> {
    const thread = await this.deps.threads.findThread(userId, threadId);
    const messages = await this.deps.threads.listMessages(userId, threadId);
    if (!thread || !messages) return [];
    const exported: ExportedThread = {
      thread: presentThread(thread),
      messages: messages.map((message) => ({
        ...presentThreadItem(message),
        audioFile: message.audioBytes === null ? null : `conversations/${audioPath(threadId, message.id)}`,
      })),
    };
    const links = messages
      .filter((message) => message.audioBytes !== null)
      .map((message) => ({ label: `Reply to “${message.userMessage.slice(0, 40)}”`, path: audioPath(threadId, message.id) }));
    return [
      jsonFile(`threads/${threadId}.json`, exported),
      textFile(`${day(thread.createdAt)}-${slug(thread.title)}-${threadId}.md`, transcriptMarkdown(threadTranscript(thread, messages, 'UTC'), links)),
    ];
  }

  private async practiceFiles(userId: number, snippetId: number): Promise<ExportFile[]> {
    const sessions = await this.deps.snippetConversations.listSnippetConversations(userId, snippetId);
    if (sessions.length === 0) return [];
    const snippetText = await this.deps.snippets.requireOwned(snippetId, userId).then(
      (snippet) => snippet.snippetText,
      () => '',
    );
    const exported: ExportedPractice = {
      snippetId,
      conversations: [...sessions]
        .reverse()
        .map(({ id, conversationHistory, createdAt, updatedAt }) => ({ id, snippetId, conversationHistory, createdAt, updatedAt })),
    };
    const transcript = snippetPracticeTranscript(snippetText, sessions, 'UTC');
    const started = sessions.map((session) => session.createdAt).sort()[0] ?? '';
    return [
      jsonFile(`practice/${snippetId}.json`, exported),
      textFile(
        `${day(started)}-practice-${slug(transcript.title.replace(/^Interview practice:?\s*/, '') || 'interview practice')}-s${snippetId}.md`,
        transcriptMarkdown(transcript),
      ),
    ];
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { THREAD_MESSAGES } from '@story/proto';
import type { ChatModel } from '../chat/chat-model.ts';
import { withinTime } from '@story/service-kit';
import type { ThreadRecord, ThreadRepository } from './thread.repository.ts';

/** A title is a few words: a model's longer answer is cut at a word boundary. */
const MAX_TITLE_CHARS = 60;
/** What a title is drawn from: the start of the story names it. */
const MESSAGES_READ = 5;

/**
 * A model's answer as a title: one line, without quotes, a "Title:" label or a full stop, at most 60
 * characters; undefined when nothing usable is left (then the thread keeps "New Conversation").
 */
export function cleanModelTitle(raw: string): string | undefined {
  let title = (raw.split('\n').find((line) => line.trim()) ?? '')
    .replace(/^\s*(?:title|thread title)\s*:\s*/i, '')
    .replace(/^[\s"'“”‘’«»*#]+|[\s"'“”‘’«»*]+$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.。]+$/, '')
    .trim();
  if (title.length > MAX_TITLE_CHARS) title = title.slice(0, Math.max(title.lastIndexOf(' ', MAX_TITLE_CHARS), 1)).trim();
  if (!/[\p{L}\p{N}]/u.test(title) || title === THREAD_MESSAGES.defaultTitle) return undefined;
  return title;
}

export interface ThreadTitlerDeps {
  repository: ThreadRepository;
  chatModel: Pick<ChatModel, 'name' | 'titleFor'>;
  /** How long a model may take to suggest a title. */
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Names a thread after the story in it once an exchange is saved: "New Conversation" stays until
 * then, a rename by the person is never overwritten, and a model that fails or has nothing to name
 * yet leaves the default for the next save to try again. Runs after the save has answered, so a
 * slow model never delays saving.
 */
export class ThreadTitler {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: ThreadTitlerDeps) {}

  /** Starts naming the thread in the background (a saved exchange calls this). */
  afterSave(userId: number, threadId: number): void {
    const task = this.titleThread(userId, threadId).catch((error: unknown) => {
      this.deps.log.warn({ err: error, model: this.deps.chatModel.name, threadId }, 'could not title the thread');
    });
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** Gives the thread a title from its saved messages if it still has the default one; the thread as renamed, or undefined. */
  async titleThread(userId: number, threadId: number): Promise<ThreadRecord | undefined> {
    const thread = await this.deps.repository.findThread(userId, threadId);
    if (!thread || thread.titleSource !== 'default' || thread.deletedAt !== null) return undefined;
    const messages = (await this.deps.repository.listMessages(userId, threadId)) ?? [];
    const said = messages.slice(0, MESSAGES_READ).map((message) => message.userMessage);
    if (said.length === 0) return undefined;
    const suggestion = await withinTime(this.deps.chatModel.titleFor(said), this.deps.timeoutMs, 'chat model gave no title');
    const title = cleanModelTitle(suggestion);
    // A rename or a delete while the model thought wins: the update applies only to an untitled, active thread.
    return title ? this.deps.repository.nameUntitledThread(userId, threadId, title) : undefined;
  }

  /** Resolves once every title started so far is written (or given up); closing the app waits for it. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

import {
  EVENT_SUBJECTS,
  jobDescriptionDeletedEventSchema,
  snippetDeletedEventSchema,
  storySavedEventSchema,
  threadEventSchema,
  userDeletedEventSchema,
} from '@story/proto';
import type { z } from 'zod';
import type { Embedder } from '../embedding/embedder.ts';
import type { StoryChanges, StoryRepository } from '../stories/story.repository.ts';
import type { VectorStore } from '../vectors/vector-store.ts';

/** What became of one event: applied, or refused for good (a message no schema accepts). */
export type IndexOutcome = { kind: 'applied' } | { kind: 'invalid'; reason: string };

export interface StoryIndexerDeps {
  stories: StoryRepository;
  vectors: VectorStore;
  embedder: Embedder;
  /** A saved story needs a vector (of `embedder`): wakes the StoryEmbeddingWorker. */
  onStoryToEmbed?: () => void;
}

type StorySaved = z.infer<typeof storySavedEventSchema>;

/**
 * Applies the domain events to the stories and their vectors. Every step is idempotent and ordered
 * by the event's version, so an event delivered twice, or after a newer one, changes nothing more:
 * the consumer can redeliver after any crash. Errors (database) throw: the event is delivered again
 * later. Vectors are made apart (StoryEmbeddingWorker), so the encoder never holds the stream up.
 */
export class StoryIndexer {
  /** Events applied by this instance (tests: two instances share the work, each event once). */
  applied = 0;

  constructor(private readonly deps: StoryIndexerDeps) {}

  async apply(subject: string, payload: unknown, version: string): Promise<IndexOutcome> {
    const outcome = await this.route(subject, payload, version);
    if (outcome.kind === 'applied') this.applied++;
    return outcome;
  }

  private async route(subject: string, payload: unknown, version: string): Promise<IndexOutcome> {
    switch (subject) {
      case EVENT_SUBJECTS.storySaved:
        return this.parsed(storySavedEventSchema, payload, (event) => this.saveStory(event, version));
      case EVENT_SUBJECTS.threadDeleted:
      case EVENT_SUBJECTS.threadRecovered:
      case EVENT_SUBJECTS.threadPurged: {
        const state = subject === EVENT_SUBJECTS.threadDeleted ? 'deleted' : subject === EVENT_SUBJECTS.threadRecovered ? 'recovered' : 'purged';
        return this.parsed(threadEventSchema, payload, async (event) =>
          this.follow(await this.deps.stories.applyThreadState(event.userId, event.threadId, state, version)),
        );
      }
      case EVENT_SUBJECTS.snippetDeleted:
        return this.parsed(snippetDeletedEventSchema, payload, async (event) =>
          this.follow(await this.deps.stories.removeOwner(event.userId, { kind: 'snippet', id: event.snippetId }, version)),
        );
      case EVENT_SUBJECTS.jobDescriptionDeleted:
        return this.parsed(jobDescriptionDeletedEventSchema, payload, async (event) =>
          this.follow(await this.deps.stories.removeOwner(event.userId, { kind: 'job-description', id: event.jobDescriptionId }, version)),
        );
      case EVENT_SUBJECTS.userDeleted:
        return this.parsed(userDeletedEventSchema, payload, async (event) =>
          this.follow(await this.deps.stories.removeOwner(event.userId, { kind: 'user' }, version)),
        );
      default:
        // Events search has no use for (a later producer's): nothing to do.
        return { kind: 'applied' };
    }
  }

  private async parsed<S extends z.ZodType>(schema: S, payload: unknown, handle: (event: z.infer<S>) => Promise<void>): Promise<IndexOutcome> {
    const result = schema.safeParse(payload);
    if (!result.success) return { kind: 'invalid', reason: result.error.issues[0]?.message ?? 'invalid event' };
    await handle(result.data);
    return { kind: 'applied' };
  }

  private async saveStory(event: StorySaved, version: string): Promise<void> {
    const outcome = await this.deps.stories.applySaved({
      userId: event.userId,
      storyKey: event.storyKey,
      sourceType: event.sourceType,
      content: event.content,
      threadId: event.threadId ?? null,
      snippetId: event.snippetId ?? null,
      jobDescriptionId: event.jobDescriptionId ?? null,
      createdAt: event.createdAt,
      title: event.title,
      version,
    });
    if (outcome.kind === 'dropped') return this.follow({ hidden: [], shown: [], removed: outcome.removedIds });
    if (outcome.kind === 'stale') return;
    const { story } = outcome;
    if (!outcome.needsVector && story.embedder === this.deps.embedder.id) {
      // Delivered again, or saved again unchanged: only the thread's state may have moved.
      await this.deps.vectors.setHidden([story.id], story.hidden);
      return;
    }
    // The vector is made apart, in batches (StoryEmbeddingWorker): the story is found by its words meanwhile.
    this.deps.onStoryToEmbed?.();
  }

  /** Makes the vectors follow what the stories did. */
  private async follow(changes: StoryChanges): Promise<void> {
    await this.deps.vectors.setHidden(changes.hidden, true);
    await this.deps.vectors.setHidden(changes.shown, false);
    await this.deps.vectors.remove(changes.removed);
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Embedder } from '../embedding/embedder.ts';
import type { StoryRecord, StoryRepository } from '../stories/story.repository.ts';
import { conversationKey, conversationOf, embeddedTextOf } from '../stories/story-rules.ts';
import type { VectorStore } from '../vectors/vector-store.ts';

/** Stories embedded at once: the encoder's batch for stored texts, so a query waits behind one at most. */
const BATCH = 16;
/** After a failed batch (the embedder down), the next try waits this long. */
const RETRY_MS = 2_000;

export interface StoryEmbeddingDeps {
  stories: StoryRepository;
  vectors: VectorStore;
  embedder: Embedder;
  /** Told how many stories this worker has embedded after each batch (`make reembed` prints it). */
  onBatch?: (done: number) => void;
  /** false: a failed batch throws out of `drain` (a command line) instead of being tried again later (a service). */
  retry?: boolean;
}

/**
 * Gives saved stories their vectors, in batches, apart from the event that saved them: the indexer
 * stores a story (found by its words at once) and wakes this worker, which embeds every story still
 * without a vector of the configured embedder, so a slow encoder never holds the event stream up and
 * texts are embedded together. Nothing is lost to a crash: what has no vector yet is found again
 * from the stories themselves, on the next wake or start (and after SEARCH_EMBEDDER changed, every
 * story is embedded again this way, as `make reembed` does at once).
 */
export class StoryEmbeddingWorker {
  /** Stories this worker embedded (tests and benchmarks). */
  embedded = 0;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private log?: Pick<FastifyBaseLogger, 'warn'>;

  constructor(private readonly deps: StoryEmbeddingDeps) {}

  /** Embeds what has no vector yet, logging failures to `log` (a service's start). */
  start(log: Pick<FastifyBaseLogger, 'warn'>): void {
    this.log = log;
    this.wake();
  }

  /** Starts embedding what has no vector yet (or makes the running pass look once more when it ends). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Resolves once every story saved so far has its vector (tests, the evaluation, the benchmark). */
  async drain(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  /** Stops after the batch in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.running;
  }

  private async work(): Promise<void> {
    let afterId = 0;
    while (!this.stopped) {
      const batch = await this.deps.stories.needingVectors(this.deps.embedder.id, afterId, BATCH);
      if (batch.length === 0) return;
      try {
        await this.embed(batch);
      } catch (error) {
        this.log?.warn({ err: error }, 'could not embed stories; trying again shortly');
        if (this.deps.retry === false) throw error;
        this.retry = setTimeout(() => this.wake(), RETRY_MS);
        this.retry.unref();
        return;
      }
      afterId = batch.at(-1)?.id ?? afterId;
    }
  }

  /**
   * What each story's vector is made of: the person's words of the message, after those of the
   * message before it in its conversation. An answer ("Failures stopped within twelve minutes") says
   * what it is about through what was said just before; on the tuning conversations this window
   * raised the meaning side's MRR from 0.75 to 0.81 (single messages are as before).
   */
  private async textsToEmbed(batch: readonly StoryRecord[]): Promise<string[]> {
    const told = new Map<string, StoryRecord[]>();
    for (const story of batch) {
      const ref = conversationOf(story);
      const key = `${story.userId}/${conversationKey(ref)}`;
      if (ref.kind !== 'story' && !told.has(key)) told.set(key, await this.deps.stories.findConversations(story.userId, [ref]));
    }
    return batch.map((story) => {
      const messages = told.get(`${story.userId}/${conversationKey(conversationOf(story))}`) ?? [];
      const previous = messages.filter((message) => message.id < story.id).at(-1);
      const own = embeddedTextOf(story.content);
      return previous ? `${embeddedTextOf(previous.content)}\n${own}` : own;
    });
  }

  private async embed(batch: readonly StoryRecord[]): Promise<void> {
    const { embedder, vectors, stories } = this.deps;
    const texts = await this.textsToEmbed(batch);
    const made = await embedder.embed(texts, 'stored');
    await vectors.upsert(
      batch.flatMap((story, i) => {
        const vector = made[i];
        return vector ? [{ storyId: story.id, userId: story.userId, embedder: embedder.id, hidden: story.hidden, vector }] : [];
      }),
    );
    for (const story of batch) await stories.markEmbedded(story.id, embedder.id, story.version);
    this.embedded += batch.length;
    this.deps.onBatch?.(this.embedded);
    // A thread deleted or recovered while the batch was embedded: the vectors follow the stories.
    for (const user of new Set(batch.map((story) => story.userId))) {
      const mine = batch.filter((story) => story.userId === user);
      const visible = new Set((await stories.findVisible(user, mine.map((story) => story.id))).map((story) => story.id));
      const changed = mine.filter((story) => visible.has(story.id) === story.hidden);
      for (const story of changed) await vectors.setHidden([story.id], !visible.has(story.id));
    }
  }
}

import { Worker } from 'node:worker_threads';

/** The encoder and its version: every vector it makes is tagged with it (vectors of two encoders are never compared). */
export const SENTENCE_ENCODER_ID = 'use-lite-512@0.2.0';
/** Universal Sentence Encoder Lite makes vectors of this many dimensions. */
export const SENTENCE_DIMENSIONS = 512;

/**
 * Who waits for the vectors: a person's query (served first) or texts being stored (indexing, in
 * small batches, so that a query never waits behind more than one of them).
 */
export type EncodingPriority = 'query' | 'stored';

/** What judging code needs of an encoder: unit vectors for texts. `SentenceEncoder` is the real one. */
export interface TextEncoder {
  readonly id: string;
  readonly dimensions: number;
  /** One unit vector per text (a text with no words: the zero vector), in order. */
  embed(texts: readonly string[], priority?: EncodingPriority): Promise<Float32Array[]>;
}

/** The encoder could not answer (its thread failed to start or crashed); the caller retries later or does without. */
export class SentenceEncoderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SentenceEncoderError';
  }
}

/** Texts per message to the thread while storing: a query waits at most for one such batch (about 0.3-0.6 s). */
const STORED_BATCH = 16;
/**
 * Characters of a text the encoder reads: its time grows with the text's length, and a passage or
 * a query is far shorter. Longer texts are split by the caller (a story into its turns) or cut here.
 */
export const ENCODER_TEXT_LIMIT = 2_000;

interface Job {
  texts: string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

type ThreadMessage = { ready: true; error?: string } | { id: number; dimensions: number; vectors: Float32Array } | { id: number; error: string };

const THREAD = new URL('./sentence-encoder.thread.mjs', import.meta.url);

/**
 * The sentence encoder of every judgment (search, story fit, résumé evidence, question identity,
 * relevance): Universal Sentence Encoder Lite (Apache-2.0) from npm, run by TensorFlow.js on its
 * WASM backend in a worker thread of this process, so its work never holds the event loop. The
 * model (about 170-200 MB) loads on the first call, from the package, with the thread's network
 * shut. Queries are served before stored texts.
 */
export class SentenceEncoder implements TextEncoder {
  readonly id = SENTENCE_ENCODER_ID;
  readonly dimensions = SENTENCE_DIMENSIONS;
  private thread?: { worker: Worker; ready: Promise<void> };
  private readonly waiting: Record<EncodingPriority, Job[]> = { query: [], stored: [] };
  private running?: { id: number; job: Job };
  private nextId = 1;

  /** Unit vectors of the texts, in order; empty or blank texts get the zero vector without asking the model. */
  async embed(texts: readonly string[], priority: EncodingPriority = 'stored'): Promise<Float32Array[]> {
    const vectors: Float32Array[] = texts.map(() => new Float32Array(SENTENCE_DIMENSIONS));
    const asked = texts.flatMap((text, index) => (text.trim() === '' ? [] : [{ index, text: text.slice(0, ENCODER_TEXT_LIMIT) }]));
    const size = priority === 'query' ? asked.length : STORED_BATCH;
    const batches: Promise<void>[] = [];
    for (let start = 0; start < asked.length; start += size) {
      const batch = asked.slice(start, start + size);
      batches.push(
        this.enqueue(
          batch.map((item) => item.text),
          priority,
        ).then((made) => batch.forEach((item, i) => (vectors[item.index] = made[i] ?? vectors[item.index] ?? new Float32Array(SENTENCE_DIMENSIONS)))),
      );
    }
    await Promise.all(batches);
    return vectors;
  }

  /** Loads the model now (at a service's start), so that the first query does not wait for it. */
  async warm(): Promise<void> {
    await this.start().ready;
  }

  /** Ends the thread; queued work is refused. A later call starts a new thread. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    this.failAll(new SentenceEncoderError('the sentence encoder was closed'));
    await thread?.worker.terminate();
  }

  private enqueue(texts: string[], priority: EncodingPriority): Promise<Float32Array[]> {
    return new Promise((resolve, reject) => {
      this.waiting[priority].push({ texts, resolve, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const job = this.waiting.query.shift() ?? this.waiting.stored.shift();
    if (!job) {
      this.thread?.worker.unref();
      return;
    }
    const id = this.nextId++;
    this.running = { id, job };
    const thread = this.start();
    thread.worker.ref();
    try {
      await thread.ready;
      thread.worker.postMessage({ id, texts: job.texts });
    } catch (error) {
      this.running = undefined;
      job.reject(error instanceof Error ? error : new SentenceEncoderError(String(error)));
      void this.pump();
    }
  }

  private start(): { worker: Worker; ready: Promise<void> } {
    if (this.thread) return this.thread;
    const worker = new Worker(THREAD, { name: 'sentence encoder' });
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // A load failure is reported to whoever waits; nobody waiting must not crash the process.
    ready.catch(() => undefined);
    worker.on('message', (message: ThreadMessage) => {
      if ('ready' in message) {
        if (message.error) settle?.reject(new SentenceEncoderError(`the sentence encoder could not load its model: ${message.error}`));
        else settle?.resolve();
        return;
      }
      this.finish(message);
    });
    const fail = (error: Error) => {
      if (this.thread?.worker === worker) this.thread = undefined;
      const failure = new SentenceEncoderError(`the sentence encoder's thread failed: ${error.message}`);
      settle?.reject(failure);
      this.failRunning(failure);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
    this.thread = { worker, ready };
    return this.thread;
  }

  private finish(message: Exclude<ThreadMessage, { ready: true }>): void {
    const running = this.running;
    if (!running || running.id !== message.id) return;
    this.running = undefined;
    if ('error' in message) running.job.reject(new SentenceEncoderError(`the sentence encoder failed: ${message.error}`));
    else running.job.resolve(splitRows(message.vectors, message.dimensions));
    void this.pump();
  }

  private failRunning(error: Error): void {
    const running = this.running;
    this.running = undefined;
    running?.job.reject(error);
    void this.pump();
  }

  private failAll(error: Error): void {
    this.failRunning(error);
    for (const job of [...this.waiting.query.splice(0), ...this.waiting.stored.splice(0)]) job.reject(error);
  }
}

/** The rows of a flat matrix, each scaled to unit length. */
function splitRows(flat: Float32Array, dimensions: number): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let start = 0; start + dimensions <= flat.length && dimensions > 0; start += dimensions) rows.push(toUnit(flat.slice(start, start + dimensions)));
  return rows;
}

/** Scales a vector to unit length in place (the zero vector stays zero). */
export function toUnit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) return vector;
  const inverse = 1 / Math.sqrt(norm);
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) * inverse;
  return vector;
}

/** The cosine similarity of two vectors of one encoder (for unit vectors, their dot product); 0 when either is zero. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

let shared: SentenceEncoder | undefined;

/** This process's one sentence encoder: the model is loaded once, on first use, whoever asks. */
export function sharedSentenceEncoder(): SentenceEncoder {
  shared ??= new SentenceEncoder();
  return shared;
}

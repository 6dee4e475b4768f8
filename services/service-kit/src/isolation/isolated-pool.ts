import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import { threadStart, type ThreadStart } from './thread-script.ts';

/** What one task may use before it is ended: heap, and wall-clock time from when it starts running on a ready thread. */
export interface IsolatedTaskLimits {
  /** The thread's old-generation heap, in MB (V8 ends the thread when it is full). */
  heapMb: number;
  deadlineMs: number;
}

export interface IsolatedPoolOptions extends IsolatedTaskLimits {
  /** Threads at most (each runs one task at a time). */
  size: number;
  /** Tasks that may wait for a thread; one more is refused at once. */
  maxWaiting: number;
  /** What the pool is for, in errors and thread names ("résumé parsing"). */
  purpose: string;
}

/** Why a task did not finish: over its deadline, out of heap, or no room in the pool or for its key. */
export type IsolatedFailure = 'deadline' | 'memory' | 'pool-busy' | 'key-busy' | 'crashed';

/** A task that did not finish for a reason of the pool (not an error of its own). */
export class IsolatedTaskError extends Error {
  constructor(
    readonly reason: IsolatedFailure,
    message: string,
  ) {
    super(message);
    this.name = 'IsolatedTaskError';
  }
}

/** What a thread answers: the task's output, or its error (an HttpError keeps its status). */
export type ThreadAnswer<O> = { id: number; output: O } | { id: number; error: { message: string; statusCode?: number } };
/** What a thread says once its task module is loaded and listening. */
export type ThreadReady = { ready: true };

/** How long a new thread may take to load its task module before it is taken for broken. */
const THREAD_START_LIMIT_MS = 30_000;

interface Task<I, O> {
  id: number;
  input: I;
  key?: string;
  transfer: ArrayBuffer[];
  resolve: (output: O) => void;
  reject: (error: Error) => void;
}

interface Slot<I, O> {
  worker: Worker;
  /** True once the thread has loaded its task module: a task's deadline starts then. */
  ready: boolean;
  task?: Task<I, O>;
  timer?: NodeJS.Timeout;
}

/**
 * Runs CPU-heavy, input-driven work (parsing an uploaded file, rendering a PDF) on worker threads, so
 * that one hostile input cannot hold the service's event loop: each task has a heap limit and a
 * deadline that ends its thread, the pool has a few threads and a short queue, and one key (a person)
 * has at most one task running or waiting. Threads stay warm between tasks; one that was ended is
 * replaced on the next task.
 */
export class IsolatedPool<I, O> {
  private readonly slots: Slot<I, O>[] = [];
  private readonly waiting: Task<I, O>[] = [];
  private readonly keys = new Set<string>();
  private nextId = 1;
  private closed = false;
  /** Found once, when the pool is made: a bundle missing its thread's bundle fails the service's start, not a task. */
  private readonly start: ThreadStart;

  constructor(
    script: URL,
    private readonly options: IsolatedPoolOptions,
  ) {
    this.start = threadStart(script);
  }

  /** Tasks running and waiting now (metrics and tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((slot) => slot.task).length, waiting: this.waiting.length };
  }

  /**
   * Runs one task. Rejects with IsolatedTaskError (`key-busy` at once when `key` has a task already,
   * `pool-busy` when the queue is full, `deadline` or `memory` when the thread was ended), or with the
   * task's own error (an HttpError when it threw one).
   */
  run(input: I, options: { key?: string; transfer?: ArrayBuffer[] } = {}): Promise<O> {
    if (this.closed) return Promise.reject(new IsolatedTaskError('pool-busy', `${this.options.purpose} is shutting down`));
    const { key } = options;
    if (key !== undefined && this.keys.has(key)) return Promise.reject(new IsolatedTaskError('key-busy', `one ${this.options.purpose} at a time`));
    const idle = this.slots.find((slot) => !slot.task);
    if (!idle && this.slots.length >= this.options.size && this.waiting.length >= this.options.maxWaiting) {
      return Promise.reject(new IsolatedTaskError('pool-busy', `${this.options.purpose} is busy`));
    }
    return new Promise<O>((resolve, reject) => {
      const task: Task<I, O> = { id: this.nextId++, input, key, transfer: options.transfer ?? [], resolve, reject };
      if (key !== undefined) this.keys.add(key);
      this.waiting.push(task);
      this.dispatch();
    });
  }

  /** Ends every thread; tasks still running or waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) this.settle(task, new IsolatedTaskError('pool-busy', `${this.options.purpose} is shutting down`));
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        clearTimeout(slot.timer);
        if (slot.task) this.settle(slot.task, new IsolatedTaskError('pool-busy', `${this.options.purpose} is shutting down`));
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.slots.find((candidate) => !candidate.task) ?? (this.slots.length < this.options.size ? this.spawn() : undefined);
      if (!slot) return;
      const task = this.waiting.shift();
      if (!task) return;
      slot.task = task;
      if (slot.ready) this.startDeadline(slot);
      slot.worker.postMessage({ id: task.id, input: task.input }, task.transfer);
    }
  }

  private startDeadline(slot: Slot<I, O>): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(
      () => this.end(slot, new IsolatedTaskError('deadline', `${this.options.purpose} took longer than ${this.options.deadlineMs} ms`)),
      this.options.deadlineMs,
    );
  }

  private spawn(): Slot<I, O> {
    const worker = new Worker(this.start.file, {
      workerData: { sourceModule: this.start.sourceModule },
      name: this.options.purpose,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, maxYoungGenerationSizeMb: Math.max(4, Math.ceil(this.options.heapMb / 8)) },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot<I, O> = { worker, ready: false };
    // Until it is ready the slot's timer guards the start; a task given meanwhile gets its deadline once it is.
    slot.timer = setTimeout(() => this.end(slot, new IsolatedTaskError('crashed', `${this.options.purpose} did not start`)), THREAD_START_LIMIT_MS).unref();
    worker.on('message', (answer: ThreadAnswer<O> | ThreadReady) => {
      if ('ready' in answer) {
        slot.ready = true;
        clearTimeout(slot.timer);
        if (slot.task) this.startDeadline(slot);
        return;
      }
      const task = slot.task;
      if (!task || task.id !== answer.id) return;
      clearTimeout(slot.timer);
      slot.task = undefined;
      if ('error' in answer)
        this.settle(task, answer.error.statusCode ? new HttpError(answer.error.statusCode, answer.error.message) : new Error(answer.error.message));
      else this.settle(task, undefined, answer.output);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.end(
        slot,
        new IsolatedTaskError(
          memory ? 'memory' : 'crashed',
          memory ? `${this.options.purpose} needed more memory than allowed` : `${this.options.purpose} failed: ${error.message}`,
        ),
      );
    });
    worker.on('exit', () => this.end(slot, new IsolatedTaskError('crashed', `${this.options.purpose} stopped`)));
    this.slots.push(slot);
    return slot;
  }

  /** Ends a slot's thread (deadline, memory, crash): its task fails, the slot is dropped, the queue moves on. */
  private end(slot: Slot<I, O>, error: IsolatedTaskError): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = undefined;
    void slot.worker.terminate();
    if (task) this.settle(task, error);
    if (!this.closed) this.dispatch();
  }

  private settle(task: Task<I, O>, error: Error | undefined, output?: O): void {
    if (task.key !== undefined) this.keys.delete(task.key);
    if (error) task.reject(error);
    else task.resolve(output as O);
  }
}

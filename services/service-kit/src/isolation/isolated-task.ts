import { parentPort } from 'node:worker_threads';
import type { ThreadAnswer, ThreadReady } from './isolated-pool.ts';

/**
 * The thread side of an IsolatedPool: call once in a `*.thread.ts` module with the task's work. Each
 * message is one task; its answer is the output, or the error's message and HTTP status (when it has
 * one), since an Error's class does not cross threads. Once listening, it says it is ready: whatever
 * the module did on loading (reading fonts, a model) is not counted in a task's deadline.
 */
export function serveIsolatedTask<I, O>(work: (input: I) => Promise<O> | O, transferOf: (output: O) => ArrayBuffer[] = () => []): void {
  const port = parentPort;
  if (!port) throw new Error('serveIsolatedTask runs in a worker thread');
  port.on('message', async ({ id, input }: { id: number; input: I }) => {
    let answer: ThreadAnswer<O>;
    let transfer: ArrayBuffer[] = [];
    try {
      const output = await work(input);
      answer = { id, output };
      transfer = transferOf(output);
    } catch (error) {
      const statusCode =
        typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
      answer = { id, error: { message: error instanceof Error ? error.message : String(error), ...(statusCode === undefined ? {} : { statusCode }) } };
    }
    port.postMessage(answer, transfer);
  });
  // The module is loaded and its set-up done: a task's deadline runs from here, not from the thread's start.
  port.postMessage({ ready: true } satisfies ThreadReady);
}

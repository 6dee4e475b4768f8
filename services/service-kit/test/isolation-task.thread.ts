// A task module for the IsolatedPool tests: each input names what the task does.
import { HttpError } from '../src/errors.ts';
import { serveIsolatedTask } from '../src/isolation/isolated-task.ts';

export type IsolationProbe = { kind: 'echo'; bytes: Uint8Array } | { kind: 'spin' } | { kind: 'hoard' } | { kind: 'refuse' } | { kind: 'wait'; ms: number };

serveIsolatedTask<IsolationProbe, { length: number; sum: number }>(async (probe) => {
  switch (probe.kind) {
    case 'echo':
      return { length: probe.bytes.length, sum: probe.bytes.reduce((total, byte) => total + byte, 0) };
    case 'spin':
      for (;;) {
        // a hostile input's endless loop
      }
    case 'hoard': {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => index));
    }
    case 'refuse':
      throw new HttpError(422, 'This file cannot be read.');
    case 'wait':
      await new Promise((resolve) => setTimeout(resolve, probe.ms));
      return { length: 0, sum: 0 };
  }
});

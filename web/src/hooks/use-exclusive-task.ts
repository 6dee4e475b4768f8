import { useState } from 'react';

export interface ExclusiveTask {
  /** For handlers: whether a task runs now (never stale, unlike rendered state). */
  isBusy: () => boolean;
  /** Runs the task, unless one is running: then the new one is ignored. */
  run: (task: () => Promise<void>) => Promise<void>;
}

/** One task at a time, reporting each change of its busy state. (The plain part of `useExclusiveTask`.) */
export function createExclusiveTask(onBusyChange: (busy: boolean) => void): ExclusiveTask {
  let busy = false;
  return {
    isBusy: () => busy,
    run: async (task) => {
      if (busy) return;
      busy = true;
      onBusyChange(true);
      try {
        await task();
      } finally {
        busy = false;
        onBusyChange(false);
      }
    },
  };
}

/**
 * Runs one async task at a time, such as a form's submission: a second start while one runs is
 * ignored (spec section 2: "a second submit while one runs is ignored"). `busy` is for rendering.
 */
export function useExclusiveTask(): ExclusiveTask & { busy: boolean } {
  const [busy, setBusy] = useState(false);
  const [task] = useState(() => createExclusiveTask(setBusy));
  return { ...task, busy };
}

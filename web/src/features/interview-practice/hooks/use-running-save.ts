import { useState } from 'react';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';

/**
 * One save at a time, and which one runs (its button shows a spinner and "Saving..."): a second
 * start while one runs is ignored, whichever button it comes from.
 */
export function useRunningSave<Action extends string>() {
  const saving = useExclusiveTask();
  const [running, setRunning] = useState<Action | null>(null);
  const runAs = (action: Action, task: () => Promise<void>) =>
    void saving.run(async () => {
      setRunning(action);
      try {
        await task();
      } finally {
        setRunning(null);
      }
    });
  return { busy: saving.busy, running, runAs };
}

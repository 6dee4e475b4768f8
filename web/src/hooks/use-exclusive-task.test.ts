import { describe, expect, it, vi } from 'vitest';
import { createExclusiveTask } from './use-exclusive-task.ts';

describe('createExclusiveTask', () => {
  it('reports busy while the task runs, and not after', async () => {
    const changes: boolean[] = [];
    const task = createExclusiveTask((busy) => changes.push(busy));
    let seenInside = false;
    await task.run(async () => {
      seenInside = task.isBusy();
    });
    expect(seenInside).toBe(true);
    expect(task.isBusy()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('ignores a second start while one runs', async () => {
    const task = createExclusiveTask(() => {});
    let finish: () => void = () => {};
    const first = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = vi.fn(async () => {});
    const running = task.run(first);
    await task.run(second);
    expect(second).not.toHaveBeenCalled();
    finish();
    await running;
    await task.run(second);
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
  });

  it('is free again after a task fails, and passes the failure on', async () => {
    const changes: boolean[] = [];
    const task = createExclusiveTask((busy) => changes.push(busy));
    await expect(task.run(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(task.isBusy()).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { followUntilIgnored } from './use-async-effect.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the promise chain run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function spies() {
  return { onSuccess: vi.fn(), onError: vi.fn(), onSettled: vi.fn() };
}

describe('followUntilIgnored', () => {
  it('hands the value to onSuccess, then calls onSettled', async () => {
    const handlers = spies();
    followUntilIgnored(Promise.resolve('client-id'), handlers);
    await settle();
    expect(handlers.onSuccess).toHaveBeenCalledWith('client-id');
    expect(handlers.onError).not.toHaveBeenCalled();
    expect(handlers.onSettled).toHaveBeenCalledOnce();
  });

  it('hands a failure to onError, then calls onSettled', async () => {
    const handlers = spies();
    const failure = new Error('offline');
    followUntilIgnored(Promise.reject(failure), handlers);
    await settle();
    expect(handlers.onSuccess).not.toHaveBeenCalled();
    expect(handlers.onError).toHaveBeenCalledWith(failure);
    expect(handlers.onSettled).toHaveBeenCalledOnce();
  });

  it('passes what onSuccess throws to onError', async () => {
    const failure = new Error('bad answer');
    const handlers = {
      ...spies(),
      onSuccess: vi.fn(() => {
        throw failure;
      }),
    };
    followUntilIgnored(Promise.resolve(1), handlers);
    await settle();
    expect(handlers.onError).toHaveBeenCalledWith(failure);
  });

  it('drops a value or a failure that arrives after it was told to ignore', async () => {
    const late = deferred<string>();
    const lateHandlers = spies();
    followUntilIgnored(late.promise, lateHandlers)();
    late.resolve('stale');

    const failing = deferred<string>();
    const failingHandlers = spies();
    followUntilIgnored(failing.promise, failingHandlers)();
    failing.reject(new Error('stale'));

    await settle();
    for (const handlers of [lateHandlers, failingHandlers]) {
      expect(handlers.onSuccess).not.toHaveBeenCalled();
      expect(handlers.onError).not.toHaveBeenCalled();
      expect(handlers.onSettled).not.toHaveBeenCalled();
    }
  });

  it('does nothing for a null task', async () => {
    const handlers = spies();
    const ignore = followUntilIgnored(null, handlers);
    await settle();
    ignore();
    expect(handlers.onSuccess).not.toHaveBeenCalled();
    expect(handlers.onError).not.toHaveBeenCalled();
    expect(handlers.onSettled).not.toHaveBeenCalled();
  });
});

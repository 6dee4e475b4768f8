import { useEffect, type DependencyList } from 'react';

export interface AsyncEffectHandlers<T> {
  onSuccess: (value: T) => void;
  /** Also gets what `onSuccess` throws, as a `.then().catch()` chain would. */
  onError: (error: unknown) => void;
  /** After either, as `finally` runs. */
  onSettled?: () => void;
}

/**
 * Hands the outcome of `task` to the handlers until the returned function is called; after that
 * the outcome is dropped. A null task has no outcome. (The plain part of `useAsyncEffect`.)
 */
export function followUntilIgnored<T>(task: Promise<T> | null, { onSuccess, onError, onSettled }: AsyncEffectHandlers<T>): () => void {
  let ignored = false;
  task
    ?.then((value) => {
      if (!ignored) onSuccess(value);
    })
    .catch((error: unknown) => {
      if (!ignored) onError(error);
    })
    .finally(() => {
      if (!ignored) onSettled?.();
    });
  return () => {
    ignored = true;
  };
}

/**
 * Runs `start` after render and again whenever `deps` change, and hands its outcome to the
 * handlers, unless the component unmounted or the deps changed in the meantime: a late answer is
 * ignored. `start` returns null when there is nothing to wait for.
 */
export function useAsyncEffect<T>(start: () => Promise<T> | null, handlers: AsyncEffectHandlers<T>, deps: DependencyList): void {
  // The caller names the dependencies, as with useEffect; the handlers are read when `start` runs.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a useEffect wrapper: its caller's `deps` are the dependency list
  useEffect(() => followUntilIgnored(start(), handlers), deps);
}

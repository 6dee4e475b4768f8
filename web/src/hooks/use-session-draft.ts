import { useCallback, useState } from 'react';

/** Reads a draft; storage can be unavailable (private modes, quotas), and then there is none. */
export function readDraft(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps a draft (an empty one is forgotten). */
export function writeDraft(key: string, value: string): void {
  try {
    if (value) window.sessionStorage.setItem(key, value);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Without storage the draft lives only as long as the page: nothing worse than before.
  }
}

/**
 * A text field's value that survives leaving the page and coming back in the same tab (reading the
 * Terms from the sign-up form, a reload), kept in sessionStorage, so it is gone when the tab closes.
 * Never for passwords.
 */
export function useSessionDraft(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => readDraft(key));
  const update = useCallback(
    (next: string) => {
      setValue(next);
      writeDraft(key, next);
    },
    [key],
  );
  return [value, update];
}

/** Forgets the drafts whose keys start with `prefix` (once the form they belong to is done). */
export function forgetSessionDrafts(prefix: string): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.key(i)).filter(
      (key): key is string => key?.startsWith(prefix) ?? false,
    );
    for (const key of keys) window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

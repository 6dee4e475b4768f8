import { useState } from 'react';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import type { CommonPasswordRule } from '../lib/signup-form.ts';

let loading: Promise<CommonPasswordRule | undefined> | undefined;

/**
 * Loads proto's common-password rule with its list, once. It is a chunk of its own that only the
 * sign-up details step asks for, so the list never weighs on the first page.
 */
export function loadCommonPasswordRule(): Promise<CommonPasswordRule | undefined> {
  loading ??= import('@story/proto/common-passwords').then(
    (module) => module.commonPasswordError,
    () => {
      // A chunk that failed to load (offline, a new deployment): the server still applies the
      // rule, and the next submit tries to load it again.
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

/** The common-password rule once it has loaded (undefined until then); loading starts on mount. */
export function useCommonPasswordRule(): CommonPasswordRule | undefined {
  const [rule, setRule] = useState<CommonPasswordRule>();
  useAsyncEffect(
    () => loadCommonPasswordRule(),
    {
      onSuccess: (loaded) => {
        if (loaded) setRule(() => loaded);
      },
      onError: () => undefined,
    },
    [],
  );
  return rule;
}

import { useCallback, useState } from 'react';
import { MOCK_INTERVIEW_MESSAGES as M, type MockInterview } from '@story/proto';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { fetchMockInterview } from '../api/mock-interviews.api.ts';
import { loadFailureOf, type LoadFailure } from '../lib/load-failure.ts';

export interface LoadedInterview {
  interview: MockInterview | null;
  /** Why it could not be read (the API's message, and whether the plan refused it), or null. */
  failure: LoadFailure | null;
  /** Reads it again (a reload after another tab answered); resolves when it is in. */
  reload: () => Promise<void>;
  /** Puts the server's newer copy in place (every write answers with the interview). */
  replace: (interview: MockInterview) => void;
}

/** One mock interview, read from the server when the screen opens: a reload resumes where the server says it is. */
export function useMockInterview(id: number | null): LoadedInterview {
  const [interview, setInterview] = useState<MockInterview | null>(null);
  const [failure, setFailure] = useState<LoadFailure | null>(null);

  useAsyncEffect(
    () => (id === null ? Promise.reject(new Error('no such interview')) : fetchMockInterview(id)),
    {
      onSuccess: (loaded) => {
        setInterview(loaded);
        setFailure(null);
      },
      onError: (error) => {
        console.error(M.notFound, error);
        setFailure(loadFailureOf(error, M.notFound));
      },
    },
    [id],
  );

  const reload = useCallback(async () => {
    if (id === null) return;
    try {
      setInterview(await fetchMockInterview(id));
      setFailure(null);
    } catch (error) {
      console.error(M.notFound, error);
      setFailure(loadFailureOf(error, M.notFound));
    }
  }, [id]);

  return { interview, failure, reload, replace: setInterview };
}

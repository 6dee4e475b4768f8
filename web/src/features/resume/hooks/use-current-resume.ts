import { useCallback, useState } from 'react';
import type { Resume } from '@story/proto';
import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { fetchCurrentResume } from '../api/resumes.api.ts';
import { resumeFailure, type ResumeFailure } from '../lib/resume-failure.ts';

/** The current résumé as a page has it: loading, there, none yet, or a failure (the plan's notice among them). */
export type CurrentResume = { status: 'loading' } | { status: 'ready'; resume: Resume } | { status: 'none' } | ({ status: 'failed' } & ResumeFailure);

/** Reads the current résumé; `replace` puts a newer version in its place (a save, an accepted suggestion). */
export function useCurrentResume() {
  const [state, setState] = useState<CurrentResume>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useAsyncEffect(
    () => fetchCurrentResume(),
    {
      onSuccess: (resume) => setState(resume ? { status: 'ready', resume } : { status: 'none' }),
      onError: (error) => {
        console.error(RESUME_SCREEN_MESSAGES.loadFailed, error);
        setState({ status: 'failed', ...resumeFailure(error, RESUME_SCREEN_MESSAGES.loadFailed) });
      },
    },
    [round],
  );

  const reload = useCallback(async () => {
    setState({ status: 'loading' });
    setRound((value) => value + 1);
  }, []);
  const replace = useCallback((resume: Resume) => setState({ status: 'ready', resume }), []);
  /** Another call found what reading it would have (the plan refusing résumés). */
  const fail = useCallback((failure: ResumeFailure) => setState({ status: 'failed', ...failure }), []);
  return { state, reload, replace, fail };
}

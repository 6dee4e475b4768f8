import { useCallback, useState } from 'react';
import { RESUME_MESSAGES, type Resume, type ResumeAdvice, type ResumeSuggestion } from '@story/proto';
import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { acceptSuggestion, dismissSuggestion, fetchResumeSuggestions } from '../api/resumes.api.ts';
import { resumeFailure } from '../lib/resume-failure.ts';
import { bulletElementId } from '../lib/resume-links.ts';

export type SuggestionsState =
  { status: 'loading' } | { status: 'ready'; suggestions: ResumeSuggestion[]; advice: ResumeAdvice | null } | { status: 'failed'; message: string };

/** After a suggestion is acted on, its bullet gets the focus (the suggestion's buttons are gone). */
function focusBullet(bulletId: string): void {
  requestAnimationFrame(() => document.getElementById(bulletElementId(bulletId))?.focus());
}

/**
 * The suggestions for the résumé's current version (read again whenever the version changes), and
 * Accept (the rewrite becomes the bullet: `onNewVersion` gets the résumé's new version) and Dismiss.
 * One at a time; `acting` names the suggestion being acted on.
 */
export function useResumeSuggestions(resume: Resume, onNewVersion: (resume: Resume) => void) {
  const [state, setState] = useState<SuggestionsState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const [acting, setActing] = useState<string | null>(null);
  const task = useExclusiveTask();

  useAsyncEffect(
    () => {
      // A new version keeps the suggestions on screen until its own come (no flash of an empty list).
      setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
      return fetchResumeSuggestions(resume.id);
    },
    {
      onSuccess: (answer) => setState({ status: 'ready', suggestions: answer.suggestions, advice: answer.advice }),
      onError: (error) => {
        const { message } = resumeFailure(error, RESUME_MESSAGES.suggestionsFailed);
        notifyFailure(message, error);
        setState({ status: 'failed', message });
      },
    },
    [resume.id, resume.version, round],
  );

  const drop = (suggestion: ResumeSuggestion) =>
    setState((current) =>
      current.status === 'ready' ? { ...current, suggestions: current.suggestions.filter((item) => item.id !== suggestion.id) } : current,
    );

  const act = (suggestion: ResumeSuggestion, run: () => Promise<void>, failure: string) =>
    task.run(async () => {
      setActing(suggestion.id);
      try {
        await run();
        focusBullet(suggestion.bulletId);
      } catch (error) {
        notifyFailure(resumeFailure(error, failure).message, error);
      } finally {
        setActing(null);
      }
    });

  const accept = (suggestion: ResumeSuggestion) =>
    act(
      suggestion,
      async () => {
        const next = await acceptSuggestion(resume.id, suggestion.id);
        notifySuccess(RESUME_MESSAGES.suggestionAccepted);
        drop(suggestion);
        onNewVersion(next);
      },
      RESUME_SCREEN_MESSAGES.acceptFailed,
    );

  const dismiss = (suggestion: ResumeSuggestion) =>
    act(
      suggestion,
      async () => {
        notifySuccess(await dismissSuggestion(resume.id, suggestion.id));
        drop(suggestion);
        // A list asked for before the dismissal may still be on its way: it is ignored, and the list is
        // read again as the server now has it, so a dismissed suggestion never comes back.
        setRound((value) => value + 1);
      },
      RESUME_SCREEN_MESSAGES.dismissFailed,
    );

  const reload = useCallback(async () => setRound((value) => value + 1), []);
  return { state, acting, accept, dismiss, reload };
}

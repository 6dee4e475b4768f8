import { useEffect, useMemo, useReducer, useState } from 'react';
import { RESUME_MESSAGES, resumeContentSchema, type Resume } from '@story/proto';
import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import { useProblemToast } from '../../../hooks/use-problem-toast.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { saveResume } from '../api/resumes.api.ts';
import { resumeDraftReducer } from '../lib/resume-draft-reducer.ts';
import { contentOf, draftOf } from '../lib/resume-draft.ts';
import { resumeFailure } from '../lib/resume-failure.ts';

const EMPTY = draftOf({ name: '', contact: [], summary: '', roles: [], education: [], skills: [], extraSections: [] });

/**
 * The review form of `resume` (the current version): the draft and its edits, whether it differs
 * from what is saved, and "Save résumé", which checks the draft against the contract first (the
 * first problem as an "Error" toast that closes once it is put right) and gives the saved version.
 */
export function useResumeReview(resume: Resume | undefined) {
  const [draft, dispatch] = useReducer(resumeDraftReducer, EMPTY);
  const saving = useExclusiveTask();

  const [loadedFor, setLoadedFor] = useState<Resume | undefined>();

  // A new version to review (the page loaded it, or another one replaced it): the form starts from it.
  useEffect(() => {
    if (!resume) return;
    dispatch({ type: 'reset', draft: draftOf(resume.content) });
    setLoadedFor(resume);
  }, [resume]);
  /** The draft is the résumé's (not the empty one of the first render, nor an older version's). */
  const ready = resume !== undefined && loadedFor === resume;

  const content = useMemo(() => contentOf(draft), [draft]);
  const problem = useMemo(() => resumeContentSchema.safeParse(content).error?.issues[0]?.message, [content]);
  const complain = useProblemToast(problem ? [problem] : []);
  const dirty = ready && JSON.stringify(content) !== JSON.stringify(resume.content);

  const save = (onSaved: (saved: Resume) => void) =>
    void saving.run(async () => {
      if (!resume || !ready) return;
      if (problem) return complain(problem);
      try {
        const saved = await saveResume(resume.id, content, resume.version);
        notifySuccess(RESUME_MESSAGES.saved);
        onSaved(saved);
      } catch (error) {
        notifyFailure(resumeFailure(error, RESUME_SCREEN_MESSAGES.saveFailed).message, error);
      }
    });

  return { draft, dispatch, ready, dirty, saving: saving.busy, save };
}

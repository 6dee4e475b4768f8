import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Resume } from '@story/proto';
import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { notifyError } from '../../../components/toast/notify.ts';
import type { ToastHandle } from '../../../components/toast/toast-store.ts';
import { uploadResume } from '../api/resumes.api.ts';
import { resumeFailure, type ResumeFailure } from '../lib/resume-failure.ts';
import { pickResumeFile } from '../lib/resume-file.ts';

/** Where an upload is: its bytes going up (percent), then the service reading the file. */
export type UploadPhase = { step: 'idle' } | { step: 'sending'; percent: number; fileName: string } | { step: 'reading'; fileName: string };

/**
 * Uploads one chosen or dropped résumé: the files are checked first (the service's messages, as an
 * "Error" toast that closes once a good file is chosen), then sent with their progress. Gives the
 * saved résumé, or null after telling why not; a plan without résumés is handed to `onLocked`.
 */
export function useResumeUpload(onLocked: (failure: ResumeFailure) => void) {
  const [phase, setPhase] = useState<UploadPhase>({ step: 'idle' });
  const refusal = useRef<ToastHandle | null>(null);

  const refuse = (message: string) => {
    refusal.current = notifyError(message);
  };

  const upload = async (files: readonly File[]): Promise<Resume | null> => {
    if (phase.step !== 'idle') return null;
    const picked = pickResumeFile(files);
    if ('problem' in picked) {
      refuse(picked.problem);
      return null;
    }
    refusal.current?.dismiss();
    refusal.current = null;
    const fileName = picked.file.name;
    setPhase({ step: 'sending', percent: 0, fileName });
    try {
      return await uploadResume(picked.file, {
        onProgress: (fraction) => setPhase({ step: 'sending', percent: Math.round(fraction * 100), fileName }),
        // Shown at once: the browser may report the last bytes sent just before the answer, and the answer's
        // page would otherwise replace the bar in the same render, so that it never reached its end.
        onSent: () => flushSync(() => setPhase({ step: 'reading', fileName })),
      });
    } catch (error) {
      console.error(RESUME_SCREEN_MESSAGES.uploadFailed, error);
      const failure = resumeFailure(error, RESUME_SCREEN_MESSAGES.uploadFailed);
      if (failure.kind === 'locked') onLocked(failure);
      else refuse(failure.message);
      return null;
    } finally {
      setPhase({ step: 'idle' });
    }
  };

  return { phase, upload };
}

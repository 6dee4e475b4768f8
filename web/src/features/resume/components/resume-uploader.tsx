import { RESUME_MESSAGES } from '@story/proto';
import { useNavigate } from 'react-router';
import { CardSection } from '../../../components/card-section.ts';
import { notifySuccess } from '../../../components/toast/notify.ts';
import { useResumeUpload } from '../hooks/use-resume-upload.ts';
import type { ResumeFailure } from '../lib/resume-failure.ts';
import { ResumeDropZone } from './resume-drop-zone.tsx';
import { PATHS } from '../../../lib/paths.ts';

/** The upload card: choose or drop the file; once it is read, "Résumé uploaded..." and on to its review. */
export function ResumeUploader({ heading, onLocked }: { heading: string; onLocked: (failure: ResumeFailure) => void }) {
  const navigate = useNavigate();
  const { phase, upload } = useResumeUpload(onLocked);

  const handleFiles = async (files: File[]) => {
    const resume = await upload(files);
    if (!resume) return;
    notifySuccess(RESUME_MESSAGES.uploaded);
    navigate(PATHS.resumeReview);
  };

  return (
    <CardSection aria-labelledby="resume-upload-heading">
      <h2 id="resume-upload-heading">{heading}</h2>
      <p>We read your file into its parts (roles, bullets, education, skills) for you to check before anything is saved.</p>
      <ResumeDropZone phase={phase} onFiles={(files) => void handleFiles(files)} />
    </CardSection>
  );
}

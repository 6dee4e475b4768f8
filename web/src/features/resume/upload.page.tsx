import { useState } from 'react';
import { PageShell } from '../../chrome/page-shell.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PlanNotice } from '../../components/plan-notice.tsx';
import { ResumeUploader } from './components/resume-uploader.tsx';
import type { ResumeFailure } from './lib/resume-failure.ts';

/** /resume/upload: choose or drop a résumé file (PDF, DOCX, TXT or Markdown, up to 5 MB), then its review. */
export function ResumeUploadPage() {
  useDocumentTitle('Upload Your Résumé');
  const [locked, setLocked] = useState<ResumeFailure | null>(null);
  return (
    <PageShell title="Upload Your Résumé">
      {locked ? <PlanNotice message={locked.message} features={['resume']} /> : <ResumeUploader heading="Choose your résumé file" onLocked={setLocked} />}
    </PageShell>
  );
}

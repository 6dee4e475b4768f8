import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import type { Resume } from '@story/proto';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { spreadRowStyles } from '../../components/spread-row.ts';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { PageShell } from '../../chrome/page-shell.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLockedFeatures } from '../../api/usage.api.ts';
import { ExperienceSection } from './components/experience-section.tsx';
import { PdfDownload } from './components/pdf-download.tsx';
import { ResumeHeaderView, ResumeMoreView } from './components/resume-details-view.tsx';
import { ResumeStatus } from './components/resume-status.tsx';
import { ResumeUploader } from './components/resume-uploader.tsx';
import { VersionsList } from './components/versions-list.tsx';
import { useCurrentResume } from './hooks/use-current-resume.ts';
import { PATHS } from '../../lib/paths.ts';

const Toolbar = styled.div`
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.md};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Note = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
`;

/** The résumé's current version, its suggestions and what can be done with it. */
function CurrentResumeView({ resume, onNewVersion }: { resume: Resume; onNewVersion: (resume: Resume) => void }) {
  const navigate = useNavigate();
  const locked = useLockedFeatures();
  return (
    <>
      <Toolbar>
        <Buttons>
          <Button onClick={() => navigate(PATHS.resumeReview)}>Edit</Button>
          <Button $variant="secondary" onClick={() => navigate(PATHS.resumeUpload)}>
            Upload a new résumé
          </Button>
        </Buttons>
        <PdfDownload resumeId={resume.id} locked={locked.data?.locked.pdfExport} />
      </Toolbar>
      {!resume.reviewed && <Note>{RESUME_SCREEN_MESSAGES.notReviewed}</Note>}
      <CardSection aria-label="Name and summary">
        <ResumeHeaderView content={resume.content} />
      </CardSection>
      <ExperienceSection resume={resume} onNewVersion={onNewVersion} />
      <ResumeMoreView content={resume.content} />
      <VersionsList resume={resume} />
    </>
  );
}

/**
 * /resume: the current version rendered (roles, bullets, education, skills...), each weak bullet
 * beside its suggestion (Accept, Dismiss, "Tell the story behind this line"), Download PDF, Edit,
 * Upload a new résumé and the versions. Without a résumé yet: the upload; without the plan: its notice.
 */
export function ResumePage() {
  useDocumentTitle('Your Résumé');
  const current = useCurrentResume();
  const { state } = current;
  return (
    <PageShell title="Your Résumé">
      {state.status === 'ready' && <CurrentResumeView resume={state.resume} onNewVersion={current.replace} />}
      {state.status !== 'ready' && <ResumeStatus state={state} onRetry={current.reload} noneLinks={false} />}
      {state.status === 'none' && <ResumeUploader heading="Upload your résumé" onLocked={current.fail} />}
    </PageShell>
  );
}

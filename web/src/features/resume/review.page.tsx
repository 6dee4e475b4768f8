import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { Link, useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { spreadRowStyles } from '../../components/spread-row.ts';
import { Button } from '../../components/button.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useLeaveWarning } from '../../hooks/use-leave-warning.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ResumeForm } from './components/resume-form.tsx';
import { ResumeStatus } from './components/resume-status.tsx';
import { useCurrentResume } from './hooks/use-current-resume.ts';
import { useResumeReview } from './hooks/use-resume-review.ts';
import { PATHS } from '../../lib/paths.ts';

const Bar = styled.div`
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.md};
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/**
 * /resume/review: the current résumé as read from its file (or as last saved) in editable form, and
 * "Save résumé", which saves it as the next version and goes to the résumé page. Leaving with
 * changes not saved asks first.
 */
export function ResumeReviewPage() {
  useDocumentTitle('Review Your Résumé');
  const navigate = useNavigate();
  const current = useCurrentResume();
  const resume = current.state.status === 'ready' ? current.state.resume : undefined;
  const review = useResumeReview(resume);
  const leave = useLeaveWarning(review.dirty && !review.saving);

  const handleSave = () => review.save(() => navigate(PATHS.resume));

  return (
    <PageShell title="Review Your Résumé">
      {current.state.status !== 'ready' ? (
        <ResumeStatus state={current.state} onRetry={current.reload} />
      ) : (
        <>
          <Bar>
            <Meta>
              {current.state.resume.fileName} · version {current.state.resume.version}
              {current.state.resume.reviewed ? '' : ' · not reviewed yet'}
            </Meta>
            <Actions>
              {current.state.resume.reviewed && <Link to={PATHS.resume}>Back to your résumé</Link>}
              <Button onClick={handleSave} disabled={review.saving} aria-busy={review.saving || undefined}>
                {review.saving && <Spinner size={16} />}
                {review.saving ? 'Saving...' : 'Save résumé'}
              </Button>
            </Actions>
          </Bar>
          {review.ready && <ResumeForm draft={review.draft} dispatch={review.dispatch} />}
        </>
      )}
      <ConfirmDialog
        open={leave.state === 'blocked' && review.dirty}
        title={RESUME_SCREEN_MESSAGES.leaveTitle}
        description={RESUME_SCREEN_MESSAGES.leaveBody}
        cancelLabel={RESUME_SCREEN_MESSAGES.leaveStay}
        confirmLabel={RESUME_SCREEN_MESSAGES.leaveConfirm}
        onCancel={() => leave.reset?.()}
        onConfirm={() => leave.proceed?.()}
        destructive
      />
    </PageShell>
  );
}

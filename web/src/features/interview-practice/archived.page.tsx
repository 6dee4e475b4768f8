import { JOB_MESSAGES } from '@story/proto';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.ts';
import { PageShell } from '../../chrome/page-shell.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { useErrorToast } from '../../hooks/use-error-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CardActions, CardGrid, EmptyText, JobDescriptionCard, PageActions } from './components/job-description-card.tsx';
import { useJobDescriptions } from './api/job-descriptions.api.ts';
import { useJobDescriptionActions } from './hooks/use-job-description-actions.ts';
import { PATHS } from '../../lib/paths.ts';

/** /interview-practice/archived: archived descriptions as cards, each with Unarchive. */
export function ArchivedPage() {
  useDocumentTitle('Archived Job Descriptions');
  const navigate = useNavigate();
  const list = useJobDescriptions(true);
  useErrorToast(list.error, JOB_MESSAGES.loadArchivedFailed);
  const actions = useJobDescriptionActions();
  const descriptions = list.data?.formattedJobDescriptions ?? [];

  return (
    <PageShell title="Archived Job Descriptions">
      <PageActions>
        <Button $variant="secondary" onClick={() => navigate(PATHS.interviewSaved)}>
          View Active Jobs
        </Button>
      </PageActions>

      {list.loading && !list.data ? (
        <BusyStatus>Loading archived descriptions...</BusyStatus>
      ) : descriptions.length === 0 ? (
        <EmptyText>No archived job descriptions.</EmptyText>
      ) : (
        <CardGrid>
          {descriptions.map((description) => (
            <JobDescriptionCard key={description.id} description={description}>
              <CardActions>
                <Button
                  onClick={() => void actions.unarchive(description)}
                  disabled={actions.busyId === description.id}
                  aria-busy={actions.busyId === description.id || undefined}
                >
                  Unarchive
                </Button>
              </CardActions>
            </JobDescriptionCard>
          ))}
        </CardGrid>
      )}
    </PageShell>
  );
}

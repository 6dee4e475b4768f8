import { useState } from 'react';
import { JOB_MESSAGES } from '@story/proto';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { useErrorToast } from '../../hooks/use-error-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CardActions, CardGrid, EmptyText, JobDescriptionCard, PageActions } from './components/job-description-card.tsx';
import { useJobDescriptions } from './api/job-descriptions.api.ts';
import { SavedSnippets } from './components/saved-snippets.tsx';
import { useJobDescriptionActions } from './hooks/use-job-description-actions.ts';
import { mockStartPath, PATHS, readinessPath, reviewPath } from '../../lib/paths.ts';

const Toggle = styled(Button)`
  justify-self: start;
`;

type SavedDescription = NonNullable<ReturnType<typeof useJobDescriptions>['data']>['formattedJobDescriptions'][number];

/** One saved description: its snippets (opened one card at a time), Practice, Mock interview, Readiness, Archive and Delete. */
function SavedDescriptionCard({
  description,
  open,
  onToggle,
  actions,
}: {
  description: SavedDescription;
  open: boolean;
  onToggle: () => void;
  actions: ReturnType<typeof useJobDescriptionActions>;
}) {
  const navigate = useNavigate();
  const snippetsId = `snippets-${description.id}`;
  const practice = () =>
    navigate(
      reviewPath({
        description: description.formattedContent,
        jobTitle: description.jobTitle,
        companyName: description.companyName,
        id: Number(description.id),
      }),
    );
  return (
    <JobDescriptionCard description={description}>
      <Toggle $variant="link" aria-expanded={open} aria-controls={open ? snippetsId : undefined} onClick={onToggle}>
        {description.snippetCount} Snippets
      </Toggle>
      {open && <SavedSnippets id={snippetsId} jobDescriptionId={description.id} />}
      <CardActions>
        <Button onClick={practice}>Practice</Button>
        <Button $variant="secondary" onClick={() => void navigate(mockStartPath(description.id))}>
          Mock interview
        </Button>
        <Button $variant="secondary" onClick={() => void navigate(readinessPath(description.id))}>
          Readiness
        </Button>
        <Button
          $variant="secondary"
          onClick={() => void actions.archive(description)}
          disabled={actions.busyId === description.id}
          aria-busy={actions.busyId === description.id || undefined}
        >
          Archive
        </Button>
        <Button $variant="ghost" onClick={() => actions.deletion.ask(description)}>
          Delete
        </Button>
      </CardActions>
    </JobDescriptionCard>
  );
}

/**
 * /interview-practice/saved: the active descriptions as cards, each with its snippet count in the
 * same query as the list. "{n} Snippets" opens one card's saved snippets at a time (fetched on
 * open); Practice reviews it again, Archive moves it away, Delete asks first.
 */
export function SavedPage() {
  useDocumentTitle('Saved Job Descriptions');
  const navigate = useNavigate();
  const list = useJobDescriptions(false);
  useErrorToast(list.error, JOB_MESSAGES.loadSavedFailed);
  const actions = useJobDescriptionActions();
  const [openId, setOpenId] = useState<string | null>(null);
  const descriptions = list.data?.formattedJobDescriptions ?? [];

  return (
    <PageShell title="Saved Job Descriptions">
      <PageActions>
        <Button $variant="secondary" onClick={() => navigate(PATHS.interviewArchived)}>
          View Archived Jobs
        </Button>
        <Button onClick={() => navigate(PATHS.interviewPractice)}>Add New Job</Button>
      </PageActions>

      {list.loading && !list.data ? (
        <BusyStatus>Loading saved descriptions...</BusyStatus>
      ) : descriptions.length === 0 ? (
        <EmptyText>No saved job descriptions yet.</EmptyText>
      ) : (
        <CardGrid>
          {descriptions.map((description) => (
            <SavedDescriptionCard
              key={description.id}
              description={description}
              open={openId === description.id}
              onToggle={() => setOpenId(openId === description.id ? null : description.id)}
              actions={actions}
            />
          ))}
        </CardGrid>
      )}

      <ConfirmDialog
        open={actions.deletion.pending !== null}
        title="Are you sure you want to delete this job description?"
        description="This action cannot be undone. This will permanently delete the job description."
        cancelLabel="Cancel"
        confirmLabel="Yes, delete it"
        destructive
        busy={actions.deletion.busy}
        onCancel={actions.deletion.cancel}
        onConfirm={() => void actions.deletion.confirm()}
      />
    </PageShell>
  );
}

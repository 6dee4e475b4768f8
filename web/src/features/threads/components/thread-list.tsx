import { useId, type ReactNode } from 'react';
import { THREAD_MESSAGES, PDF_DOWNLOADS } from '@story/proto';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DownloadIcon } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PdfDownloadButton, browserTimeZone } from '../../../components/pdf-download-button.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import { useErrorToast } from '../../../hooks/use-error-toast.ts';
import { ThreadTable } from './thread-table.tsx';
import { ThreadTitleEditor, ThreadTitleText, titleIconButtonStyles } from './thread-title-editor.tsx';
import { threadPdfPath, useThreads } from '../api/threads.api.ts';
import { useThreadMutations, type ThreadMutations } from '../hooks/use-thread-mutations.ts';
import type { ThreadRow } from '../api/threads.graphql.ts';
import { continueThreadPath } from '../../../lib/paths.ts';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Group = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const SmallButton = styled(Button)`
  min-height: 32px;
  padding: 0 0.625rem;
`;

/** The title (or its editor) with the thread's PDF download beside it: the Actions column (200 px) holds two buttons, not three. */
const TitleWithPdf = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;

  > :first-child {
    min-width: 0;
  }
`;

const IconPdfButton = styled(PdfDownloadButton)`
  ${titleIconButtonStyles}
`;

/** The thread's title and a download button for its PDF (to read or print), named after the thread for a screen reader. */
function TitleAndPdf({ thread, children }: { thread: ThreadRow; children: ReactNode }) {
  return (
    <TitleWithPdf>
      {children}
      <IconPdfButton
        variant="ghost"
        iconOnly
        path={threadPdfPath(thread.id, browserTimeZone())}
        needs={PDF_DOWNLOADS.thread.needs}
        fallbackName="Conversation.pdf"
        failedMessage={THREAD_MESSAGES.pdfFailed}
        aria-label={`Download PDF of ${thread.title}`}
        title="Download PDF"
      >
        <DownloadIcon />
      </IconPdfButton>
    </TitleWithPdf>
  );
}

/** "Deleted Conversations", each with Recover. */
function DeletedThreads({ threads, recovery }: { threads: readonly ThreadRow[]; recovery: ThreadMutations['recovery'] }) {
  const headingId = useId();
  return (
    <Group aria-labelledby={headingId}>
      <h2 id={headingId}>Deleted Conversations</h2>
      <ThreadTable
        labelledBy={headingId}
        threads={threads}
        emptyText="No deleted conversations"
        renderTitle={(thread) => (
          <TitleAndPdf thread={thread}>
            <ThreadTitleText>{thread.title}</ThreadTitleText>
          </TitleAndPdf>
        )}
        renderActions={(thread) => (
          <SmallButton
            $variant="secondary"
            onClick={() => void recovery.recover(thread)}
            disabled={recovery.busyId === thread.id}
            aria-busy={recovery.busyId === thread.id || undefined}
          >
            Recover
          </SmallButton>
        )}
      />
    </Group>
  );
}

/**
 * The user's conversation threads: active ones (rename inline, PDF download, Continue, Delete with
 * confirmation) and, when there are any, the deleted ones (PDF download, Recover). Every change refetches the thread lists.
 */
export function ThreadList() {
  const navigate = useNavigate();
  const active = useThreads(false);
  const deleted = useThreads(true);
  useErrorToast(active.error, THREAD_MESSAGES.loadFailed);
  useErrorToast(deleted.error, THREAD_MESSAGES.loadDeletedFailed);
  const { title, deletion, recovery } = useThreadMutations();

  const activeThreads = active.data?.threads ?? [];
  const deletedThreads = deleted.data?.threads ?? [];
  // A failed load is not an empty list: one message says what failed, and Retry loads what failed.
  const activeFailed = Boolean(active.error) && !active.data;
  const deletedFailed = Boolean(deleted.error) && !deleted.data;
  const retryFailed = () => Promise.all([activeFailed ? active.refetch() : undefined, deletedFailed ? deleted.refetch() : undefined]);

  return (
    <Wrapper>
      {(activeFailed || deletedFailed) && (
        <LoadError message={activeFailed ? THREAD_MESSAGES.loadFailed : THREAD_MESSAGES.loadDeletedFailed} onRetry={retryFailed} />
      )}
      {activeFailed ? null : active.loading && !active.data ? (
        <BusyStatus>Loading conversations...</BusyStatus>
      ) : (
        <ThreadTable
          label="Conversations"
          threads={activeThreads}
          emptyText="No conversations found"
          renderTitle={(thread) => (
            <TitleAndPdf thread={thread}>
              <ThreadTitleEditor
                thread={thread}
                editing={title.editingId === thread.id}
                saving={title.savingId === thread.id}
                onEdit={() => title.edit(thread)}
                onDone={(draft) => void title.finish(thread, draft)}
              />
            </TitleAndPdf>
          )}
          renderActions={(thread) => (
            <>
              <SmallButton onClick={() => navigate(continueThreadPath(thread.id))}>Continue</SmallButton>
              <SmallButton $variant="secondary" onClick={() => deletion.ask(thread)}>
                Delete
              </SmallButton>
            </>
          )}
        />
      )}

      {deletedThreads.length > 0 && <DeletedThreads threads={deletedThreads} recovery={recovery} />}

      <ConfirmDialog
        open={deletion.pending !== null}
        title="Are you sure you want to delete this conversation?"
        description="The deleted conversation will be in the Deleted conversations folder for 30 days before being permanently deleted."
        cancelLabel="No, let's not delete"
        confirmLabel="Yes, delete"
        destructive
        busy={deletion.busy}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirm()}
      />
    </Wrapper>
  );
}

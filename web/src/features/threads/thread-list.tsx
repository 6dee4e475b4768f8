import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { LIMITS } from '@story/proto';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PencilIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast/toast-store.ts';
import { titleEditOutcome } from './thread-title.ts';
import { ThreadTable } from './thread-table.tsx';
import {
  DELETE_THREAD_MUTATION,
  RECOVER_THREAD_MUTATION,
  RENAME_THREAD_MUTATION,
  THREAD_LIST_QUERIES,
  THREADS_QUERY,
  type ThreadRow,
} from './threads.graphql.ts';
import { useErrorToast } from '../../hooks/use-error-toast.ts';

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

const Loading = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const TitleLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const TitleText = styled.span`
  overflow-wrap: anywhere;
`;

const IconButton = styled(Button)`
  min-height: 32px;
  width: 32px;
  padding: 0;
  flex: none;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TitleInput = styled.input`
  width: 100%;
  height: 36px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
`;

const SmallButton = styled(Button)`
  min-height: 32px;
  padding: 0 0.625rem;
`;

interface TitleEditorProps {
  thread: ThreadRow;
  onDone: (draft: string | null) => void;
  saving: boolean;
}

/** The inline title input: prefilled, saves on blur (Enter blurs), Escape leaves it unchanged. */
function TitleEditor({ thread, onDone, saving }: TitleEditorProps) {
  const [draft, setDraft] = useState(thread.title);
  const cancelled = useRef(false);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelled.current = true;
      event.currentTarget.blur();
    }
  };

  return (
    <TitleInput
      aria-label="Conversation title"
      value={draft}
      maxLength={LIMITS.title}
      autoFocus
      readOnly={saving}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={handleKeyDown}
      onBlur={() => onDone(cancelled.current ? null : draft)}
    />
  );
}

/**
 * The user's conversation threads: active ones (rename inline, Continue, Delete with confirmation)
 * and, when there are any, the deleted ones (Recover). Every change refetches the thread lists.
 */
export function ThreadList() {
  const navigate = useNavigate();
  const deletedHeadingId = useId();
  const active = useQuery(THREADS_QUERY, { variables: { deleted: false } });
  const deleted = useQuery(THREADS_QUERY, { variables: { deleted: true } });
  useErrorToast(active.error, 'Failed to load conversation threads');
  useErrorToast(deleted.error, 'Failed to load deleted conversation threads');

  const [renameThread] = useMutation(RENAME_THREAD_MUTATION, { refetchQueries: THREAD_LIST_QUERIES });
  const [deleteThread] = useMutation(DELETE_THREAD_MUTATION, { refetchQueries: THREAD_LIST_QUERIES });
  const [recoverThread] = useMutation(RECOVER_THREAD_MUTATION, { refetchQueries: THREAD_LIST_QUERIES });

  const [editingId, setEditingId] = useState<string | null>(null);
  const [savingTitleId, setSavingTitleId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ThreadRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [recoveringId, setRecoveringId] = useState<string | null>(null);

  const handleTitleDone = async (thread: ThreadRow, draft: string | null) => {
    const outcome = draft === null ? { kind: 'discard' as const } : titleEditOutcome(draft, thread.title);
    if (outcome.kind === 'discard') {
      setEditingId(null);
      return;
    }
    setSavingTitleId(thread.id);
    try {
      await renameThread({ variables: { id: thread.id, title: outcome.title } });
      toast({ title: 'Success', description: 'Conversation title updated' });
    } catch (error) {
      console.error('Failed to update conversation title', error);
      toast({ title: 'Error', description: 'Failed to update conversation title', variant: 'destructive' });
    } finally {
      setSavingTitleId(null);
      setEditingId(null);
    }
  };

  const handleConfirmDelete = async () => {
    if (!toDelete || deleting) return;
    setDeleting(true);
    try {
      await deleteThread({ variables: { id: toDelete.id } });
      toast({ description: 'Conversation moved to deleted items' });
      setToDelete(null);
    } catch (error) {
      console.error('Failed to delete conversation', error);
      toast({ title: 'Error', description: 'Failed to delete conversation', variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  };

  const handleRecover = async (thread: ThreadRow) => {
    if (recoveringId) return;
    setRecoveringId(thread.id);
    try {
      await recoverThread({ variables: { id: thread.id } });
      toast({ description: 'Conversation recovered successfully' });
    } catch (error) {
      console.error('Failed to recover conversation', error);
      toast({ title: 'Error', description: 'Failed to recover conversation', variant: 'destructive' });
    } finally {
      setRecoveringId(null);
    }
  };

  const activeThreads = active.data?.threads ?? [];
  const deletedThreads = deleted.data?.threads ?? [];

  return (
    <Wrapper>
      {active.loading && !active.data ? (
        <Loading role="status">
          <Spinner size={16} />
          Loading conversations...
        </Loading>
      ) : (
        <ThreadTable
          label="Conversations"
          threads={activeThreads}
          emptyText="No conversations found"
          renderTitle={(thread) =>
            editingId === thread.id ? (
              <TitleEditor thread={thread} saving={savingTitleId === thread.id} onDone={(draft) => void handleTitleDone(thread, draft)} />
            ) : (
              <TitleLine>
                <TitleText>{thread.title}</TitleText>
                <IconButton $variant="ghost" aria-label="Edit title" title="Edit title" onClick={() => setEditingId(thread.id)}>
                  <PencilIcon />
                </IconButton>
              </TitleLine>
            )
          }
          renderActions={(thread) => (
            <>
              <SmallButton onClick={() => navigate(`/recording?mode=continue&threadId=${encodeURIComponent(thread.id)}`)}>Continue</SmallButton>
              <SmallButton $variant="secondary" onClick={() => setToDelete(thread)}>
                Delete
              </SmallButton>
            </>
          )}
        />
      )}

      {deletedThreads.length > 0 && (
        <Group aria-labelledby={deletedHeadingId}>
          <h2 id={deletedHeadingId}>Deleted Conversations</h2>
          <ThreadTable
            labelledBy={deletedHeadingId}
            threads={deletedThreads}
            emptyText="No deleted conversations"
            renderTitle={(thread) => <TitleText>{thread.title}</TitleText>}
            renderActions={(thread) => (
              <SmallButton $variant="secondary" onClick={() => void handleRecover(thread)} disabled={recoveringId === thread.id} aria-busy={recoveringId === thread.id || undefined}>
                Recover
              </SmallButton>
            )}
          />
        </Group>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure you want to delete this conversation?"
        description="The deleted conversation will be in the Deleted conversations folder for 30 days before being permanently deleted."
        cancelLabel="No, let's not delete"
        confirmLabel="Yes, delete"
        destructive
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void handleConfirmDelete()}
      />
    </Wrapper>
  );
}

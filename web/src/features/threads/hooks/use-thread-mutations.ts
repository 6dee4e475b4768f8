import { useState } from 'react';
import { THREAD_MESSAGES } from '@story/proto';
import { refusalMessageOr } from '../../../api/graphql-refusal.ts';
import { notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { titleEditOutcome } from '../lib/thread-title.ts';
import { useThreadListMutations } from '../api/threads.api.ts';
import type { ThreadRow } from '../api/threads.graphql.ts';

export interface ThreadMutations {
  title: {
    /** The thread whose title is being edited. */
    editingId: string | null;
    savingId: string | null;
    edit: (thread: ThreadRow) => void;
    /** Ends editing; saves the draft when the title rule allows (null: abandoned). A failed save keeps editing. */
    finish: (thread: ThreadRow, draft: string | null) => Promise<void>;
  };
  deletion: {
    /** The thread waiting for the delete confirmation. */
    pending: ThreadRow | null;
    busy: boolean;
    ask: (thread: ThreadRow) => void;
    cancel: () => void;
    confirm: () => Promise<void>;
  };
  recovery: {
    busyId: string | null;
    recover: (thread: ThreadRow) => Promise<void>;
  };
}

/**
 * Renaming, deleting (after confirmation) and recovering threads, with their busy states and
 * toasts (spec section 8, "Threads"). Every change refetches the thread lists.
 */
export function useThreadMutations(): ThreadMutations {
  const threads = useThreadListMutations();

  const [editingId, setEditingId] = useState<string | null>(null);
  const [savingTitleId, setSavingTitleId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ThreadRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [recoveringId, setRecoveringId] = useState<string | null>(null);

  const finishTitleEdit = async (thread: ThreadRow, draft: string | null) => {
    const outcome = draft === null ? { kind: 'discard' as const } : titleEditOutcome(draft, thread.title);
    if (outcome.kind === 'discard') {
      setEditingId(null);
      return;
    }
    setSavingTitleId(thread.id);
    try {
      await threads.rename(thread.id, outcome.title);
      notifySuccess(THREAD_MESSAGES.titleUpdated);
      setEditingId(null);
    } catch (error) {
      // Editing goes on with the typed title, so the person can try again (or Escape).
      notifyFailure(THREAD_MESSAGES.titleUpdateFailed, error);
    } finally {
      setSavingTitleId(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete || deleting) return;
    setDeleting(true);
    try {
      await threads.remove(toDelete.id);
      toast({ description: THREAD_MESSAGES.movedToDeleted });
      setToDelete(null);
    } catch (error) {
      notifyFailure(THREAD_MESSAGES.deleteFailed, error);
    } finally {
      setDeleting(false);
    }
  };

  const recover = async (thread: ThreadRow) => {
    if (recoveringId) return;
    setRecoveringId(thread.id);
    try {
      await threads.recover(thread.id);
      toast({ description: THREAD_MESSAGES.recovered });
    } catch (error) {
      // Recovering past the thread quota is refused with a message that says what to do.
      notifyFailure(refusalMessageOr(error, THREAD_MESSAGES.recoverFailed), error);
    } finally {
      setRecoveringId(null);
    }
  };

  return {
    title: { editingId, savingId: savingTitleId, edit: (thread) => setEditingId(thread.id), finish: finishTitleEdit },
    deletion: { pending: toDelete, busy: deleting, ask: setToDelete, cancel: () => setToDelete(null), confirm: confirmDelete },
    recovery: { busyId: recoveringId, recover },
  };
}

import { useState } from 'react';
import { JOB_MESSAGES } from '@story/proto';
import { notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import { useJobDescriptionMutations } from '../api/job-descriptions.api.ts';
import type { JobDescriptionCardData } from '../api/job-descriptions.graphql.ts';

/**
 * Archive, unarchive and delete (with its confirmation) of saved descriptions, each with the
 * specification's toasts; every change refetches both lists. `busyId` is the card whose change runs.
 */
export function useJobDescriptionActions() {
  const { archive, unarchive, remove } = useJobDescriptionMutations();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<JobDescriptionCardData | null>(null);
  const [deleting, setDeleting] = useState(false);

  const runOn = async (id: string, change: () => Promise<unknown>, success: string, failure: string) => {
    if (busyId !== null) return;
    setBusyId(id);
    try {
      await change();
      notifySuccess(success);
    } catch (error) {
      notifyFailure(failure, error);
    } finally {
      setBusyId(null);
    }
  };

  return {
    busyId,
    archive: (description: JobDescriptionCardData) => runOn(description.id, () => archive(description.id), JOB_MESSAGES.archived, JOB_MESSAGES.archiveFailed),
    unarchive: (description: JobDescriptionCardData) =>
      runOn(description.id, () => unarchive(description.id), JOB_MESSAGES.unarchived, JOB_MESSAGES.unarchiveFailed),
    deletion: {
      pending: pendingDelete,
      busy: deleting,
      ask: (description: JobDescriptionCardData) => setPendingDelete(description),
      cancel: () => {
        if (!deleting) setPendingDelete(null);
      },
      confirm: async () => {
        if (!pendingDelete || deleting) return;
        setDeleting(true);
        try {
          await remove(pendingDelete.id);
          notifySuccess(JOB_MESSAGES.deleted);
          setPendingDelete(null);
        } catch (error) {
          notifyFailure(JOB_MESSAGES.deleteFailed, error);
        } finally {
          setDeleting(false);
        }
      },
    },
  };
}

import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { JOB_MESSAGES } from '@story/proto';
import { notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import {
  ARCHIVE_JOB_DESCRIPTION_MUTATION,
  DELETE_JOB_DESCRIPTION_MUTATION,
  JOB_DESCRIPTION_LIST_QUERIES,
  UNARCHIVE_JOB_DESCRIPTION_MUTATION,
  type JobDescriptionCardData,
} from '../api/job-descriptions.graphql.ts';

/**
 * Archive, unarchive and delete (with its confirmation) of saved descriptions, each with the
 * specification's toasts; every change refetches both lists. `busyId` is the card whose change runs.
 */
export function useJobDescriptionActions() {
  const options = { refetchQueries: JOB_DESCRIPTION_LIST_QUERIES, awaitRefetchQueries: true };
  const [archive] = useMutation(ARCHIVE_JOB_DESCRIPTION_MUTATION, options);
  const [unarchive] = useMutation(UNARCHIVE_JOB_DESCRIPTION_MUTATION, options);
  const [remove] = useMutation(DELETE_JOB_DESCRIPTION_MUTATION, options);
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
    archive: (description: JobDescriptionCardData) => runOn(description.id, () => archive({ variables: { id: description.id } }), JOB_MESSAGES.archived, JOB_MESSAGES.archiveFailed),
    unarchive: (description: JobDescriptionCardData) => runOn(description.id, () => unarchive({ variables: { id: description.id } }), JOB_MESSAGES.unarchived, JOB_MESSAGES.unarchiveFailed),
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
          await remove({ variables: { id: pendingDelete.id } });
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

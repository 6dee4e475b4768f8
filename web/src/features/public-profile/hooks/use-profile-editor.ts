import { PUBLIC_PROFILE_MESSAGES, type OwnPublicProfile, type ProfileSourcesResponse } from '@story/proto';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, serverMessageOr } from '../../../api/http-client.ts';
import { notifyError, notifySuccess } from '../../../components/toast/notify.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { fetchOwnProfile, fetchProfileSources, publishProfile, takeDownProfile } from '../api/public-profile.api.ts';
import { customNameProblem, initialDraft, publishRequest, type ProfileDraft } from '../lib/profile-draft.ts';

export const LOAD_FAILED = 'Failed to load your public profile. Please try again.';
const PUBLISH_FAILED = 'Failed to publish your profile. Please try again.';
const TAKE_DOWN_FAILED = 'Failed to take your profile down. Please try again.';

export type ProfileEditorState =
  | { status: 'loading' }
  | { status: 'locked'; message: string; published: OwnPublicProfile | null }
  | { status: 'failed'; message: string }
  | { status: 'ready'; sources: ProfileSourcesResponse; published: OwnPublicProfile | null; draft: ProfileDraft };

/**
 * The editor's data: the published profile and what may be published, loaded together (a plan
 * without the public profile is `locked`, with the sentence naming the plan, and may still take a
 * published profile down); the draft; and Publish / Take down, their failures as toasts with the
 * server's message.
 */
export function useProfileEditor(accountName: string) {
  const [state, setState] = useState<ProfileEditorState>({ status: 'loading' });
  const task = useExclusiveTask();

  const load = useCallback(async () => {
    let published: OwnPublicProfile | null = null;
    try {
      published = (await fetchOwnProfile()).profile;
      const sources = await fetchProfileSources();
      setState({ status: 'ready', sources, published, draft: initialDraft(sources, published, accountName) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setState({ status: 'locked', message: serverMessageOr(error, LOAD_FAILED), published });
      else setState({ status: 'failed', message: serverMessageOr(error, LOAD_FAILED) });
    }
  }, [accountName]);

  useEffect(() => {
    void load();
  }, [load]);

  const setDraft = useCallback((update: (draft: ProfileDraft) => ProfileDraft) => {
    setState((current) => (current.status === 'ready' ? { ...current, draft: update(current.draft) } : current));
  }, []);

  const publish = () =>
    task.run(async () => {
      if (state.status !== 'ready') return;
      const problem = customNameProblem(state.draft);
      if (problem) {
        notifyError(problem);
        return;
      }
      try {
        const answer = await publishProfile(publishRequest(state.draft));
        setState((current) => (current.status === 'ready' ? { ...current, published: answer.profile } : current));
        notifySuccess(PUBLIC_PROFILE_MESSAGES.published);
      } catch (error) {
        notifyError(serverMessageOr(error, PUBLISH_FAILED));
      }
    });

  const takeDown = () =>
    task.run(async () => {
      try {
        await takeDownProfile();
      } catch (error) {
        // Already gone (another tab): the same end.
        if (!(error instanceof ApiError && error.status === 404)) {
          notifyError(serverMessageOr(error, TAKE_DOWN_FAILED));
          return;
        }
      }
      setState((current) => (current.status === 'ready' || current.status === 'locked' ? { ...current, published: null } : current));
      notifySuccess(PUBLIC_PROFILE_MESSAGES.takenDown);
    });

  return { state, setDraft, publish, takeDown, busy: task.busy, reload: load };
}

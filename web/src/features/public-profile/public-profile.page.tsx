import { publicProfilePath } from '@story/proto';
import { useMemo } from 'react';
import { styled } from 'styled-components';
import { useAuth } from '../../auth/auth-context.tsx';
import { Button } from '../../components/button.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AddressFields } from './components/address-fields.tsx';
import { BasicsFields } from './components/basics-fields.tsx';
import { PlanLocked } from './components/plan-locked.tsx';
import { ProfilePreview } from './components/profile-preview.tsx';
import { PublishedBar } from './components/published-bar.tsx';
import { RolePicker } from './components/role-picker.tsx';
import { StoryPicker } from './components/story-picker.tsx';
import { useProfileEditor } from './hooks/use-profile-editor.ts';
import { previewContent } from './lib/profile-draft.ts';

/** The editor beside its preview on wide screens; stacked, editor first, on narrow ones. */
const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.1fr);
  }
`;

const Editor = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const PreviewColumn = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    position: sticky;
    top: calc(${({ theme }) => theme.sizes.header} + ${({ theme }) => theme.space.md});
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const PublishRow = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * /profile: the public profile's editor (issue 24, point 4): headline and about, roles from the
 * résumé, stories as edited summaries, theme, address and search engines, with a live preview of
 * the page; Publish or Update, the public link, Take down.
 */
export function PublicProfilePage() {
  useDocumentTitle('Your public profile');
  const { user } = useAuth();
  const { state, setDraft, publish, takeDown, busy, reload } = useProfileEditor(user ? `${user.firstName} ${user.lastName}`.trim() : '');
  const preview = useMemo(() => (state.status === 'ready' ? previewContent(state.draft, state.sources.roles) : undefined), [state]);
  const previewUrl = state.status === 'ready' ? `${window.location.origin}${publicProfilePath(state.published?.slug ?? 'your-address')}` : '';

  return (
    <PageShell title="Your public profile">
      {state.status === 'loading' && <BusyStatus>Loading your public profile...</BusyStatus>}
      {state.status === 'failed' && <LoadError message={state.message} onRetry={reload} />}
      {state.status === 'locked' && <PlanLocked message={state.message} published={state.published} busy={busy} onTakeDown={takeDown} />}
      {state.status === 'ready' && preview && (
        <Layout>
          <Editor>
            <PublishedBar published={state.published} busy={busy} onTakeDown={takeDown} />
            <BasicsFields draft={state.draft} setDraft={setDraft} />
            <RolePicker roles={state.sources.roles} draft={state.draft} setDraft={setDraft} />
            <StoryPicker draft={state.draft} setDraft={setDraft} />
            <AddressFields draft={state.draft} setDraft={setDraft} />
            <PublishRow>
              <Button $size="lg" onClick={() => void publish()} aria-busy={busy || undefined} disabled={busy}>
                {state.published ? 'Update' : 'Publish'}
              </Button>
            </PublishRow>
          </Editor>
          <PreviewColumn aria-labelledby="profile-preview-heading">
            <h2 id="profile-preview-heading">Preview</h2>
            <ProfilePreview content={preview} url={previewUrl} />
          </PreviewColumn>
        </Layout>
      )}
    </PageShell>
  );
}

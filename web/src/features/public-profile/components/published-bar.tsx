import type { OwnPublicProfile } from '@story/proto';
import { useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { ConfirmDialog, DangerButton } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../components/toast/notify.ts';
import { EditorCard, Hint } from './editor-parts.ts';

const Address = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Where the profile is public (with Copy link and Take down, confirmed), or that nothing is public yet. */
export function PublishedBar({ published, busy, onTakeDown }: { published: OwnPublicProfile | null; busy: boolean; onTakeDown: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  if (!published) {
    return (
      <EditorCard aria-labelledby="profile-status">
        <h2 id="profile-status">Not published</h2>
        <Hint>Nothing is public until you publish. The preview shows the page as visitors will see it.</Hint>
      </EditorCard>
    );
  }
  const link = `${window.location.origin}${published.url}`;
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess('Link copied');
    } catch {
      notifyError('Could not copy the link. Please copy it from the page.');
    }
  };
  const handleConfirm = async () => {
    await onTakeDown();
    setConfirming(false);
  };
  return (
    <EditorCard aria-labelledby="profile-status">
      <h2 id="profile-status">Published</h2>
      <Address>
        <a href={published.url} target="_blank" rel="noreferrer" data-testid="public-link">
          {link}
        </a>
      </Address>
      <Buttons>
        <Button $variant="secondary" onClick={handleCopy}>
          Copy link
        </Button>
        <DangerButton onClick={() => setConfirming(true)}>Take down</DangerButton>
      </Buttons>
      <ConfirmDialog
        open={confirming}
        title="Take your profile down?"
        description="The page stops working at once for everyone who has the link. You can publish again later."
        cancelLabel="Keep it public"
        confirmLabel="Take down"
        destructive
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void handleConfirm()}
      />
    </EditorCard>
  );
}

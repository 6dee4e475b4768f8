import type { Ref } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { SaveIcon, SpeakerIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';

/** Mute and Save. On phones it sticks under the header, so Save is always at hand, and toasts show below it. */
const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};

  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    position: sticky;
    top: ${({ theme }) => theme.sizes.header};
    z-index: 5;
    margin: 0 -${({ theme }) => theme.space.md};
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    background: ${({ theme }) => theme.colors.background};
  }
`;

export interface RecordingToolbarProps {
  /** Replies can be spoken here: the plan speaks them (issue 39, 4) and the conversation is spoken. Without, there is nothing to mute. */
  canSpeak: boolean;
  muted: boolean;
  onToggleMute: () => void;
  /** Something is not saved yet. */
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** The conversation screen's toolbar: mute the spoken replies (where they can be spoken), and Save. */
export function RecordingToolbar({ canSpeak, muted, onToggleMute, canSave, saving, onSave, ref }: RecordingToolbarProps) {
  return (
    <Toolbar ref={ref}>
      {/* Its words say what pressing it does; aria-pressed says whether replies are muted now. */}
      {canSpeak && (
        <Button $variant="secondary" aria-pressed={muted} onClick={onToggleMute}>
          <SpeakerIcon muted={muted} />
          {muted ? 'Unmute spoken replies' : 'Mute spoken replies'}
        </Button>
      )}
      <Button onClick={onSave} disabled={!canSave || saving} aria-busy={saving || undefined}>
        {saving ? <Spinner size={16} /> : <SaveIcon />}
        Save
      </Button>
    </Toolbar>
  );
}

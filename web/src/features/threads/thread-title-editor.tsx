import { useRef, useState, type KeyboardEvent } from 'react';
import { LIMITS } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { compactControlStyles } from '../../components/form-field.tsx';
import { PencilIcon } from '../../components/icons.tsx';
import type { ThreadRow } from './threads.graphql.ts';

const TitleLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

/** A thread's title in a table cell; long titles wrap anywhere. */
export const ThreadTitleText = styled.span`
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
  ${compactControlStyles}
`;

interface TitleInputProps {
  thread: ThreadRow;
  saving: boolean;
  /** The draft when editing ends, or null when it was abandoned with Escape. */
  onDone: (draft: string | null) => void;
}

/** The inline title input: prefilled, saves on blur (Enter blurs), Escape leaves it unchanged. */
function ThreadTitleInput({ thread, saving, onDone }: TitleInputProps) {
  const [draft, setDraft] = useState(thread.title);
  const discarded = useRef(false);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      discarded.current = true;
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
      onBlur={() => onDone(discarded.current ? null : draft)}
    />
  );
}

export interface ThreadTitleEditorProps extends TitleInputProps {
  editing: boolean;
  onEdit: () => void;
}

/** The title cell of an active thread: the title and a pencil button, or the input while editing. */
export function ThreadTitleEditor({ thread, editing, saving, onEdit, onDone }: ThreadTitleEditorProps) {
  if (editing) return <ThreadTitleInput thread={thread} saving={saving} onDone={onDone} />;
  return (
    <TitleLine>
      <ThreadTitleText>{thread.title}</ThreadTitleText>
      <IconButton $variant="ghost" aria-label="Edit title" title="Edit title" onClick={onEdit}>
        <PencilIcon />
      </IconButton>
    </TitleLine>
  );
}

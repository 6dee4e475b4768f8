import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LIMITS } from '@story/proto';
import { css, styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { compactControlStyles } from '../../../components/form-field.tsx';
import { PencilIcon } from '../../../components/icons.tsx';
import { focusIsLost } from '../../../lib/focus-lost.ts';
import type { ThreadRow } from '../api/threads.graphql.ts';

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

/** A small icon-only button beside a thread's title (Edit title, Download PDF). */
export const titleIconButtonStyles = css`
  min-height: 32px;
  width: 32px;
  padding: 0;
  flex: none;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const IconButton = styled(Button)`
  ${titleIconButtonStyles}
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

/**
 * The inline title input: prefilled, saves on blur (Enter blurs), Escape leaves it unchanged. When
 * a save fails it stays, with what was typed, and takes focus back so Enter tries again.
 */
function ThreadTitleInput({ thread, saving, onDone }: TitleInputProps) {
  const [draft, setDraft] = useState(thread.title);
  const discarded = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const wasSaving = useRef(saving);

  useEffect(() => {
    // Still here after saving: the save failed.
    if (wasSaving.current && !saving) {
      discarded.current = false;
      if (focusIsLost()) inputRef.current?.focus();
    }
    wasSaving.current = saving;
  }, [saving]);

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
      ref={inputRef}
      aria-label="Conversation title"
      value={draft}
      maxLength={LIMITS.title}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on a click of Rename: focus moves into the field it replaced the title with
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

/**
 * The title cell of an active thread: the title and a pencil button, or the input while editing.
 * When editing ends with Enter or Escape, focus comes back to the title, which a screen reader reads.
 */
export function ThreadTitleEditor({ thread, editing, saving, onEdit, onDone }: ThreadTitleEditorProps) {
  const titleRef = useRef<HTMLSpanElement>(null);
  const wasEditing = useRef(editing);

  useEffect(() => {
    // Only when focus went nowhere: a click on another control keeps its focus.
    if (wasEditing.current && !editing && focusIsLost()) titleRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) return <ThreadTitleInput thread={thread} saving={saving} onDone={onDone} />;
  return (
    <TitleLine>
      <ThreadTitleText ref={titleRef} tabIndex={-1}>
        {thread.title}
      </ThreadTitleText>
      <IconButton $variant="ghost" aria-label="Edit title" title="Edit title" onClick={onEdit}>
        <PencilIcon />
      </IconButton>
    </TitleLine>
  );
}

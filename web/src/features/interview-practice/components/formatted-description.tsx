import { useId, type RefObject } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { CardSection } from '../../../components/card-section.ts';
import { Label, TextArea } from '../../../components/form-field.tsx';
import { MarkdownView } from '../../../components/markdown.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SpreadRow } from '../../../components/spread-row.ts';

const Toggle = styled.div`
  display: inline-flex;
  padding: 2px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`;

/** The preview scrolls on its own, so it is a stop of the keyboard's (the arrow keys scroll it). */
const Preview = styled.div`
  max-height: 65vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export type ReviewMode = 'preview' | 'edit';

export interface FormattedDescriptionProps {
  content: string;
  onContentChange: (content: string) => void;
  mode: ReviewMode;
  onModeChange: (mode: ReviewMode) => void;
  /** The preview, where selected text fills the snippet box. */
  previewRef: RefObject<HTMLDivElement | null>;
  /** A save runs: Confirm Formatting waits. */
  busy: boolean;
  /** Confirm Formatting is the save that runs. */
  confirming: boolean;
  onConfirm: () => void;
}

/** The cleaned description in Preview (markdown) or Edit (its source), and "Confirm Formatting". */
export function FormattedDescription({ content, onContentChange, mode, onModeChange, previewRef, busy, confirming, onConfirm }: FormattedDescriptionProps) {
  const editorId = useId();
  return (
    <CardSection aria-label="Formatted job description">
      <SpreadRow>
        <Toggle role="group" aria-label="View">
          <Button $variant="ghost" aria-pressed={mode === 'edit'} onClick={() => onModeChange('edit')}>
            Edit
          </Button>
          <Button $variant="ghost" aria-pressed={mode === 'preview'} onClick={() => onModeChange('preview')}>
            Preview
          </Button>
        </Toggle>
        <Button onClick={onConfirm} disabled={busy} aria-busy={confirming || undefined}>
          {confirming && <Spinner size={16} />}
          {confirming ? 'Saving...' : 'Confirm Formatting'}
        </Button>
      </SpreadRow>
      {mode === 'preview' ? (
        <Preview ref={previewRef} data-testid="markdown-preview" role="region" aria-label="Preview" tabIndex={0}>
          <MarkdownView>{content}</MarkdownView>
        </Preview>
      ) : (
        <>
          <Label htmlFor={editorId}>Markdown</Label>
          <TextArea id={editorId} $mono $rows={18} value={content} onChange={(event) => onContentChange(event.target.value)} spellCheck={false} />
        </>
      )}
    </CardSection>
  );
}

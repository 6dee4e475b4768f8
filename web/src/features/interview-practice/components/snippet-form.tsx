import { useId } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { CardSection } from '../../../components/card-section.ts';
import { Label, TextArea } from '../../../components/form-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md} !important;
  line-height: 1.4;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface SnippetFormProps {
  snippetText: string;
  onChange: (text: string) => void;
  /** A save runs: Save Snippet waits. */
  busy: boolean;
  /** Save Snippet is the save that runs. */
  saving: boolean;
  onSave: () => void;
}

/** The section to practise (pasted, or selected in the preview) and "Save Snippet to begin practice". */
export function SnippetForm({ snippetText, onChange, busy, saving, onSave }: SnippetFormProps) {
  const snippetId = useId();
  const headingId = useId();
  const hintId = useId();
  return (
    <CardSection aria-labelledby={headingId}>
      <Heading id={headingId}>Copy the relevant section of the job description that you want to practice for</Heading>
      <Label htmlFor={snippetId}>Section to practise</Label>
      <Hint id={hintId}>Text you select in the preview is put here.</Hint>
      <TextArea
        id={snippetId}
        $rows={8}
        value={snippetText}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Paste the section you want to practice..."
        aria-describedby={hintId}
      />
      <Button onClick={onSave} disabled={busy} aria-busy={saving || undefined}>
        {saving && <Spinner size={16} />}
        {saving ? 'Saving snippet...' : 'Save Snippet to begin practice'}
      </Button>
    </CardSection>
  );
}

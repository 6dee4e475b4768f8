import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { styled } from 'styled-components';
import { FEEDBACK_MESSAGES, LIMITS } from '@story/proto';
import { serverMessageOr } from '../../../api/failure.ts';
import { Button } from '../../../components/button.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { notifyFailure, notifySuccess } from '../../../components/toast/notify.ts';
import { attemptNews, correctAnswerTranscript, pillButtonStyles } from '../../feedback/index.ts';

const Open = styled.button`
  ${pillButtonStyles}
  border-color: ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};

  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  textarea {
    width: 100%;
    min-height: 6rem;
    padding: ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    font: inherit;
    resize: vertical;
  }
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Said when a correction is kept. */
export const CORRECTION_SAVED = 'Transcript corrected. The feedback is of your own words now.';

export interface TranscriptCorrectionProps {
  transcript: string;
  /** The answer's feedback to score again, when it has one. */
  answerId: string | null | undefined;
  /** Keeps the corrected words in the conversation (a practice saves itself again). */
  onCorrected: (transcript: string) => void;
  /** Open while the person corrects it (the answer's text gives way to the editor). */
  onEditingChange: (editing: boolean) => void;
  editing: boolean;
  /** The editor just closed: the keyboard goes back to "Correct transcript". */
  returnFocus?: boolean;
}

interface CorrectionFormProps {
  text: string;
  /** Why the text cannot be kept (it is empty), if it cannot. */
  problem: string | null;
  saving: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onChange: (text: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/** The editor: what was said, a hint, the problem with it, and Save correction or Cancel. */
function CorrectionForm({ text, problem, saving, inputRef, onChange, onSubmit, onCancel }: CorrectionFormProps) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  return (
    <Form onSubmit={onSubmit} aria-label="Correct transcript">
      <label htmlFor={inputId}>What you said</label>
      <textarea
        id={inputId}
        ref={inputRef}
        value={text}
        maxLength={LIMITS.messageText}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Hint id={hintId}>Fix any words the recogniser misheard. Your answer is scored again from your own words.</Hint>
      {problem && (
        <Problem id={problemId} role="alert">
          {problem}
        </Problem>
      )}
      <Row>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving && <Spinner size={16} />}
          Save correction
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </Row>
    </Form>
  );
}

/**
 * "Correct transcript" (issue 19): the person puts right what the recogniser misheard before it is
 * saved and trusted; the answer is scored again from their words. An empty text is refused with the
 * server's own rule, and nothing is lost: the editor stays open with what was typed.
 */
export function TranscriptCorrection({ transcript, answerId, onCorrected, onEditingChange, editing, returnFocus = false }: TranscriptCorrectionProps) {
  const [text, setText] = useState(transcript);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  // The keyboard goes into the editor when it opens, and back to the button when it closes (the
  // editor takes the answer's place, so each is a new element when it shows).
  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (returnFocus) openRef.current?.focus();
  }, [editing, returnFocus]);

  const open = () => {
    setText(transcript);
    setProblem(null);
    onEditingChange(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const corrected = text.trim();
    if (!corrected) return setProblem(FEEDBACK_MESSAGES.transcriptEmpty);
    if (corrected === transcript.trim()) return onEditingChange(false);
    setSaving(true);
    try {
      if (answerId) attemptNews.announce(await correctAnswerTranscript(answerId, corrected));
      onCorrected(corrected);
      onEditingChange(false);
      notifySuccess(CORRECTION_SAVED);
    } catch (error) {
      notifyFailure(serverMessageOr(error, 'The correction could not be saved. Please try again.'), error);
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Open ref={openRef} type="button" onClick={open}>
        Correct transcript
      </Open>
    );
  }
  return (
    <CorrectionForm
      text={text}
      problem={problem}
      saving={saving}
      inputRef={inputRef}
      onChange={(value) => {
        setText(value);
        if (value.trim()) setProblem(null);
      }}
      onSubmit={(event) => void submit(event)}
      onCancel={() => onEditingChange(false)}
    />
  );
}

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS, MESSAGES } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { Label } from '../../components/form-field.tsx';
import { SpreadRow } from '../../components/spread-row.ts';
import { useProblemToast } from '../../hooks/use-problem-toast.ts';
import { readDraft, writeDraft } from '../../hooks/use-session-draft.ts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const TextArea = styled.textarea`
  width: 100%;
  min-height: 96px;
  resize: vertical;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  line-height: 1.5;
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface TextComposerProps {
  processing: boolean;
  /** Where the unsent text is kept (sessionStorage) so a reload does not lose it: one per conversation. */
  draftKey: string;
  /** Resolves true when the message was answered; the box then empties. */
  onSend: (text: string) => Promise<boolean>;
  /** The box's label (default "Your message") and the button's word (default "Send Message"). */
  label?: string;
  sendLabel?: string;
}

/**
 * The text box and "Send Message" (disabled when the box is empty or blank, or a reply is on its
 * way; a blank message sent with Enter gets the specification's toast, which closes once words are
 * typed). What is
 * typed and not yet sent is kept for this tab under `draftKey`, and follows the conversation when its
 * key changes (a new conversation's first save gives it a thread).
 */
export function TextComposer({ processing, onSend, draftKey, label = 'Your message', sendLabel = 'Send Message' }: TextComposerProps) {
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const keyRef = useRef(draftKey);
  const textRef = useRef(text);
  const inputId = useId();
  const hintId = useId();
  const blank = text.trim() === '';
  const complain = useProblemToast(blank ? [MESSAGES.textEmpty] : []);

  const setText = (change: string | ((current: string) => string)) => {
    const next = typeof change === 'string' ? change : change(textRef.current);
    textRef.current = next;
    setTextState(next);
    writeDraft(keyRef.current, next);
  };

  useEffect(() => {
    if (keyRef.current === draftKey) return;
    writeDraft(keyRef.current, '');
    keyRef.current = draftKey;
    writeDraft(draftKey, textRef.current);
  }, [draftKey]);

  const send = async () => {
    if (processing) return;
    if (blank) return complain(MESSAGES.textEmpty);
    const sent = text;
    // Clear at once so the person can type the next message while the reply is on its way; a failed
    // send puts the text back unless something new was typed meanwhile.
    setText('');
    if (!(await onSend(sent))) setText((current) => (current === '' ? sent : current));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Form onSubmit={handleSubmit}>
      <Label htmlFor={inputId}>{label}</Label>
      <TextArea
        id={inputId}
        value={text}
        maxLength={LIMITS.messageText}
        placeholder="Type your message..."
        aria-describedby={hintId}
        data-answer-box
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <SpreadRow>
        <Hint id={hintId}>Press Enter to send, Shift+Enter for a new line.</Hint>
        <Button type="submit" disabled={blank || processing}>
          {sendLabel}
        </Button>
      </SpreadRow>
    </Form>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { Button, buttonStyles, type ButtonStyleProps } from '../../components/button.ts';
import { DialogActions, DialogBody, ModalDialog } from '../../components/confirm-dialog.tsx';
import { useModalDialog } from '../../components/dialog-focus.ts';
import { SpeakerLabel } from '../../components/speaker-label.ts';
import { DEMO_STEPS } from './demo-steps.ts';

const Dialog = styled(ModalDialog)`
  width: min(560px, calc(100vw - 2rem));
  max-height: calc(100dvh - 2rem);
  overflow-y: auto;
`;

const Progress = styled.p`
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const StepTitle = styled.h3`
  margin: ${({ theme }) => `${theme.space.md} 0 ${theme.space.xs}`};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Conversation = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Bubble = styled.li<{ $from: 'you' | 'coach' }>`
  max-width: 85%;
  justify-self: ${({ $from }) => ($from === 'you' ? 'end' : 'start')};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $from }) => ($from === 'you' ? theme.colors.primarySoft : theme.colors.surfaceMuted)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StartLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

export interface DemoDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where "Get Started" at the end goes (sign-up, or the app for someone signed in). */
  startPath: string;
}

/**
 * "Watch Demo": a short walkthrough of a sample conversation, one step at a time (Back, Next), in a
 * modal dialog: the story told, the coach's follow-up, the answer with its result, and what can be
 * done with it; "Get Started" at the end. Escape, Close or a click on the backdrop close it, and
 * focus goes back to Watch Demo.
 */
export function DemoDialog({ open, onClose, startPath }: DemoDialogProps) {
  const nextRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLAnchorElement>(null);
  const [step, setStep] = useState(0);
  const modal = useModalDialog({ open, onCancel: onClose, focusOnOpen: nextRef, onOpen: () => setStep(0) });
  const dialogRef = modal.ref;
  const titleId = useId();
  const current = DEMO_STEPS[step];
  const last = step === DEMO_STEPS.length - 1;

  // Next is gone on the last step, Back unavailable on the first: the keyboard's place moves on.
  useEffect(() => {
    if (!open) return;
    if (last) startRef.current?.focus();
    else if (step === 0 && !dialogRef.current?.contains(document.activeElement)) nextRef.current?.focus();
  }, [open, last, step, dialogRef]);

  return (
    <Dialog {...modal} aria-labelledby={titleId}>
      <DialogBody>
        <h2 id={titleId}>A sample conversation</h2>
        <Progress aria-live="polite">
          Step {step + 1} of {DEMO_STEPS.length}
        </Progress>
        <StepTitle>{current?.title}</StepTitle>
        <p>{current?.text}</p>
        <Conversation aria-label="Sample conversation">
          {DEMO_STEPS.slice(0, step + 1).map(({ said }) => (
            <Bubble key={said.text} $from={said.by}>
              <SpeakerLabel>{said.by === 'you' ? 'You' : 'AI coach'}</SpeakerLabel>
              {said.text}
            </Bubble>
          ))}
        </Conversation>
        <DialogActions>
          <Button $variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button $variant="secondary" onClick={() => setStep((value) => Math.max(0, value - 1))} disabled={step === 0}>
            Back
          </Button>
          {last ? (
            <StartLink ref={startRef} to={startPath}>
              Get Started
            </StartLink>
          ) : (
            <Button ref={nextRef} onClick={() => setStep((value) => Math.min(DEMO_STEPS.length - 1, value + 1))}>
              Next
            </Button>
          )}
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}

import type { ReactNode } from 'react';
import { Button } from '../../../components/button.ts';
import { Spinner } from '../../../components/spinner.tsx';

export interface SubmitButtonProps {
  /** The submission runs: a spinner shows and the button is unavailable. */
  busy: boolean;
  /** The form cannot be sent yet; the button stays focusable so the form can explain why. */
  unavailable?: boolean;
  children: ReactNode;
}

/** A sign-up step's full-width submit button. */
export function SubmitButton({ busy, unavailable = false, children }: SubmitButtonProps) {
  return (
    <Button type="submit" $block $size="lg" aria-disabled={unavailable || busy || undefined} aria-busy={busy || undefined}>
      {busy && <Spinner />}
      {children}
    </Button>
  );
}

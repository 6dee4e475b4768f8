import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { styled } from 'styled-components';
import { Button } from './button.ts';

const Dialog = styled.dialog`
  width: min(480px, calc(100vw - 2rem));
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  &::backdrop {
    background: rgba(28, 27, 41, 0.45);
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** Fills the dialog, so a click whose target is the <dialog> itself landed on the backdrop. */
const Body = styled.div`
  padding: ${({ theme }) => theme.space.lg};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

/** A confirming button for destructive actions. */
export const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: #991b1b;
  }
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** While the confirmed action runs: both buttons are unavailable and Escape does nothing. */
  busy?: boolean;
  destructive?: boolean;
}

/** The controls of the dialog that take focus, in order. */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (element) => !element.hasAttribute('disabled') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * A modal confirmation on the native <dialog>, announced as an alert dialog: the page behind is
 * inert, Tab and Shift+Tab stay on its buttons, Escape and a click on the backdrop cancel, focus
 * starts on the safe choice and returns to the opener when it closes.
 */
export function ConfirmDialog({ open, title, description, cancelLabel, confirmLabel, onCancel, onConfirm, busy = false, destructive = false }: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const handleCancelEvent = (event: SyntheticEvent<HTMLDialogElement>) => {
    // React state decides whether the dialog is open; Escape only asks.
    event.preventDefault();
    if (!busy) onCancel();
  };

  const handleBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && !busy) onCancel();
  };

  // The browser's own modal lets Tab leave for its address bar; a confirmation keeps it on its choices.
  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = focusableIn(event.currentTarget);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const Confirm = destructive ? DangerButton : Button;
  return (
    <Dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={handleCancelEvent}
      onClick={handleBackdropClick}
      onKeyDown={handleKeyDown}
    >
      <Body>
        <h2 id={titleId}>{title}</h2>
        <p id={descriptionId}>{description}</p>
        <Actions>
          <Button ref={cancelRef} $variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Confirm onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Confirm>
        </Actions>
      </Body>
    </Dialog>
  );
}

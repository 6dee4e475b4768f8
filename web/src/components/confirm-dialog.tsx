import { useId, useRef } from 'react';
import { styled } from 'styled-components';
import { Button } from './button.ts';
import { useModalDialog } from './dialog-focus.ts';

/** The look of the app's modal dialogs (the native <dialog>, its backdrop dimmed). */
export const ModalDialog = styled.dialog`
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
export const DialogBody = styled.div`
  padding: ${({ theme }) => theme.space.lg};
`;

/** A dialog's buttons, at its end on the right, wrapping on narrow screens. */
export const DialogActions = styled.div`
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
    background: ${({ theme }) => theme.colors.dangerHover};
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

/**
 * A modal confirmation on the native <dialog>, announced as an alert dialog: the page behind is
 * inert, Tab and Shift+Tab stay on its buttons, Escape and a click on the backdrop cancel, focus
 * starts on the safe choice and returns to the opener when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  busy = false,
  destructive = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const modal = useModalDialog({ open, busy, onCancel, focusOnOpen: cancelRef });
  const titleId = useId();
  const descriptionId = useId();

  const Confirm = destructive ? DangerButton : Button;
  return (
    <ModalDialog {...modal} role="alertdialog" aria-labelledby={titleId} aria-describedby={descriptionId}>
      <DialogBody>
        <h2 id={titleId}>{title}</h2>
        <p id={descriptionId}>{description}</p>
        <DialogActions>
          <Button ref={cancelRef} $variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Confirm onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Confirm>
        </DialogActions>
      </DialogBody>
    </ModalDialog>
  );
}

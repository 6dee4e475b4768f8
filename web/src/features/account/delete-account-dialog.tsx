import { useId, useRef, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { DangerButton, DialogActions, DialogBody, ModalDialog } from '../../components/confirm-dialog.tsx';
import { useModalDialog } from '../../components/dialog-focus.ts';
import { FieldGroup, Label, TextInput } from '../../components/form-field.tsx';

const PasswordField = styled(FieldGroup)`
  margin-top: ${({ theme }) => theme.space.md};
`;

export interface DeleteAccountDialogProps {
  open: boolean;
  /** While the deletion runs: the form is unavailable and Escape does nothing. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}

/**
 * Asks for the password before deleting the account: a modal alert dialog on the native <dialog>
 * (the page behind inert, Tab kept inside, Escape and the backdrop cancel), focus on the password
 * field, the typed password forgotten whenever it closes.
 */
export function DeleteAccountDialog({ open, busy, onCancel, onConfirm }: DeleteAccountDialogProps) {
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const modal = useModalDialog({ open, busy, onCancel, focusOnOpen: passwordRef, onClose: () => setPassword('') });
  const titleId = useId();
  const descriptionId = useId();
  const passwordId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && password.length > 0) onConfirm(password);
  };

  return (
    <ModalDialog {...modal} role="alertdialog" aria-labelledby={titleId} aria-describedby={descriptionId}>
      <DialogBody as="form" onSubmit={handleSubmit} noValidate>
        <h2 id={titleId}>Delete your account?</h2>
        <p id={descriptionId}>
          This permanently deletes your account and everything in it: conversations, recordings, job descriptions, practice, feedback, stories, résumés and your
          public profile. It cannot be undone.
        </p>
        <PasswordField>
          <Label htmlFor={passwordId}>Your password</Label>
          <TextInput
            ref={passwordRef}
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
            required
          />
        </PasswordField>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <DangerButton type="submit" disabled={busy || password.length === 0} aria-busy={busy || undefined}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </DangerButton>
        </DialogActions>
      </DialogBody>
    </ModalDialog>
  );
}

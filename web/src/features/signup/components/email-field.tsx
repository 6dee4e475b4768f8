import { TextField, type TextFieldProps } from '../../../components/form-field.tsx';

/**
 * The e-mail field of the sign-up steps: labelled "Email", with the keyboard and autofill for
 * addresses. It is the first field of every step that has it, and each step opens the sign-up dialog
 * or replaces the step before it, so it takes the focus (not the page behind).
 */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'name' | 'type' | 'inputMode' | 'autoComplete' | 'autoFocus'>) {
  // eslint-disable-next-line jsx-a11y/no-autofocus -- a new step's first field: focus goes into the dialog's step, not back to the page
  return <TextField label="Email" name="email" type="email" inputMode="email" autoComplete="email" autoFocus {...props} />;
}

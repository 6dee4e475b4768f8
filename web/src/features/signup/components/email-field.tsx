import { TextField, type TextFieldProps } from '../../../components/form-field.tsx';

/** The e-mail field of the sign-up steps: labelled "Email", with the keyboard and autofill for addresses. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'name' | 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextField label="Email" name="email" type="email" inputMode="email" autoComplete="email" {...props} />;
}

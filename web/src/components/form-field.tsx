import type { ComponentProps, ReactNode } from 'react';
import { css, styled } from 'styled-components';

export const FieldGroup = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

/** Text inputs of the auth screens are 48 px high (spec section 2). */
export const TextInput = styled.input`
  height: ${({ theme }) => theme.sizes.inputHeight};
  width: 100%;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:read-only {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

/** The look of the small inputs and selects inside tables; each sets its own height and width. */
export const compactControlStyles = css`
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
`;

/** A multi-line text box of the forms (job descriptions, snippets); `$mono` for markdown source. */
export const TextArea = styled.textarea<{ $mono?: boolean; $rows?: number }>`
  width: 100%;
  min-height: ${({ $rows = 6 }) => `${$rows * 1.5 + 1}rem`};
  resize: vertical;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme, $mono }) => ($mono ? theme.fonts.mono : 'inherit')};
  font-size: ${({ theme, $mono }) => ($mono ? theme.fontSizes.sm : 'inherit')};
  line-height: 1.5;

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

export const Select = styled.select`
  height: 40px;
  ${compactControlStyles}
`;

const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

/** The validation message of one field; `id` ties it to the input's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <ErrorText id={id} role="alert">
      {message}
    </ErrorText>
  );
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  id: string;
  label: string;
  /** The validation message to show, if any; it marks the input invalid and describes it. */
  error?: string;
  /** Ids of other elements that describe the input (e.g. a checklist). */
  describedBy?: string;
  /** Shown under the input (e.g. the password strength bar). */
  children?: ReactNode;
}

/** A labelled text input with its validation message, wired for screen readers (`<id>-error`). */
export function TextField({ id, label, error, describedBy, children, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <FieldGroup>
      <Label htmlFor={id}>{label}</Label>
      <TextInput id={id} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...input} />
      <FieldError id={errorId} message={error} />
      {children}
    </FieldGroup>
  );
}

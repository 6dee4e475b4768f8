import { styled } from 'styled-components';

const Field = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
  /* As tall as the inputs, and the whole address always shows: long ones wrap instead of being cut. */
  dd {
    margin: 0;
    min-height: ${({ theme }) => theme.sizes.inputHeight};
    display: flex;
    align-items: center;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

/**
 * The checked address on the details and login steps: read-only, shown whole at any width. A
 * hidden username input lets password managers file the new password under this address.
 */
export function ReadOnlyEmail({ id, email }: { id: string; email: string }) {
  return (
    <>
      <Field>
        <dt>Email</dt>
        <dd id={id} data-testid="read-only-email">
          {email}
        </dd>
      </Field>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
    </>
  );
}

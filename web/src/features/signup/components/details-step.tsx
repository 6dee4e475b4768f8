import { styled } from 'styled-components';
import { TextField } from '../../../components/form-field.tsx';
import { useRegistrationForm } from '../hooks/use-registration-form.ts';
import { AuthCard, CardHeader, Form } from './auth-card.tsx';
import { BackButton } from './back-button.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { ReadOnlyEmail } from './read-only-email.tsx';
import { SubmitButton } from './submit-button.tsx';

const NameRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.md};
`;

/** Step 2a: the registration form for an e-mail without an account. */
export function DetailsStep({ email, onBack }: { email: string; onBack: () => void }) {
  const { values, fieldProps, handleSubmit, submission, invalid, commonPasswordRule } = useRegistrationForm(email);

  return (
    <AuthCard labelledBy="details-heading" testId="signup-details-step">
      <BackButton onClick={onBack} />
      <CardHeader>
        <h1 id="details-heading">What is your name?</h1>
        <p>This is the name that will appear on your videos.</p>
      </CardHeader>

      <Form noValidate onSubmit={handleSubmit}>
        <ReadOnlyEmail id="details-email" email={email} />

        <NameRow>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- this step replaces the previous one: focus goes to its first field, not back to the page */}
          <TextField {...fieldProps('firstName')} label="First name" autoComplete="given-name" autoFocus />
          <TextField {...fieldProps('lastName')} label="Last name" autoComplete="family-name" />
        </NameRow>

        <TextField {...fieldProps('password')} label="Password" type="password" autoComplete="new-password" describedBy="password-requirements">
          <PasswordStrength password={values.password} checklistId="password-requirements" commonPasswordRule={commonPasswordRule} />
        </TextField>

        <SubmitButton busy={submission.busy} unavailable={invalid}>
          {submission.busy ? 'Creating account...' : 'Continue'}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { useAuth } from '../../auth/auth-context.tsx';
import { Button } from '../../components/button.ts';
import { TextField } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyError, notifySuccess } from '../../components/toast/notify.ts';
import { AuthCard, CardHeader, Form } from './auth-card.tsx';
import { BackButton } from './back-button.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { hasErrors, homePathFor, registrationErrors, type RegistrationField, type RegistrationValues } from './signup-form.ts';
import { register } from './signup.api.ts';

const NameRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.md};
`;

const FIELD_ORDER: readonly RegistrationField[] = ['firstName', 'lastName', 'password'];

/** Step 2a: the registration form for an e-mail without an account. */
export function DetailsStep({ email, onBack }: { email: string; onBack: () => void }) {
  const [values, setValues] = useState<RegistrationValues>({ firstName: '', lastName: '', password: '' });
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const fieldRefs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({});
  const { signIn } = useAuth();
  const navigate = useNavigate();

  // Validation runs on submit, then again on every change (spec section 5).
  const errors = registrationErrors(values);
  const shown = submitAttempted ? errors : {};
  const invalid = hasErrors(errors);

  const setField = (field: RegistrationField) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A second submit while one runs is ignored.
    if (submittingRef.current) return;
    setSubmitAttempted(true);
    if (invalid) {
      const first = FIELD_ORDER.find((field) => errors[field]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const result = await register({ email, firstName: values.firstName, lastName: values.lastName, password: values.password });
      notifySuccess(ACCOUNT_MESSAGES.registered);
      signIn(result.user);
      navigate(homePathFor(result.isAdmin));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : ACCOUNT_MESSAGES.somethingWentWrong, ACCOUNT_MESSAGES.registrationFailedTitle);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  return (
    <AuthCard labelledBy="details-heading" testId="signup-details-step">
      <BackButton onClick={onBack} />
      <CardHeader>
        <h1 id="details-heading">What is your name?</h1>
        <p>This is the name that will appear on your videos.</p>
      </CardHeader>

      <Form noValidate onSubmit={handleSubmit}>
        <TextField id="details-email" label="Email" name="email" type="email" value={email} readOnly autoComplete="email" />

        <NameRow>
          <TextField
            ref={(el) => {
              fieldRefs.current.firstName = el;
            }}
            id="firstName"
            label="First name"
            name="firstName"
            autoComplete="given-name"
            autoFocus
            value={values.firstName}
            onChange={(e) => setField('firstName')(e.target.value)}
            error={shown.firstName}
          />
          <TextField
            ref={(el) => {
              fieldRefs.current.lastName = el;
            }}
            id="lastName"
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => setField('lastName')(e.target.value)}
            error={shown.lastName}
          />
        </NameRow>

        <TextField
          ref={(el) => {
            fieldRefs.current.password = el;
          }}
          id="password"
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => setField('password')(e.target.value)}
          error={shown.password}
          describedBy="password-requirements"
        >
          <PasswordStrength password={values.password} checklistId="password-requirements" />
        </TextField>

        <Button type="submit" $block $size="lg" aria-disabled={invalid || submitting || undefined} aria-busy={submitting || undefined}>
          {submitting && <Spinner />}
          {submitting ? 'Creating account...' : 'Continue'}
        </Button>
      </Form>
    </AuthCard>
  );
}

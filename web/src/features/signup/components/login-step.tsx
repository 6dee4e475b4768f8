import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { TextField } from '../../../components/form-field.tsx';
import { notifyError } from '../../../components/toast/notify.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { AuthCard, CardHeader, Form } from './auth-card.tsx';
import { BackButton } from './back-button.tsx';
import { EmailField } from './email-field.tsx';
import { ReadOnlyEmail } from './read-only-email.tsx';
import { hasErrors, loginErrors, type LoginField, type LoginValues } from '../lib/signup-form.ts';
import { login } from '../api/signup.api.ts';
import { useEnterApp } from '../hooks/use-enter-app.ts';
import { SubmitButton } from './submit-button.tsx';

const ForgotRow = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export interface LoginStepProps {
  initialEmail: string;
  emailLocked: boolean;
  onBack: () => void;
  /** "Forgot Password?": on to the forgot-password step with the address typed so far. */
  onForgot: (email: string) => void;
}

/** Step 2b: password login; the e-mail is pre-filled and locked when it came from the email step. */
export function LoginStep({ initialEmail, emailLocked, onBack, onForgot }: LoginStepProps) {
  const [values, setValues] = useState<LoginValues>({ email: initialEmail, password: '' });
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [loginError, setLoginError] = useState<string | undefined>();
  const submission = useExclusiveTask();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const enterApp = useEnterApp();

  const errors = loginErrors(values);
  const shown = submitAttempted ? errors : {};

  const setField = (field: LoginField, value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submission.isBusy()) return;
    setSubmitAttempted(true);
    // The previous error is cleared before each attempt.
    setLoginError(undefined);
    if (hasErrors(errors)) {
      (errors.email && !emailLocked ? emailRef : passwordRef).current?.focus();
      return;
    }
    await submission.run(async () => {
      try {
        const result = await login({ email: values.email.trim(), password: values.password });
        enterApp(result.user, result.isAdmin);
      } catch (error) {
        // login() already chose "Invalid credentials" or the server message; the form shows it too.
        notifyError(errorMessageOr(error, ACCOUNT_MESSAGES.loginFailedToast));
        setLoginError(errorMessageOr(error, ACCOUNT_MESSAGES.invalidCredentials));
        passwordRef.current?.focus();
      }
    });
  };

  const passwordMessage = shown.password ?? loginError;

  return (
    <AuthCard labelledBy="login-heading" testId="signup-login-step">
      <BackButton onClick={onBack} />
      <CardHeader>
        <h1 id="login-heading">Welcome back</h1>
      </CardHeader>

      <Form noValidate onSubmit={handleSubmit}>
        {emailLocked ? (
          <ReadOnlyEmail id="login-email" email={values.email} />
        ) : (
          <EmailField ref={emailRef} id="login-email" value={values.email} onChange={(e) => setField('email', e.target.value)} error={shown.email} />
        )}

        <TextField
          ref={passwordRef}
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Password"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- with the e-mail already known, the password is this step's first field
          autoFocus={emailLocked}
          value={values.password}
          onChange={(e) => setField('password', e.target.value)}
          error={passwordMessage}
        />

        <ForgotRow>
          <Button $variant="link" onClick={() => onForgot(values.email.trim())}>
            Forgot Password?
          </Button>
        </ForgotRow>

        <SubmitButton busy={submission.busy}>Log in</SubmitButton>
      </Form>
    </AuthCard>
  );
}

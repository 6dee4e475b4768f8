import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { notifyError } from '../../../components/toast/notify.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { useSessionDraft } from '../../../hooks/use-session-draft.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { AuthCard, CardHeader, Form } from './auth-card.tsx';
import { EmailField } from './email-field.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { emailStepError, shouldShowEmailError } from '../lib/signup-form.ts';
import { SIGNUP_DRAFT } from '../lib/signup-drafts.ts';
import { checkEmail } from '../api/signup.api.ts';
import { SubmitButton } from './submit-button.tsx';
import { PATHS } from '../../../lib/paths.ts';

const Legal = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const SwitchRow = styled.div`
  display: flex;
  justify-content: center;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 400;
  }
`;

export interface EmailStepProps {
  googleClientId: string | null;
  /** Called with the checked address and whether an account exists for it. */
  onChecked: (email: string, exists: boolean) => void;
  onSignIn: () => void;
}

/** Step 1: Google sign-up, or an e-mail address that decides between login and registration. */
export function EmailStep({ googleClientId, onChecked, onSignIn }: EmailStepProps) {
  // Kept for this tab while the person reads the Terms or the Privacy Policy and comes back.
  const [email, setEmail] = useSessionDraft(SIGNUP_DRAFT.email);
  const [touched, setTouched] = useState(false);
  const check = useExclusiveTask();
  const inputRef = useRef<HTMLInputElement>(null);

  const error = emailStepError(email);
  const showError = shouldShowEmailError(email, touched) ? error : undefined;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.isBusy()) return;
    if (error) {
      setTouched(true);
      inputRef.current?.focus();
      return;
    }
    await check.run(async () => {
      const address = email.trim();
      try {
        const exists = await checkEmail(address);
        onChecked(address, exists);
      } catch (failure) {
        notifyError(errorMessageOr(failure, ACCOUNT_MESSAGES.checkEmailFailed));
      }
    });
  };

  return (
    <AuthCard labelledBy="signup-heading" testId="signup-email-step">
      <CardHeader>
        <h1 id="signup-heading">Have your story be heard</h1>
      </CardHeader>

      {googleClientId && <GoogleSignInButton clientId={googleClientId} />}

      <Form noValidate onSubmit={handleSubmit}>
        <EmailField
          ref={inputRef}
          id="signup-email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={showError}
        />
        <SubmitButton busy={check.busy} unavailable={Boolean(error)}>
          Continue
        </SubmitButton>
      </Form>

      <Legal>
        By continuing, you agree to our <Link to={PATHS.terms}>Terms of Service</Link> and <Link to={PATHS.privacy}>Privacy Policy</Link>.
      </Legal>

      <SwitchRow>
        <Button $variant="link" onClick={onSignIn}>
          <span>Already have an account?</span> Sign in
        </Button>
      </SwitchRow>
    </AuthCard>
  );
}

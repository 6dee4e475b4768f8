import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { TextField } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyError } from '../../components/toast/notify.ts';
import { AuthCard, CardHeader, Form } from './auth-card.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { emailStepError, shouldShowEmailError } from './signup-form.ts';
import { checkEmail } from './signup.api.ts';

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
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const checkingRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const error = emailStepError(email);
  const showError = shouldShowEmailError(email, touched) ? error : undefined;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (checkingRef.current) return;
    if (error) {
      setTouched(true);
      inputRef.current?.focus();
      return;
    }
    checkingRef.current = true;
    setChecking(true);
    const address = email.trim();
    try {
      const exists = await checkEmail(address);
      onChecked(address, exists);
    } catch (failure) {
      notifyError(failure instanceof Error ? failure.message : ACCOUNT_MESSAGES.checkEmailFailed);
    } finally {
      checkingRef.current = false;
      setChecking(false);
    }
  };

  const unavailable = Boolean(error) || checking;

  return (
    <AuthCard labelledBy="signup-heading" testId="signup-email-step">
      <CardHeader>
        <h1 id="signup-heading">Have your story be heard</h1>
      </CardHeader>

      {googleClientId && <GoogleSignInButton clientId={googleClientId} />}

      <Form noValidate onSubmit={handleSubmit}>
        <TextField
          ref={inputRef}
          id="signup-email"
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={showError}
        />
        <Button type="submit" $block $size="lg" aria-disabled={unavailable || undefined} aria-busy={checking || undefined}>
          {checking && <Spinner />}
          Continue
        </Button>
      </Form>

      <Legal>
        By continuing, you agree to our <a href="/terms">Terms of Service</a> and <a href="/privacy">Privacy Policy</a>.
      </Legal>

      <SwitchRow>
        <Button $variant="link" onClick={onSignIn}>
          <span>Already have an account?</span> Sign in
        </Button>
      </SwitchRow>
    </AuthCard>
  );
}

import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PASSWORD_RESET_MESSAGES } from '@story/proto';
import { styled } from 'styled-components';
import { useAuth } from '../../auth/auth-context.tsx';
import { Button } from '../../components/button.ts';
import { TextField } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyError, notifySuccess } from '../../components/toast/notify.ts';
import { useAsyncEffect } from '../../hooks/use-async-effect.ts';
import { useExclusiveTask } from '../../hooks/use-exclusive-task.ts';
import { errorMessageOr } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ResetLinkInvalidError, checkResetLink, completePasswordReset } from './api/password-reset.api.ts';
import { AuthCard, CardHeader, Form } from './components/auth-card.tsx';
import { PasswordStrength } from './components/password-strength.tsx';
import { ReadOnlyEmail } from './components/read-only-email.tsx';
import { SubmitButton } from './components/submit-button.tsx';
import { useCommonPasswordRule } from './hooks/common-password-rule.ts';
import { resetTokenOf } from './lib/reset-link.ts';
import { newPasswordError } from './lib/signup-form.ts';
import { signupStepPath } from '../../lib/paths.ts';

const Checking = styled.div`
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.primary};
`;

type LinkState = { kind: 'checking' } | { kind: 'ready'; email: string } | { kind: 'invalid' } | { kind: 'unchecked' };

/** The choose-a-new-password form of a working link. */
function ChooseNewPassword({ token, email, onInvalid }: { token: string; email: string; onInvalid: () => void }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const submission = useExclusiveTask();
  const passwordRef = useRef<HTMLInputElement>(null);
  const commonPasswordRule = useCommonPasswordRule();
  const error = newPasswordError(password, commonPasswordRule);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submission.isBusy()) return;
    setSubmitAttempted(true);
    if (error) {
      passwordRef.current?.focus();
      return;
    }
    await submission.run(async () => {
      try {
        await completePasswordReset(token, password);
        notifySuccess(PASSWORD_RESET_MESSAGES.passwordReset);
        // Every session of the account just ended. A browser that was signed in starts afresh,
        // with nothing of that session kept in memory; otherwise straight on to log in.
        if (status === 'signed-in') window.location.assign(signupStepPath('login'));
        else void navigate(signupStepPath('login'), { replace: true, state: { email, locked: true } });
      } catch (failure) {
        notifyError(errorMessageOr(failure, PASSWORD_RESET_MESSAGES.resetFailed));
        if (failure instanceof ResetLinkInvalidError) onInvalid();
        else passwordRef.current?.focus();
      }
    });
  };

  return (
    <AuthCard labelledBy="reset-heading" testId="reset-password-form">
      <CardHeader>
        <h1 id="reset-heading">{PASSWORD_RESET_MESSAGES.chooseHeading}</h1>
        <p>{PASSWORD_RESET_MESSAGES.chooseIntro}</p>
      </CardHeader>
      <Form noValidate onSubmit={handleSubmit}>
        <ReadOnlyEmail id="reset-email" email={email} />
        <TextField
          ref={passwordRef}
          id="reset-new-password"
          name="password"
          label={PASSWORD_RESET_MESSAGES.newPasswordLabel}
          type="password"
          autoComplete="new-password"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the link was opened to type this: focus starts here
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={submitAttempted ? error : undefined}
          describedBy="reset-password-requirements"
        >
          <PasswordStrength password={password} checklistId="reset-password-requirements" commonPasswordRule={commonPasswordRule} />
        </TextField>
        <SubmitButton busy={submission.busy} unavailable={Boolean(error)}>
          {submission.busy ? PASSWORD_RESET_MESSAGES.resettingButton : PASSWORD_RESET_MESSAGES.resetButton}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** What a link that cannot be used says, and the way on: ask for another, or check it again. */
function LinkProblem({ heading, message, action, onAction }: { heading: string; message: string; action: string; onAction: () => void }) {
  return (
    <AuthCard labelledBy="reset-problem-heading" testId="reset-password-problem">
      <CardHeader>
        <h1 id="reset-problem-heading">{heading}</h1>
        <p>{message}</p>
      </CardHeader>
      <Button $block $size="lg" onClick={onAction}>
        {action}
      </Button>
    </AuthCard>
  );
}

/**
 * /reset-password#token=… (issue 39, 6): the link of a password-reset e-mail. The link is checked
 * first, so a used or expired one says so before anything is typed; a working one asks for the new
 * password under the sign-up rules, then sends the person to log in with it.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => resetTokenOf(location.hash));
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [round, setRound] = useState(0);
  useDocumentTitle(PASSWORD_RESET_MESSAGES.chooseHeading);

  // Without a token (the fragment lost on the way) there is nothing to ask the server.
  const check = useCallback(() => (token ? checkResetLink(token) : Promise.reject(new ResetLinkInvalidError())), [token]);
  useAsyncEffect(
    check,
    {
      onSuccess: (email) => setLink({ kind: 'ready', email }),
      onError: (error) => {
        if (error instanceof ResetLinkInvalidError) {
          setLink({ kind: 'invalid' });
          return;
        }
        notifyError(errorMessageOr(error, PASSWORD_RESET_MESSAGES.checkFailed));
        setLink({ kind: 'unchecked' });
      },
    },
    [check, round],
  );
  const askAgain = () => void navigate(signupStepPath('forgot'));

  switch (link.kind) {
    case 'checking':
      return (
        <AuthCard labelledBy="reset-checking" testId="reset-password-checking">
          <Checking id="reset-checking">
            <Spinner label={PASSWORD_RESET_MESSAGES.checkingLink} size={28} />
          </Checking>
        </AuthCard>
      );
    case 'ready':
      return <ChooseNewPassword token={token} email={link.email} onInvalid={() => setLink({ kind: 'invalid' })} />;
    case 'invalid':
      return (
        <LinkProblem
          heading={PASSWORD_RESET_MESSAGES.linkInvalidHeading}
          message={PASSWORD_RESET_MESSAGES.linkInvalid}
          action={PASSWORD_RESET_MESSAGES.askAgain}
          onAction={askAgain}
        />
      );
    case 'unchecked':
      return (
        <LinkProblem
          heading={PASSWORD_RESET_MESSAGES.checkFailedHeading}
          message={PASSWORD_RESET_MESSAGES.checkFailed}
          action={PASSWORD_RESET_MESSAGES.tryAgain}
          onAction={() => {
            setLink({ kind: 'checking' });
            setRound((value) => value + 1);
          }}
        />
      );
  }
}

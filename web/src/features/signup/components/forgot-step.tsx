import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_RESET_MESSAGES, resetLinkSentMessage } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { notifyError } from '../../../components/toast/notify.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { requestPasswordReset } from '../api/password-reset.api.ts';
import { resetEmailError } from '../lib/signup-form.ts';
import { AuthCard, CardHeader, Form } from './auth-card.tsx';
import { BackButton } from './back-button.tsx';
import { EmailField } from './email-field.tsx';
import { SubmitButton } from './submit-button.tsx';

const Sent = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  p {
    overflow-wrap: anywhere;
  }
  p + p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export interface ForgotStepProps {
  /** The address typed on the login step, if any. */
  initialEmail: string;
  onBack: () => void;
  /** Back to the login step with the address the link was asked for. */
  onBackToLogin: (email: string) => void;
}

/**
 * "Forgot Password?" (issue 39, 6): the e-mail of the account, then the same answer whatever it is
 * (whether an account has it is nobody's business): check your mail, the link works once for an hour.
 */
export function ForgotStep({ initialEmail, onBack, onBackToLogin }: ForgotStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>();
  const sending = useExclusiveTask();
  const inputRef = useRef<HTMLInputElement>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);

  const error = resetEmailError(email);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.isBusy()) return;
    setSubmitAttempted(true);
    if (error) {
      inputRef.current?.focus();
      return;
    }
    await sending.run(async () => {
      const address = email.trim();
      try {
        await requestPasswordReset(address);
        setSentTo(address);
        // The card's content changed under the button: the new heading takes the focus and says what happened.
        queueMicrotask(() => sentHeadingRef.current?.focus());
      } catch (failure) {
        notifyError(errorMessageOr(failure, PASSWORD_RESET_MESSAGES.requestFailed));
      }
    });
  };

  if (sentTo !== undefined) {
    return (
      <AuthCard labelledBy="forgot-sent-heading" testId="signup-forgot-sent">
        <CardHeader>
          <h1 id="forgot-sent-heading" ref={sentHeadingRef} tabIndex={-1}>
            {PASSWORD_RESET_MESSAGES.sentHeading}
          </h1>
        </CardHeader>
        <Sent role="status">
          <p>{resetLinkSentMessage(sentTo)}</p>
          <p>{PASSWORD_RESET_MESSAGES.linkExpiry}</p>
        </Sent>
        <Button $block $size="lg" onClick={() => onBackToLogin(sentTo)}>
          {PASSWORD_RESET_MESSAGES.backToLogin}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard labelledBy="forgot-heading" testId="signup-forgot-step">
      <BackButton onClick={onBack} />
      <CardHeader>
        <h1 id="forgot-heading">{PASSWORD_RESET_MESSAGES.forgotHeading}</h1>
        <p>{PASSWORD_RESET_MESSAGES.forgotIntro}</p>
      </CardHeader>
      <Form noValidate onSubmit={handleSubmit}>
        <EmailField ref={inputRef} id="forgot-email" value={email} onChange={(e) => setEmail(e.target.value)} error={submitAttempted ? error : undefined} />
        <SubmitButton busy={sending.busy}>{sending.busy ? PASSWORD_RESET_MESSAGES.sendingLink : PASSWORD_RESET_MESSAGES.sendLink}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { styled } from 'styled-components';
import { useAuth } from '../../../auth/auth-context.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { notifyError } from '../../../components/toast/notify.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { readGoogleCredential } from '../lib/google-credential.ts';
import { loadGoogleIdentity, type GoogleCredentialResponse } from '../lib/google-identity.ts';
import { googleAuth } from '../api/signup.api.ts';
import { leaveSignup } from '../lib/signup-drafts.ts';
import { PATHS } from '../../../lib/paths.ts';

const Wrapper = styled.div<{ $busy: boolean }>`
  position: relative;
  min-height: 44px;
  display: flex;
  justify-content: center;
  > div:first-child {
    pointer-events: ${({ $busy }) => ($busy ? 'none' : 'auto')};
    opacity: ${({ $busy }) => ($busy ? 0.5 : 1)};
  }
`;

const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

const Busy = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.primary};
`;

/**
 * Google's own sign-up button (Google Identity Services) and the "or" divider under it. Its
 * credential goes to the server, which verifies it; while that runs the button is disabled and
 * shows a spinner. When Google's script cannot load, nothing is shown.
 */
export function GoogleSignInButton({ clientId }: { clientId: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const signingIn = useExclusiveTask();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  // The callback is registered once with Google; it reads the latest handlers through this ref.
  const handlersRef = useRef({ signIn, navigate });
  useEffect(() => {
    handlersRef.current = { signIn, navigate };
  }, [signIn, navigate]);

  const handleCredential = (response: GoogleCredentialResponse) =>
    signingIn.run(async () => {
      try {
        const profile = readGoogleCredential(response.credential);
        const result = await googleAuth(response.credential ?? '', profile);
        leaveSignup();
        handlersRef.current.signIn(result.user);
        handlersRef.current.navigate(PATHS.welcome);
      } catch (error) {
        notifyError(errorMessageOr(error, ACCOUNT_MESSAGES.googleFailed), ACCOUNT_MESSAGES.googleFailedTitle);
      }
    });

  useAsyncEffect(
    loadGoogleIdentity,
    {
      onSuccess: (google) => {
        const container = containerRef.current;
        if (!container) return;
        google.initialize({ client_id: clientId, callback: (r) => void handleCredential(r), ux_mode: 'popup', context: 'signup' });
        google.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signup_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(400, Math.max(200, Math.round(container.getBoundingClientRect().width))),
        });
      },
      onError: (error) => {
        console.error('Google sign-in is unavailable', error);
        setUnavailable(true);
      },
    },
    [clientId],
  );

  if (unavailable) return null;
  return (
    <>
      <Wrapper $busy={signingIn.busy} aria-busy={signingIn.busy} data-testid="google-sign-in">
        <div ref={containerRef} style={{ width: '100%', display: 'flex', justifyContent: 'center' }} />
        {signingIn.busy && (
          <Busy>
            <Spinner label="Signing in with Google" />
          </Busy>
        )}
      </Wrapper>
      <Divider role="separator" aria-label="or">
        or
      </Divider>
    </>
  );
}

import { useState } from 'react';
import { useAsyncEffect } from '../../hooks/use-async-effect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DetailsStep } from './details-step.tsx';
import { EmailStep } from './email-step.tsx';
import { LoginStep } from './login-step.tsx';
import { fetchGoogleClientId } from './signup.api.ts';

type Step =
  | { name: 'email' }
  | { name: 'details'; email: string }
  | { name: 'login'; email: string; locked: boolean };

const TITLES: Record<Step['name'], string> = {
  email: 'Sign up',
  details: 'What is your name?',
  login: 'Log in',
};

/** /signup: email step, then login (account exists) or details (new account). */
export function SignupPage() {
  const [step, setStep] = useState<Step>({ name: 'email' });
  // Each visit to a step starts a fresh form.
  const [formKey, setFormKey] = useState(0);
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);
  useDocumentTitle(TITLES[step.name]);

  useAsyncEffect(
    fetchGoogleClientId,
    {
      onSuccess: setGoogleClientId,
      // Without the configuration the Google button simply stays hidden.
      onError: (error) => console.error('Could not load the sign-in configuration', error),
    },
    [],
  );

  const goTo = (next: Step) => {
    setFormKey((k) => k + 1);
    setStep(next);
  };

  switch (step.name) {
    case 'email':
      return (
        <EmailStep
          key={formKey}
          googleClientId={googleClientId}
          onChecked={(email, exists) => goTo(exists ? { name: 'login', email, locked: true } : { name: 'details', email })}
          onSignIn={() => goTo({ name: 'login', email: '', locked: false })}
        />
      );
    case 'details':
      return <DetailsStep key={formKey} email={step.email} onBack={() => goTo({ name: 'email' })} />;
    case 'login':
      return <LoginStep key={formKey} initialEmail={step.email} emailLocked={step.locked} onBack={() => goTo({ name: 'email' })} />;
  }
}

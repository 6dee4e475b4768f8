import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { notifyError } from '../../../components/toast/notify.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { readDraft, writeDraft } from '../../../hooks/use-session-draft.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { register } from '../api/signup.api.ts';
import { SIGNUP_DRAFT, chosenPlanOf } from '../lib/signup-drafts.ts';
import { hasErrors, registrationErrors, type RegistrationField, type RegistrationValues } from '../lib/signup-form.ts';
import { loadCommonPasswordRule, useCommonPasswordRule } from './common-password-rule.ts';
import { useEnterApp } from './use-enter-app.ts';

const FIELD_ORDER: readonly RegistrationField[] = ['firstName', 'lastName', 'password'];

/**
 * The registration form of an e-mail without an account: its values (the names kept as drafts for
 * this tab, never the password), their problems once a submit was tried, and the submit, which
 * registers, signs in and goes on to the app.
 */
export function useRegistrationForm(email: string) {
  // The names (never the password) are kept for this tab while the person reads the Terms and comes back.
  const [values, setValues] = useState<RegistrationValues>(() => ({
    firstName: readDraft(SIGNUP_DRAFT.firstName),
    lastName: readDraft(SIGNUP_DRAFT.lastName),
    password: '',
  }));
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const submission = useExclusiveTask();
  const fieldRefs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({});
  const enterApp = useEnterApp();

  const commonPasswordRule = useCommonPasswordRule();

  // Validation runs on submit, then again on every change (spec section 5).
  const errors = registrationErrors(values, commonPasswordRule);
  const shown = submitAttempted ? errors : {};
  const invalid = hasErrors(errors);

  /** What every field of the form takes: its id and name, value, change handler, message and ref. */
  const fieldProps = (field: RegistrationField) => ({
    ref: (element: HTMLInputElement | null) => {
      fieldRefs.current[field] = element;
    },
    id: field,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      if (field !== 'password') writeDraft(SIGNUP_DRAFT[field], value);
      setValues((previous) => ({ ...previous, [field]: value }));
    },
    error: shown[field],
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A second submit while one runs is ignored.
    if (submission.isBusy()) return;
    setSubmitAttempted(true);
    // A submit faster than the list's download waits for it, so the rule is never skipped.
    const current = registrationErrors(values, commonPasswordRule ?? (await loadCommonPasswordRule()));
    if (hasErrors(current)) {
      const first = FIELD_ORDER.find((field) => current[field]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    await submission.run(async () => {
      try {
        const requestedPlan = chosenPlanOf(readDraft(SIGNUP_DRAFT.plan));
        const result = await register({ email, firstName: values.firstName, lastName: values.lastName, password: values.password, requestedPlan });
        enterApp(result.user, result.isAdmin, ACCOUNT_MESSAGES.registered);
      } catch (error) {
        notifyError(errorMessageOr(error, ACCOUNT_MESSAGES.somethingWentWrong), ACCOUNT_MESSAGES.registrationFailedTitle);
      }
    });
  };

  return { values, fieldProps, handleSubmit, submission, invalid, commonPasswordRule };
}

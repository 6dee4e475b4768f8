import { useId, useState } from 'react';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { JOB_MESSAGES, MOCK_INTERVIEW_LIMITS, type Resume } from '@story/proto';
import { FieldError, FieldGroup, Label, Select, TextInput } from '../../../components/form-field.tsx';
import { PlanLockedLine } from '../../../components/plan-notice.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { useErrorToast } from '../../../hooks/use-error-toast.ts';
import { useJobDescriptions, useJobDescriptionSnippets } from '../../interview-practice/index.ts';
import { fetchCurrentResume } from '../../resume/index.ts';
import { loadFailureOf, type LoadFailure } from '../lib/load-failure.ts';
import { positiveId } from '../lib/mock-links.ts';
import type { StartFormValues } from '../lib/start-form.ts';
import { Choice, Fieldset, Hint } from './form-parts.ts';
import { PATHS } from '../../../lib/paths.ts';

/* The fields of the mock interview start form (/interview-practice/mock/new). */

const WideSelect = styled(Select)`
  width: 100%;
  height: ${({ theme }) => theme.sizes.inputHeight};
`;

const NumberInput = styled(TextInput)`
  max-width: 12rem;
`;

/** The saved requirements (snippets) of the chosen description, as checkboxes; none checked: all. */
export function RequirementChoice({
  jobDescriptionId,
  selected,
  onChange,
}: {
  jobDescriptionId: number;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const snippets = useJobDescriptionSnippets(String(jobDescriptionId));
  const toggle = (id: number, checked: boolean) => onChange(checked ? [...selected, id] : selected.filter((candidate) => candidate !== id));
  return (
    <Fieldset>
      <legend>Requirements to ask about</legend>
      {snippets === null ? (
        <BusyStatus>Loading requirements...</BusyStatus>
      ) : snippets.length === 0 ? (
        <Hint>No requirement saved as a snippet yet: the interviewer asks about the description’s own requirements.</Hint>
      ) : (
        <>
          <Hint>None checked: every requirement.</Hint>
          {snippets.map((snippet) => (
            <Choice key={snippet.id}>
              <input type="checkbox" checked={selected.includes(Number(snippet.id))} onChange={(event) => toggle(Number(snippet.id), event.target.checked)} />
              <span>{snippet.snippetText}</span>
            </Choice>
          ))}
        </>
      )}
    </Fieldset>
  );
}

/**
 * Whether the current résumé is used, said plainly, with the choice not to be asked about it (the
 * contract uses the current one unless told not to). A plan without résumés is told so, with the way
 * to the plans (issue 39, 3), not that the résumé "could not be read".
 */
export function ResumeNote({ useResume, onChange }: { useResume: boolean; onChange: (useResume: boolean) => void }) {
  const [resume, setResume] = useState<Resume | null | 'loading' | LoadFailure>('loading');
  useAsyncEffect(() => fetchCurrentResume(), { onSuccess: setResume, onError: (error) => setResume(loadFailureOf(error, '')) }, []);
  if (resume === 'loading') return <BusyStatus>Checking your résumé...</BusyStatus>;
  if (resume !== null && 'locked' in resume) {
    return resume.locked ? (
      <PlanLockedLine message={`${resume.message} The questions come from the requirements and the role.`} features={['resume']} testId="resume-locked" />
    ) : (
      <Hint>Your résumé could not be read: the questions come from the requirements and the role.</Hint>
    );
  }
  if (resume === null)
    return (
      <Hint>
        No résumé yet: the questions come from the requirements and the role. <Link to={PATHS.resumeUpload}>Upload a résumé</Link> to be asked about it too.
      </Hint>
    );
  return (
    <Choice>
      <input type="checkbox" checked={useResume} onChange={(event) => onChange(event.target.checked)} data-testid="resume-used" />
      <span>Ask about my résumé: the interviewer quotes a line or two of your current résumé and asks for the story behind it.</span>
    </Choice>
  );
}

interface NumberFieldProps {
  label: string;
  value: string;
  /** The whole numbers it takes, which its hint states ("5 to 8"). */
  limits: { min: number; max: number };
  /** Said before the range in the hint: "Before each answer starts" gives "Before each answer starts: 0 to 60". */
  hint?: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function NumberField({ label, value, limits: { min, max }, hint, error, onChange }: NumberFieldProps) {
  const id = useId();
  const range = `${min} to ${max}`;
  return (
    <FieldGroup>
      <Label htmlFor={id}>{label}</Label>
      <NumberInput
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <Hint id={`${id}-hint`}>{hint ? `${hint}: ${range}` : range}</Hint>
      <FieldError id={`${id}-error`} message={error} />
    </FieldGroup>
  );
}

/** The saved, active descriptions to choose from. */
export function DescriptionField({ value, error, onChange }: { value: number | null; error: string | undefined; onChange: (id: number | null) => void }) {
  const id = useId();
  const list = useJobDescriptions(false);
  useErrorToast(list.error, JOB_MESSAGES.loadSavedFailed);
  const descriptions = list.data?.formattedJobDescriptions ?? [];
  return (
    <FieldGroup>
      <Label htmlFor={id}>Job description</Label>
      <WideSelect
        id={id}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(event) => onChange(positiveId(event.target.value))}
      >
        <option value="">{list.loading && !list.data ? 'Loading saved descriptions...' : 'Choose a saved job description'}</option>
        {descriptions.map((description) => (
          <option key={description.id} value={description.id}>
            {description.jobTitle} at {description.companyName}
          </option>
        ))}
      </WideSelect>
      <FieldError id={`${id}-error`} message={error} />
    </FieldGroup>
  );
}

export function TargetRoleField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FieldGroup>
      <Label htmlFor={id}>Target role (optional)</Label>
      <TextInput
        id={id}
        value={value}
        maxLength={MOCK_INTERVIEW_LIMITS.targetRole + 1}
        placeholder="e.g. Senior operations lead"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </FieldGroup>
  );
}

/** Voice or text, and in voice whether a silence ends an answer (hands-free) and how long it is. */
export function AnswerModeFields({
  values,
  error,
  onChange,
}: {
  values: StartFormValues;
  error: string | undefined;
  onChange: (next: Partial<StartFormValues>) => void;
}) {
  return (
    <>
      <Fieldset>
        <legend>Answer by</legend>
        <Choice>
          <input type="radio" name="mode" checked={values.mode === 'voice'} onChange={() => onChange({ mode: 'voice' })} />
          <span>Voice: the interviewer asks aloud and you answer out loud</span>
        </Choice>
        <Choice>
          <input type="radio" name="mode" checked={values.mode === 'text'} onChange={() => onChange({ mode: 'text' })} />
          <span>Text: read the questions and type your answers</span>
        </Choice>
      </Fieldset>
      {values.mode === 'voice' && (
        <Fieldset>
          <legend>Ending an answer</legend>
          <Choice>
            <input type="checkbox" checked={values.handsFree} onChange={(event) => onChange({ handsFree: event.target.checked })} />
            <span>Hands-free: a silence ends my answer (otherwise only Stop does, however long I pause)</span>
          </Choice>
          {values.handsFree && (
            <NumberField
              label="Silence that ends an answer (seconds)"
              value={values.silenceSeconds}
              limits={MOCK_INTERVIEW_LIMITS.silenceSeconds}
              error={error}
              onChange={(silenceSeconds) => onChange({ silenceSeconds })}
            />
          )}
        </Fieldset>
      )}
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import { MOCK_INTERVIEW_LIMITS, MOCK_INTERVIEW_MESSAGES as M } from '@story/proto';
import { serverMessageOr } from '../../api/failure.ts';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { PageShell } from '../../chrome/page-shell.tsx';
import { PlanNotice } from '../../components/plan-notice.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { notifyError, notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLockedFeatures } from '../../api/usage.api.ts';
import { createMockInterview } from './api/mock-interviews.api.ts';
import { Actions, FieldRow } from './components/form-parts.ts';
import { AnswerModeFields, DescriptionField, NumberField, RequirementChoice, ResumeNote, TargetRoleField } from './components/start-fields.tsx';
import { loadFailureOf } from './lib/load-failure.ts';
import { positiveId } from './lib/mock-links.ts';
import { checkStartForm, initialStartForm, type StartField, type StartFormValues } from './lib/start-form.ts';
import { mockPreparePath, PATHS } from '../../lib/paths.ts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

/**
 * Plans the interview the form describes: its first problem told (toast and field), or the plan made
 * and its story-fit step opened. The plan's refusal (403) is handed to `onLocked`, which shows it in place of the form.
 */
function usePlanInterview(values: StartFormValues, onLocked: (message: string) => void) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<{ field: StartField; message: string } | null>(null);
  const [planning, setPlanning] = useState(false);
  const plan = async () => {
    if (planning) return;
    const checked = checkStartForm(values);
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      notifyError(checked.message);
      return;
    }
    setPlanning(true);
    try {
      const interview = await createMockInterview(checked.request);
      notifySuccess(M.planned);
      await navigate(mockPreparePath(interview.id));
    } catch (error) {
      const failure = loadFailureOf(error, M.planFailed);
      if (failure.locked) onLocked(failure.message);
      else notifyFailure(serverMessageOr(error, M.planFailed), error);
      setPlanning(false);
    }
  };
  return { problem, clearProblem: () => setProblem(null), planning, plan };
}

/**
 * /interview-practice/mock/new: a mock interview planned from a saved description (its chosen
 * requirements, or all), the target role, the current résumé, how many questions, the think time,
 * voice or text, and hands-free. The rules are the API's own (checked before sending); a refusal
 * says the API's message. A plan without mock interviews sees the plan's sentence and the way to
 * the plans instead of the form (issue 39, 3).
 */
export function MockStartPage() {
  useDocumentTitle('Start a mock interview');
  const locked = useLockedFeatures();
  const [refused, setRefused] = useState<string | null>(null);
  const sentence = refused ?? locked.data?.locked.mockInterviews;
  return (
    <PageShell title="Start a mock interview">
      {sentence ? (
        <PlanNotice message={sentence} features={['mockInterviews']} />
      ) : locked.data || locked.failed ? (
        <StartForm onLocked={setRefused} />
      ) : (
        <BusyStatus>Checking your plan...</BusyStatus>
      )}
    </PageShell>
  );
}

/** The start form itself. */
function StartForm({ onLocked }: { onLocked: (message: string) => void }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<StartFormValues>(() => initialStartForm(positiveId(searchParams.get('jobDescriptionId'))));
  const { problem, clearProblem, planning, plan } = usePlanInterview(values, onLocked);
  const change = (next: Partial<StartFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    clearProblem();
  };
  const errorOf = (field: StartField) => (problem?.field === field ? problem.message : undefined);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void plan();
  };

  return (
    <CardSection aria-label="Plan your mock interview">
      <Form onSubmit={handleSubmit} noValidate>
        <DescriptionField
          value={values.jobDescriptionId}
          error={errorOf('jobDescriptionId')}
          onChange={(jobDescriptionId) => change({ jobDescriptionId, snippetIds: [] })}
        />

        {values.jobDescriptionId !== null && (
          <RequirementChoice jobDescriptionId={values.jobDescriptionId} selected={values.snippetIds} onChange={(snippetIds) => change({ snippetIds })} />
        )}

        <TargetRoleField value={values.targetRole} error={errorOf('targetRole')} onChange={(targetRole) => change({ targetRole })} />

        <ResumeNote useResume={values.useResume} onChange={(useResume) => change({ useResume })} />

        <FieldRow>
          <NumberField
            label="Questions"
            value={values.questionCount}
            limits={MOCK_INTERVIEW_LIMITS.questions}
            error={errorOf('questionCount')}
            onChange={(questionCount) => change({ questionCount })}
          />
          <NumberField
            label="Think time (seconds)"
            value={values.thinkSeconds}
            limits={MOCK_INTERVIEW_LIMITS.thinkSeconds}
            hint="Before each answer starts"
            error={errorOf('thinkSeconds')}
            onChange={(thinkSeconds) => change({ thinkSeconds })}
          />
        </FieldRow>

        <AnswerModeFields values={values} error={errorOf('silenceSeconds')} onChange={change} />

        <Actions>
          <Button type="submit" $size="lg" disabled={planning} aria-busy={planning || undefined}>
            {planning ? 'Planning your interview...' : 'Plan my interview'}
          </Button>
          <Button type="button" $variant="secondary" $size="lg" onClick={() => void navigate(PATHS.interviewSaved)}>
            Back to saved jobs
          </Button>
        </Actions>
      </Form>
    </CardSection>
  );
}

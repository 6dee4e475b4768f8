import { useId, useState, type FormEvent } from 'react';
import { JOB_MESSAGES, processJobDescriptionRequestSchema } from '@story/proto';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { FieldGroup, Label, TextArea, TextField } from '../../components/form-field.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyFailure } from '../../components/toast/notify.ts';
import { useExclusiveTask } from '../../hooks/use-exclusive-task.ts';
import { useProblemToast } from '../../hooks/use-problem-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useProcessJobDescription } from './api/job-descriptions.api.ts';
import { refusalOr } from './lib/refusal.ts';
import { reviewPath } from '../../lib/paths.ts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** What the review screen needs besides its query: the text as pasted, kept as the description's original. */
export interface ReviewState {
  originalContent: string;
}

/**
 * /interview-practice, "Practice for an Interview": company, job title and the pasted description.
 * The form is checked in the specification's order (an "Error" toast for the first problem, which
 * closes once that field is filled in); while the description is cleaned the button says
 * "Processing..." and a second submit is ignored.
 */
export function InterviewStartPage() {
  useDocumentTitle('Practice for an Interview');
  const navigate = useNavigate();
  const descriptionId = useId();
  const [form, setForm] = useState({ companyName: '', jobTitle: '', jobDescription: '' });
  const task = useExclusiveTask();
  const processJobDescription = useProcessJobDescription();
  const validation = processJobDescriptionRequestSchema.safeParse(form);
  const complain = useProblemToast(validation.success ? [] : validation.error.issues.map((issue) => issue.message));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void task.run(async () => {
      const parsed = processJobDescriptionRequestSchema.safeParse(form);
      if (!parsed.success) {
        complain(parsed.error.issues[0]?.message ?? JOB_MESSAGES.processFailed);
        return;
      }
      try {
        const cleaned = await processJobDescription(parsed.data);
        const state: ReviewState = { originalContent: parsed.data.jobDescription };
        navigate(reviewPath({ description: cleaned, companyName: parsed.data.companyName, jobTitle: parsed.data.jobTitle, id: 0 }), { state });
      } catch (error) {
        notifyFailure(refusalOr(error, JOB_MESSAGES.processFailed), error);
      }
    });
  };

  /** The change handler of one field of the form (each field is named as the form's key). */
  const change =
    (field: keyof typeof form) =>
    ({ target: { value } }: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: value }));

  return (
    <PageShell title="Practice for an Interview">
      <CardSection aria-label="Job details">
        <Form onSubmit={handleSubmit} noValidate>
          <Row>
            <TextField id="company-name" label="Company Name" value={form.companyName} onChange={change('companyName')} autoComplete="organization" />
            <TextField id="job-title" label="Job Title" value={form.jobTitle} onChange={change('jobTitle')} autoComplete="organization-title" />
          </Row>
          <FieldGroup>
            <Label htmlFor={descriptionId}>Job Description</Label>
            <TextArea
              id={descriptionId}
              $rows={14}
              value={form.jobDescription}
              onChange={change('jobDescription')}
              placeholder="Paste the job description here..."
            />
          </FieldGroup>
          <Actions>
            <Button type="submit" $size="lg" disabled={task.busy} aria-busy={task.busy || undefined}>
              {task.busy && <Spinner size={16} />}
              {task.busy ? 'Processing...' : 'Submit'}
            </Button>
          </Actions>
        </Form>
      </CardSection>
    </PageShell>
  );
}

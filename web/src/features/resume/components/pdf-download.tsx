import { RESUME_MESSAGES, PDF_DOWNLOADS } from '@story/proto';
import { useId, useState } from 'react';
import { styled } from 'styled-components';
import { Select } from '../../../components/form-field.tsx';
import { PdfDownloadButton } from '../../../components/pdf-download-button.tsx';
import { PlanLockedLine } from '../../../components/plan-notice.tsx';
import { resumePdfPath, type ResumePaper } from '../api/resumes.api.ts';
import { resumeFailure } from '../lib/resume-failure.ts';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  label {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;

/**
 * "Download PDF" on A4 or Letter paper; a refusal (the plan, the service) is told. A plan without PDF
 * export (`locked`, the sentence naming the plan that has it) sees that sentence instead, with the way to the plans.
 */
export function PdfDownload({ resumeId, locked }: { resumeId: number; locked?: string }) {
  if (locked) return <PlanLockedLine message={locked} features={PDF_DOWNLOADS.resume.needs} testId="pdf-locked" />;
  return <PdfDownloadControls resumeId={resumeId} />;
}

function PdfDownloadControls({ resumeId }: { resumeId: number }) {
  const id = useId();
  const [paper, setPaper] = useState<ResumePaper>('a4');

  return (
    <Row>
      <label htmlFor={id}>Paper</label>
      <Select id={id} value={paper} onChange={(event) => setPaper(event.target.value === 'letter' ? 'letter' : 'a4')}>
        <option value="a4">A4</option>
        <option value="letter">Letter</option>
      </Select>
      <PdfDownloadButton
        path={resumePdfPath(resumeId, paper)}
        needs={PDF_DOWNLOADS.resume.needs}
        fallbackName={`resume-${paper}.pdf`}
        failedMessage={RESUME_MESSAGES.pdfFailed}
        failureMessage={(error) => resumeFailure(error, RESUME_MESSAGES.pdfFailed).message}
      />
    </Row>
  );
}

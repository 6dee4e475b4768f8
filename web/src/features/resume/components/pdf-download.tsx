import { RESUME_MESSAGES } from '@story/proto';
import { useId, useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { Select } from '../../../components/form-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { notifyFailure } from '../../../components/toast/notify.ts';
import { useExclusiveTask } from '../../../hooks/use-exclusive-task.ts';
import { fetchResumePdf, type ResumePaper } from '../api/resumes.api.ts';
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

/** Hands a file to the browser as a download. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const Locked = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/**
 * "Download PDF" on A4 or Letter paper; a refusal (the plan, the service) is told in a toast. A plan
 * without PDF export (`locked`, the sentence naming the plan that has it) sees that sentence instead.
 */
export function PdfDownload({ resumeId, locked }: { resumeId: number; locked?: string }) {
  if (locked) return <Locked data-testid="pdf-locked">{locked}</Locked>;
  return <PdfDownloadControls resumeId={resumeId} />;
}

function PdfDownloadControls({ resumeId }: { resumeId: number }) {
  const id = useId();
  const [paper, setPaper] = useState<ResumePaper>('a4');
  const download = useExclusiveTask();

  const handleDownload = () =>
    void download.run(async () => {
      try {
        const { blob, fileName } = await fetchResumePdf(resumeId, paper);
        saveFile(blob, fileName);
      } catch (error) {
        notifyFailure(resumeFailure(error, RESUME_MESSAGES.pdfFailed).message, error);
      }
    });

  return (
    <Row>
      <label htmlFor={id}>Paper</label>
      <Select id={id} value={paper} onChange={(event) => setPaper(event.target.value === 'letter' ? 'letter' : 'a4')}>
        <option value="a4">A4</option>
        <option value="letter">Letter</option>
      </Select>
      <Button $variant="secondary" onClick={handleDownload} disabled={download.busy} aria-busy={download.busy || undefined}>
        {download.busy && <Spinner size={16} />}
        Download PDF
      </Button>
    </Row>
  );
}

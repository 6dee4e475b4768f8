import { styled } from 'styled-components';
import { EXPORT_MESSAGES } from '@story/proto';
import { failureServerMessage } from '../../api/failure.ts';
import { saveFile } from '../../api/file-download.ts';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { Spinner } from '../../components/spinner.tsx';
import { notifyFailure } from '../../components/toast/notify.ts';
import { useExclusiveTask } from '../../hooks/use-exclusive-task.ts';
import { fetchDataExport } from './api/account.api.ts';

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** "Export your data" (issue 24): one ZIP of everything the person keeps; the button waits while it is prepared, a refusal is a toast in the server's words. */
export function ExportDataSection({ className }: { className?: string }) {
  const download = useExclusiveTask();
  const handleDownload = () =>
    void download.run(async () => {
      try {
        const { blob, fileName } = await fetchDataExport();
        saveFile(blob, fileName);
      } catch (error) {
        notifyFailure(failureServerMessage(error) ?? EXPORT_MESSAGES.downloadFailed, error);
      }
    });
  return (
    <CardSection aria-labelledby="export-data" className={className}>
      <h2 id="export-data">Export your data</h2>
      <Muted>
        One ZIP file with everything you keep here: your conversations (as data and as readable text, with their spoken replies), practice, job descriptions,
        feedback, mock interviews, résumés, your public profile and usage.
      </Muted>
      <Button $variant="secondary" onClick={handleDownload} disabled={download.busy} aria-busy={download.busy || undefined}>
        {download.busy && <Spinner size={16} />}
        {download.busy ? 'Preparing your export…' : 'Download my data'}
      </Button>
    </CardSection>
  );
}

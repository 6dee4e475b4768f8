import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { styled } from 'styled-components';
import { BusyStatus } from '../../../components/spinner.tsx';
import type { UploadPhase } from '../hooks/use-resume-upload.ts';

const Track = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 120ms linear;
`;

const Wrap = styled.div`
  justify-self: stretch;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const FileName = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

/**
 * An upload under way: the file's name, a progress bar of the bytes sent (a `progressbar` with its
 * value, named by what it measures), then "Reading your résumé..." while the service parses it.
 */
export function UploadProgressBar({ phase }: { phase: Exclude<UploadPhase, { step: 'idle' }> }) {
  const percent = phase.step === 'sending' ? phase.percent : 100;
  return (
    <Wrap>
      <FileName>{phase.fileName}</FileName>
      <Track role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
        <Fill $percent={percent} />
      </Track>
      <BusyStatus>{phase.step === 'sending' ? `${RESUME_SCREEN_MESSAGES.uploading} ${percent}%` : RESUME_SCREEN_MESSAGES.reading}</BusyStatus>
    </Wrap>
  );
}

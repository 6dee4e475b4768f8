import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { visuallyHiddenStyles } from '../../../components/visually-hidden.ts';
import type { UploadPhase } from '../hooks/use-resume-upload.ts';
import { RESUME_ACCEPT } from '../lib/resume-file.ts';
import { UploadProgressBar } from './upload-progress.tsx';

const Zone = styled.div<{ $over: boolean }>`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $over }) => ($over ? theme.colors.primarySoft : theme.colors.surface)};
  text-align: center;

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md}`};
  }
`;

const Lead = styled.p`
  font-weight: 600;
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const HiddenInput = styled.input`
  ${visuallyHiddenStyles}
`;

export interface ResumeDropZoneProps {
  phase: UploadPhase;
  /** The files chosen or dropped (checked by the caller: one, of a kind the service reads, small enough). */
  onFiles: (files: File[]) => void;
}

/** Choose or drop one résumé file; while it uploads, its progress in place of the chooser. */
export function ResumeDropZone({ phase, onFiles }: ResumeDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so the same file can be chosen again after a refusal.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = phase.step === 'idle' ? 'copy' : 'none';
    setOver(true);
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (phase.step === 'idle') onFiles([...event.dataTransfer.files]);
  };

  return (
    <Zone $over={over} onDragOver={handleDragOver} onDragLeave={() => setOver(false)} onDrop={handleDrop} data-testid="resume-drop-zone">
      {phase.step === 'idle' ? (
        <>
          <Lead>Drop your résumé here, or choose it</Lead>
          <HiddenInput ref={inputRef} type="file" accept={RESUME_ACCEPT} tabIndex={-1} aria-hidden="true" onChange={handleChange} />
          <Button $size="lg" aria-describedby={hintId} onClick={() => inputRef.current?.click()}>
            Choose a file
          </Button>
          <Hint id={hintId}>PDF, DOCX, TXT or Markdown, up to 5 MB</Hint>
        </>
      ) : (
        <UploadProgressBar phase={phase} />
      )}
    </Zone>
  );
}

import { useId, useRef, useState, type ChangeEvent } from 'react';
import { styled } from 'styled-components';
import { SPEECH_MESSAGES } from '@story/proto';
import { Button } from '../../../components/button.ts';
import { BusyStatus } from '../../../components/spinner.tsx';
import { SpreadRow } from '../../../components/spread-row.ts';
import { notifyError } from '../../../components/toast/notify.ts';
import type { ToastHandle } from '../../../components/toast/toast-store.ts';
import { uploadStep } from '../lib/upload-steps.ts';
import { AUDIO_ACCEPT, validateAudioFile } from '../lib/upload-validation.ts';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;

const Choice = styled.label<{ $disabled?: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.65 : 1)};

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  input {
    margin-top: 4px;
  }
`;

const ChoiceTitle = styled.span`
  font-weight: 600;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const ChoiceHint = styled.span`
  grid-column: 2;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tag = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  padding: 1px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FileRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FileName = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Progress = styled.progress`
  width: 100%;
  height: 8px;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

const StepRow = styled(SpreadRow)`
  width: 100%;
`;

const Percent = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

export interface UploadPanelProps {
  /** What the upload being answered says (one of the upload's steps), or null when none runs. */
  processing: string | null;
  /** A chosen file that passed the checks, and the recording type ("solo"). */
  onUpload: (file: File, audioType: 'solo') => void;
}

/**
 * The upload panel: recording type (only "Solo Voice Memo" for now), the file chooser with the
 * spec's type and size checks; a file that passes goes to transcription at once, with its steps
 * (uploading 25%, transcribing 50%, processing 75%, generating 90%) shown as a progress bar.
 */
export function UploadPanel({ processing, onUpload }: UploadPanelProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  /** The toast refusing a file: it closes once a file that passes is chosen. */
  const refusal = useRef<ToastHandle | null>(null);
  const hintId = useId();

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Clearing the input lets the same file be chosen again after a rejection.
    event.target.value = '';
    if (!chosen) return;
    const rejection = validateAudioFile(chosen);
    if (rejection) {
      refusal.current = notifyError(rejection.description, rejection.title);
      return;
    }
    refusal.current?.dismiss();
    refusal.current = null;
    setFile(chosen);
    onUpload(chosen, 'solo');
  };
  const step = processing === null ? null : uploadStep(processing);

  return (
    <>
      <Fieldset>
        <legend>What are you uploading?</legend>
        <Choice>
          <input type="radio" name="audioType" value="solo" defaultChecked />
          <ChoiceTitle>{SPEECH_MESSAGES.soloVoiceMemo}</ChoiceTitle>
          <ChoiceHint>{SPEECH_MESSAGES.soloVoiceMemoHint}</ChoiceHint>
        </Choice>
        <Choice $disabled>
          <input type="radio" name="audioType" value="conversation" disabled />
          <ChoiceTitle>
            Recorded Conversation <Tag>Coming soon!</Tag>
          </ChoiceTitle>
        </Choice>
      </Fieldset>
      <FileRow>
        <HiddenInput ref={inputRef} type="file" accept={AUDIO_ACCEPT} tabIndex={-1} aria-hidden="true" onChange={handleFileChange} />
        <Button aria-describedby={hintId} onClick={() => inputRef.current?.click()} disabled={processing !== null} data-answer-box>
          {file ? 'Choose Different File' : 'Choose Audio File'}
        </Button>
        {file && <FileName>{file.name}</FileName>}
        <Muted id={hintId}>Supported formats: MP3, WAV, M4A, AAC (max 25MB)</Muted>
        {step && (
          <>
            <Progress value={step.percent} max={100} aria-label={`${step.label} ${step.percent}%`} />
            <StepRow>
              <BusyStatus>{step.label}</BusyStatus>
              <Percent aria-hidden="true">{step.percent}%</Percent>
            </StepRow>
          </>
        )}
      </FileRow>
    </>
  );
}

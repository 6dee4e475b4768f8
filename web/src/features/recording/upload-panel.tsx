import { useId, useRef, useState, type ChangeEvent } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { notifyError } from '../../components/toast/notify.ts';
import { AUDIO_ACCEPT, validateAudioFile } from './upload-validation.ts';

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

/**
 * The upload panel: recording type (only "Solo Voice Memo" for now), the file chooser with the
 * spec's type and size checks. Sending the file to transcription arrives with the speech work.
 */
export function UploadPanel() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const hintId = useId();

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Clearing the input lets the same file be chosen again after a rejection.
    event.target.value = '';
    if (!chosen) return;
    const rejection = validateAudioFile(chosen);
    if (rejection) {
      notifyError(rejection.description, rejection.title);
      return;
    }
    setFile(chosen);
  };

  return (
    <>
      <Fieldset>
        <legend>What are you uploading?</legend>
        <Choice>
          <input type="radio" name="audioType" value="solo" defaultChecked />
          <ChoiceTitle>Solo Voice Memo</ChoiceTitle>
          <ChoiceHint>For single-speaker recordings. We&apos;ll remove filler words and correct grammar.</ChoiceHint>
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
        <Button aria-describedby={hintId} onClick={() => inputRef.current?.click()}>
          {file ? 'Choose Different File' : 'Choose Audio File'}
        </Button>
        {file && <FileName>{file.name}</FileName>}
        <Muted id={hintId}>Supported formats: MP3, WAV, M4A, AAC (max 25MB)</Muted>
        {file && <Muted role="status">Turning an audio file into a conversation is on its way: it arrives with the speech features.</Muted>}
      </FileRow>
    </>
  );
}

import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { CardSection } from '../../../components/card-section.ts';
import type { VoiceInputs } from '../hooks/use-voice-inputs.ts';
import type { ConversationType, RecordingPanel } from '../lib/recording-params.ts';
import { UploadPanel } from './upload-panel.tsx';
import { VoiceRecorder } from '../../../voice/components/voice-recorder.tsx';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface AnswerPanelsProps {
  panel: RecordingPanel;
  voice: VoiceInputs;
  /** The spoken turn being answered, if any: what to say meanwhile. */
  pendingVoice: string | null;
  /** The recorder starts by itself (spec section 2). */
  autoStart: boolean;
  onChooseType: (type: ConversationType) => void;
  onRecordingChange: (recording: boolean) => void;
}

/** How the person answers besides typing: the choice of voice or text when continuing, the recorder, or an upload. */
export function AnswerPanels({ panel, voice, pendingVoice, autoStart, onChooseType, onRecordingChange }: AnswerPanelsProps) {
  switch (panel) {
    case 'choose':
      return (
        <CardSection aria-label="How to continue">
          <Row>
            <Button onClick={() => onChooseType('voice')}>Continue with Voice</Button>
            <Button $variant="secondary" onClick={() => onChooseType('text')}>
              Continue with Text
            </Button>
          </Row>
        </CardSection>
      );
    case 'voice':
      return (
        <CardSection aria-labelledby="voice-heading">
          <h2 id="voice-heading">Record your answer</h2>
          <VoiceRecorder
            timeLimit={voice.timeLimit}
            autoStart={autoStart}
            processing={pendingVoice}
            onRecorded={voice.handleRecorded}
            onRecordingChange={onRecordingChange}
          />
        </CardSection>
      );
    case 'upload':
      return (
        <CardSection aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload an audio file</h2>
          <UploadPanel processing={pendingVoice} onUpload={voice.handleUpload} />
        </CardSection>
      );
    case 'text':
    case 'waiting':
      return null;
  }
}

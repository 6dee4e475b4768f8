import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { SaveIcon, SpeakerIcon } from '../../components/icons.tsx';
import { PageShell } from '../../components/page-shell.tsx';
import { BusyStatus, Spinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MessageList } from './message-list.tsx';
import { parseRecordingParams, recordingPanel, type ConversationType } from './recording-params.ts';
import { CardSection } from '../../components/card-section.ts';
import { TextComposer } from './text-composer.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { useConversation } from './use-conversation.ts';
import { useSpokenReplies } from './use-spoken-reply.ts';
import { useVoiceTurns } from './use-voice-turns.ts';
import { VoiceAnnouncer } from './voice-announcer.tsx';
import { VoiceRecorder } from './voice-recorder.tsx';

const Panel = CardSection;

const Requirements = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 240px;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** /recording, "Practice Conversations": spoken (recorded or uploaded) and typed conversations, saved to a thread or a snippet. */
export function RecordingPage() {
  useDocumentTitle('Practice Conversations');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseRecordingParams(searchParams), [searchParams]);
  const panel = recordingPanel(params);
  const conversation = useConversation(params);
  const [muted, setMuted] = useState(false);
  const { messages, pendingText, loadingHistory, pendingVoice } = conversation;
  const voice = useVoiceTurns(conversation, panel === 'voice' || panel === 'upload');
  const spoken = useSpokenReplies(messages, muted);
  // type=voice, or a new conversation without a type, records by itself (spec section 2).
  const autoStart = params.type === 'voice' || (params.type === null && params.mode === 'new');
  const hasUnsaved = messages.some((m) => !m.isSaved);

  const chooseType = (type: ConversationType) => {
    const next = new URLSearchParams(searchParams);
    next.set('type', type);
    setSearchParams(next);
  };

  const showConversation = panel === 'text' || messages.length > 0 || loadingHistory;
  const emptyHint = panel === 'text' ? 'Type a message to start your story. The AI will reply and ask follow-up questions.' : 'Your conversation will appear here.';

  return (
    <PageShell title="Practice Conversations">
      <Toolbar>
        <Button $variant="secondary" aria-pressed={muted} onClick={() => setMuted((value) => !value)} title={muted ? 'Spoken replies are muted' : undefined}>
          <SpeakerIcon muted={muted} />
          Mute spoken replies
        </Button>
        <Button onClick={() => void conversation.save()} disabled={!hasUnsaved || conversation.saving} aria-busy={conversation.saving || undefined}>
          {conversation.saving ? <Spinner size={16} /> : <SaveIcon />}
          Save
        </Button>
      </Toolbar>

      {params.context && (
        <Panel aria-labelledby="requirements-heading">
          <h2 id="requirements-heading">Selected Requirements</h2>
          <Requirements>{params.context}</Requirements>
        </Panel>
      )}

      {showConversation && (
        <Panel aria-label="Conversation">
          {loadingHistory ? (
            <BusyStatus>Loading conversation...</BusyStatus>
          ) : messages.length === 0 && pendingText === null ? (
            <Muted>{emptyHint}</Muted>
          ) : (
            <MessageList messages={messages} pendingText={pendingText} processingLabel="Processing your message..." speaking={spoken.speaking} onToggleSpeech={spoken.toggle} {...(params.snippetId > 0 ? { onAnswerAgain: conversation.answerAgain, askedAgain: conversation.askedAgain } : {})} />
          )}
          {panel === 'text' && <TextComposer processing={pendingText !== null} onSend={conversation.sendText} />}
        </Panel>
      )}

      {panel === 'choose' && !loadingHistory && (
        <Panel aria-label="How to continue">
          <Row>
            <Button onClick={() => chooseType('voice')}>Continue with Voice</Button>
            <Button $variant="secondary" onClick={() => chooseType('text')}>
              Continue with Text
            </Button>
          </Row>
        </Panel>
      )}

      {panel === 'voice' && (
        <Panel aria-labelledby="voice-heading">
          <h2 id="voice-heading">Record your answer</h2>
          <VoiceRecorder timeLimit={voice.timeLimit} autoStart={autoStart} processing={pendingVoice} onRecorded={voice.handleRecorded} />
        </Panel>
      )}

      {panel === 'upload' && (
        <Panel aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload an audio file</h2>
          <UploadPanel processing={pendingVoice} onUpload={voice.handleUpload} />
        </Panel>
      )}

      <VoiceAnnouncer messages={messages} />
    </PageShell>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import { CONVERSATION_MESSAGES } from '@story/proto';
import { Button } from '../../components/button.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { SaveIcon, SpeakerIcon } from '../../components/icons.tsx';
import { PageShell } from '../../components/page-shell.tsx';
import { BusyStatus, Spinner } from '../../components/spinner.tsx';
import { useLeaveWarning } from '../../hooks/use-leave-warning.ts';
import { useToastClearance } from '../../hooks/use-toast-clearance.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ContinueFailed } from './components/continue-failed.tsx';
import { MessageList } from './components/message-list.tsx';
import { continueSearch, focusedMessageOf, parseRecordingParams, recordingPanel, type ConversationType, type RecordingParams } from './lib/recording-params.ts';
import { ReplyAnnouncer } from './components/reply-announcer.tsx';
import { CardSection } from '../../components/card-section.ts';
import { TextComposer } from './components/text-composer.tsx';
import { UploadPanel } from './components/upload-panel.tsx';
import { useConversation } from './hooks/use-conversation.ts';
import { useOpeningHeard, useSpokenReplies } from './hooks/use-spoken-reply.ts';
import { useVoiceInputs } from './hooks/use-voice-inputs.ts';
import { VoiceRecorder } from './components/voice-recorder.tsx';

const Panel = CardSection;

const Requirements = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 240px;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Mute and Save. On phones it sticks under the header, so Save is always at hand, and toasts show below it. */
const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};

  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    position: sticky;
    top: ${({ theme }) => theme.sizes.header};
    z-index: 5;
    margin: 0 -${({ theme }) => theme.space.md};
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    background: ${({ theme }) => theme.colors.background};
  }
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

/** Where the composer keeps its unsent text: one draft per conversation (a new one until it is saved). */
function draftKeyOf({ threadId, snippetId, mode }: RecordingParams): string {
  if (threadId !== null && snippetId === 0) return `recording-draft:thread:${threadId}`;
  return `recording-draft:${mode === 'continue' ? 'snippet' : 'new'}:${snippetId}`;
}

/** /recording, "Practice Conversations": spoken (recorded or uploaded) and typed conversations, saved to a thread or a snippet. */
export function RecordingPage() {
  useDocumentTitle('Practice Conversations');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseRecordingParams(searchParams), [searchParams]);
  const focusedMessage = focusedMessageOf(searchParams);
  const conversation = useConversation(params, { spoken: params.type !== 'text' });
  const { messages, pendingText, loadingHistory, pendingVoice, historyFailed, savedTo, openingPending } = conversation;
  // Continuing a thread with nothing saved in it starts it as a new conversation would: no choice to make.
  const panel = recordingPanel(params, messages.length > 0);
  const [muted, setMuted] = useState(false);
  const [recording, setRecording] = useState(false);
  const voice = useVoiceInputs(conversation, panel === 'voice' || panel === 'upload');
  const spoken = useSpokenReplies(messages, muted);
  // The interviewer's first question is heard before the recorder starts by itself.
  const openingHeard = useOpeningHeard(messages, spoken.speaking, muted || openingPending);
  // type=voice, or a new conversation (or an empty thread) without a type, records by itself (spec section 2).
  const autoStart = (params.type === 'voice' || (params.type === null && panel === 'voice')) && !openingPending && openingHeard;
  const hasUnsaved = conversation.atRisk;
  // Unsaved exchanges, a reply on its way, or a recording being made: leaving would lose a story.
  const leave = useLeaveWarning(conversation.atRisk || pendingText !== null || pendingVoice !== null || recording);
  const toolbarRef = useRef<HTMLDivElement>(null);
  useToastClearance(toolbarRef);

  // After the first Save the address is the conversation's continue URL (replacing, not adding, a
  // history entry), so a reload or a shared link shows what was saved.
  useEffect(() => {
    if (!savedTo || params.mode === 'continue' || panel === 'choose') return;
    setSearchParams((current) => continueSearch(current, savedTo, panel), { replace: true });
  }, [savedTo, params.mode, panel, setSearchParams]);

  // "Answer this again": the keyboard goes where the answer is given (the text box, or Start recording).
  useEffect(() => {
    if (conversation.askedAgain !== null) document.querySelector<HTMLElement>('[data-answer-box]')?.focus();
  }, [conversation.askedAgain]);

  const chooseType = (type: ConversationType) => {
    const next = new URLSearchParams(searchParams);
    next.set('type', type);
    setSearchParams(next);
  };

  const showConversation = !historyFailed && (panel === 'text' || messages.length > 0 || loadingHistory || openingPending);
  const showPanel = (name: typeof panel) => panel === name && !historyFailed && !loadingHistory;
  const emptyHint = panel === 'text' ? 'Type a message to start your story. The AI will reply and ask follow-up questions.' : 'Your conversation will appear here.';

  return (
    <PageShell title="Practice Conversations" logoutViaRoute>
      <Toolbar ref={toolbarRef}>
        {/* Its words say what pressing it does; aria-pressed says whether replies are muted now. */}
        <Button $variant="secondary" aria-pressed={muted} onClick={() => setMuted((value) => !value)}>
          <SpeakerIcon muted={muted} />
          {muted ? 'Unmute spoken replies' : 'Mute spoken replies'}
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
          ) : openingPending && messages.length === 0 ? (
            <BusyStatus>The interviewer is getting your first question ready...</BusyStatus>
          ) : messages.length === 0 && pendingText === null ? (
            <Muted>{emptyHint}</Muted>
          ) : (
            <MessageList messages={messages} pendingText={pendingText} processingLabel="Processing your message..." focusedId={focusedMessage} speaking={spoken.speaking} onToggleSpeech={spoken.toggle} {...(params.snippetId > 0 ? { onAnswerAgain: conversation.answerAgain, askedAgain: conversation.askedAgain } : {})}
              onCorrectTranscript={(message, transcript) => conversation.correctTranscript(message.key, transcript)}
              // A practice saves itself again with the correction; a thread's exchange, until it is saved.
              canCorrect={(message) => params.snippetId > 0 || !message.isSaved}
            />
          )}
          {showPanel('text') && <TextComposer processing={pendingText !== null || openingPending} onSend={conversation.sendText} draftKey={draftKeyOf(params)} />}
        </Panel>
      )}

      {historyFailed && <ContinueFailed onRetry={conversation.retryHistory} />}

      {showPanel('choose') && (
        <Panel aria-label="How to continue">
          <Row>
            <Button onClick={() => chooseType('voice')}>Continue with Voice</Button>
            <Button $variant="secondary" onClick={() => chooseType('text')}>
              Continue with Text
            </Button>
          </Row>
        </Panel>
      )}

      {showPanel('voice') && (
        <Panel aria-labelledby="voice-heading">
          <h2 id="voice-heading">Record your answer</h2>
          <VoiceRecorder timeLimit={voice.timeLimit} autoStart={autoStart} processing={pendingVoice} onRecorded={voice.handleRecorded} onRecordingChange={setRecording} />
        </Panel>
      )}

      {showPanel('upload') && (
        <Panel aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload an audio file</h2>
          <UploadPanel processing={pendingVoice} onUpload={voice.handleUpload} />
        </Panel>
      )}

      <ReplyAnnouncer messages={messages} />
      <ConfirmDialog
        open={leave.state === 'blocked'}
        title={CONVERSATION_MESSAGES.leaveTitle}
        description={recording ? CONVERSATION_MESSAGES.leaveWhileRecording : CONVERSATION_MESSAGES.leaveBody}
        cancelLabel={CONVERSATION_MESSAGES.leaveStay}
        confirmLabel={CONVERSATION_MESSAGES.leaveConfirm}
        onCancel={() => leave.reset?.()}
        onConfirm={() => leave.proceed?.()}
        destructive
      />
    </PageShell>
  );
}

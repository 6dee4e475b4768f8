import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import { CONVERSATION_MESSAGES } from '@story/proto';
import { CardSection } from '../../components/card-section.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PastedText } from '../../components/pasted-text.ts';
import { PageShell } from '../../chrome/page-shell.tsx';
import { useLeaveWarning } from '../../hooks/use-leave-warning.ts';
import { useToastClearance } from '../../hooks/use-toast-clearance.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useUsage } from '../../api/usage.api.ts';
import { UsageMeter } from '../../components/usage-meter.tsx';
import { useResumeBulletText } from './api/resume-bullet.api.ts';
import { AnswerPanels } from './components/answer-panels.tsx';
import { ContinueFailed } from './components/continue-failed.tsx';
import { ConversationPanel } from './components/conversation-panel.tsx';
import { RecordingToolbar } from './components/recording-toolbar.tsx';
import { ReplyAnnouncer } from '../../voice/components/reply-announcer.tsx';
import { RequirementStoryBanner } from './components/requirement-story-banner.tsx';
import { ResumeBulletBanner } from './components/resume-bullet-banner.tsx';
import { useConversation } from './hooks/use-conversation.ts';
import { useOpeningHeard, useSpokenReplies } from '../../voice/hooks/use-spoken-reply.ts';
import { useVoiceInputs } from './hooks/use-voice-inputs.ts';
import {
  continueSearch,
  focusedMessageOf,
  parseRecordingParams,
  recordingPanel,
  type ConversationType,
  type RecordingPanel,
  type RecordingParams,
  type SavedConversation,
} from './lib/recording-params.ts';

/**
 * After the first Save the address is the conversation's continue URL (replacing, not adding, a
 * history entry), so a reload or a shared link shows what was saved.
 */
function useContinueAddress(
  savedTo: SavedConversation | null,
  mode: RecordingParams['mode'],
  panel: RecordingPanel,
  setSearchParams: SetURLSearchParams,
): void {
  useEffect(() => {
    if (!savedTo || mode === 'continue' || panel === 'choose' || panel === 'waiting') return;
    setSearchParams((current) => continueSearch(current, savedTo, panel), { replace: true });
  }, [savedTo, mode, panel, setSearchParams]);
}

/** "Answer this again": the keyboard goes where the answer is given (the text box, or Start recording). */
function useAnswerBoxFocus(askedAgain: string | null): void {
  useEffect(() => {
    if (askedAgain !== null) document.querySelector<HTMLElement>('[data-answer-box]')?.focus();
  }, [askedAgain]);
}

/** What the conversation is about: the résumé line whose story is told, the requirement a story is told for, or the selected requirements. */
function ConversationTopic({ params }: { params: RecordingParams }) {
  const bulletText = useResumeBulletText(params.resumeBullet);
  return (
    <>
      {bulletText && <ResumeBulletBanner text={bulletText} />}
      {params.storyRequirement && <RequirementStoryBanner requirement={params.storyRequirement} />}
      {params.context && (
        <CardSection aria-labelledby="requirements-heading">
          <h2 id="requirements-heading">Selected Requirements</h2>
          <PastedText $maxHeight={240}>{params.context}</PastedText>
        </CardSection>
      )}
    </>
  );
}

/** /recording, "Practice Conversations": spoken (recorded or uploaded) and typed conversations, saved to a thread or a snippet. */
export function RecordingPage() {
  useDocumentTitle('Practice Conversations');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseRecordingParams(searchParams), [searchParams]);
  const spokenConversation = params.type !== 'text';
  const conversation = useConversation(params, { spoken: spokenConversation });
  const { messages, pendingText, loadingHistory, pendingVoice, historyFailed, openingPending } = conversation;
  // Continuing a thread with nothing saved in it starts it as a new conversation would: no choice to make.
  const panel = recordingPanel(params, messages.length > 0, loadingHistory);
  const [muted, setMuted] = useState(false);
  const [recording, setRecording] = useState(false);
  const voice = useVoiceInputs(conversation, panel === 'voice' || panel === 'upload');
  const spoken = useSpokenReplies(messages, muted);
  // The interviewer's first question is heard before the recorder starts by itself.
  const openingHeard = useOpeningHeard(messages, spoken.speaking, muted || openingPending);
  // type=voice, or a new conversation (or an empty thread) without a type, records by itself (spec section 2).
  const autoStart = (params.type === 'voice' || (params.type === null && panel === 'voice')) && !openingPending && openingHeard;
  // Unsaved exchanges, a reply on its way, or a recording being made: leaving would lose a story.
  const leave = useLeaveWarning(conversation.atRisk || pendingText !== null || pendingVoice !== null || recording);
  const toolbarRef = useRef<HTMLDivElement>(null);
  // The month's minutes (issue 21), read again when a recording ends and when an upload's turn is answered.
  const usage = useUsage();
  const reloadUsage = usage.reload;
  const voiceTurnPending = pendingVoice !== null;
  useEffect(() => {
    if (!recording && !voiceTurnPending) reloadUsage();
  }, [recording, voiceTurnPending, reloadUsage]);
  useToastClearance(toolbarRef);
  useContinueAddress(conversation.savedTo, params.mode, panel, setSearchParams);
  useAnswerBoxFocus(conversation.askedAgain);

  const chooseType = (type: ConversationType) => {
    const next = new URLSearchParams(searchParams);
    next.set('type', type);
    setSearchParams(next);
  };

  return (
    <PageShell title="Practice Conversations" logoutViaRoute>
      <RecordingToolbar
        ref={toolbarRef}
        canSpeak={spokenConversation && usage.data?.features.voiceReplies === true}
        muted={muted}
        onToggleMute={() => setMuted((value) => !value)}
        canSave={conversation.atRisk}
        saving={conversation.saving}
        onSave={() => void conversation.save()}
      />
      {usage.data && <UsageMeter usage={usage.data} />}
      <ConversationTopic params={params} />
      <ConversationPanel conversation={conversation} params={params} panel={panel} focusedMessage={focusedMessageOf(searchParams)} spoken={spoken} />
      {historyFailed && <ContinueFailed onRetry={conversation.retryHistory} />}
      {!historyFailed && !loadingHistory && (
        <AnswerPanels
          panel={panel}
          voice={voice}
          pendingVoice={pendingVoice}
          autoStart={autoStart}
          onChooseType={chooseType}
          onRecordingChange={setRecording}
        />
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

import { SKIP_QUESTION } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { CardSection } from '../../../components/card-section.ts';
import { BusyStatus } from '../../../components/spinner.tsx';
import type { Conversation } from '../hooks/use-conversation.ts';
import type { SpokenReplies } from '../../../voice/hooks/use-spoken-reply.ts';
import type { RecordingPanel, RecordingParams } from '../lib/recording-params.ts';
import { MessageList } from './message-list.tsx';
import { TextComposer } from '../../../voice/components/text-composer.tsx';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The Skip Question button's row, under the exchanges. */
const SkipRow = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** Where the composer keeps its unsent text: one draft per conversation (a new one until it is saved). */
function draftKeyOf({ threadId, snippetId, mode }: RecordingParams): string {
  if (threadId !== null && snippetId === 0) return `recording-draft:thread:${threadId}`;
  return `recording-draft:${mode === 'continue' ? 'snippet' : 'new'}:${snippetId}`;
}

export interface ConversationPanelProps {
  conversation: Conversation;
  params: RecordingParams;
  panel: RecordingPanel;
  /** The saved message a search result opened the thread at, if any. */
  focusedMessage: string | null;
  spoken: Pick<SpokenReplies, 'speaking' | 'toggle'>;
}

/**
 * The conversation itself: the saved history loading, the interviewer's first question on its way,
 * a hint before anything is said, or the exchanges; in interview practice a Skip Question button
 * (issue 38, 6) that tells the interviewer to move on; and the text composer on a text conversation.
 * Nothing while there is neither a conversation nor a composer to show.
 */
export function ConversationPanel({ conversation, params, panel, focusedMessage, spoken }: ConversationPanelProps) {
  const { messages, pendingText, loadingHistory, historyFailed, openingPending } = conversation;
  if (historyFailed || !(panel === 'text' || messages.length > 0 || loadingHistory || openingPending)) return null;
  const emptyHint =
    panel === 'text' ? 'Type a message to start your story. The AI will reply and ask follow-up questions.' : 'Your conversation will appear here.';
  const practice = params.snippetId > 0;
  return (
    <CardSection aria-label="Conversation">
      {loadingHistory ? (
        <BusyStatus>Loading conversation...</BusyStatus>
      ) : openingPending && messages.length === 0 ? (
        <BusyStatus>The {params.resumeBullet && !params.context ? 'coach' : 'interviewer'} is getting your first question ready...</BusyStatus>
      ) : messages.length === 0 && pendingText === null ? (
        <Muted>{emptyHint}</Muted>
      ) : (
        <MessageList
          messages={messages}
          pendingText={pendingText}
          processingLabel="Processing your message..."
          focusedId={focusedMessage}
          speaking={spoken.speaking}
          onToggleSpeech={spoken.toggle}
          {...(practice ? { onAnswerAgain: conversation.answerAgain, askedAgain: conversation.askedAgain } : {})}
          onCorrectTranscript={(message, transcript) => conversation.correctTranscript(message.key, transcript)}
          // A practice saves itself again with the correction; a thread's exchange, until it is saved.
          canCorrect={(message) => practice || !message.isSaved}
        />
      )}
      {practice && messages.length > 0 && !loadingHistory && (
        <SkipRow>
          <Button
            type="button"
            $variant="secondary"
            disabled={pendingText !== null || openingPending}
            onClick={() => void conversation.sendText(SKIP_QUESTION.said)}
          >
            {SKIP_QUESTION.label}
          </Button>
        </SkipRow>
      )}
      {panel === 'text' && !loadingHistory && (
        <TextComposer processing={pendingText !== null || openingPending} onSend={conversation.sendText} draftKey={draftKeyOf(params)} />
      )}
    </CardSection>
  );
}

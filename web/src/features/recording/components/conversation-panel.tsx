import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';
import { BusyStatus } from '../../../components/spinner.tsx';
import type { Conversation } from '../hooks/use-conversation.ts';
import type { SpokenReplies } from '../hooks/use-spoken-reply.ts';
import type { RecordingPanel, RecordingParams } from '../lib/recording-params.ts';
import { MessageList } from './message-list.tsx';
import { TextComposer } from './text-composer.tsx';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
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
 * a hint before anything is said, or the exchanges; and the text composer on a text conversation.
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
      {panel === 'text' && !loadingHistory && (
        <TextComposer processing={pendingText !== null || openingPending} onSend={conversation.sendText} draftKey={draftKeyOf(params)} />
      )}
    </CardSection>
  );
}

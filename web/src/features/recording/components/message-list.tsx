import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { styled } from 'styled-components';
import { CheckIcon, SpeakerIcon } from '../../../components/icons.tsx';
import { MarkdownView } from '../../../components/markdown.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import { formatDateTimeWithZone } from '../../../lib/date-format.ts';
import { AnswerAgainButton, AnswerWithFeedback, AskedAgain } from '../../feedback/index.ts';
import { spokenReplySource, type ConversationMessage } from '../../../voice/lib/conversation-messages.ts';
import { TranscriptCorrection } from './transcript-correction.tsx';
import { SpokenReplyText } from '../../../voice/components/spoken-reply-text.tsx';
import type { Speaking } from '../../../voice/hooks/use-spoken-reply.ts';
import { SpeakerLabel } from '../../../components/speaker-label.ts';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Exchange = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  /* Clear of the sticky header and toolbar when scrolled to. */
  scroll-margin-top: 8rem;

  &[aria-current='true'] {
    border-radius: ${({ theme }) => theme.radii.md};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }
`;

const Bubble = styled.div<{ $from: 'user' | 'ai' }>`
  max-width: min(75ch, 85%);
  justify-self: ${({ $from }) => ($from === 'user' ? 'end' : 'start')};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $from }) => ($from === 'user' ? theme.colors.primarySoft : theme.colors.surfaceMuted)};
  border: 1px solid ${({ theme, $from }) => ($from === 'user' ? theme.colors.primarySoftBorder : theme.colors.border)};
`;

const UserText = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SavedMarker = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 1px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const ReplyControl = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin-top: ${({ theme }) => theme.space.xs};
  padding: 2px ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

/** A reply reads at the size of the person's own words (16 px), not smaller. */
const ReplyText = styled(MarkdownView)`
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

export interface MessageListProps {
  messages: readonly ConversationMessage[];
  /** The typed message waiting for its reply. */
  pendingText: string | null;
  /** What to say while the reply is on its way. */
  processingLabel: string;
  /** The reply being spoken, if any. */
  speaking?: Speaking | null;
  /** Plays a reply's audio, or stops it. */
  onToggleSpeech?: (message: ConversationMessage) => void;
  /** Practice: asks again the question an answer answered ("Answer this again"). */
  onAnswerAgain?: (message: ConversationMessage) => void;
  /** The question asked again, waiting for its answer. */
  askedAgain?: string | null;
  /** The saved message to show first, marked (a search result opened the thread at it). */
  focusedId?: string | null;
  /**
   * Puts the person's words in place of a spoken answer's transcript ("Correct transcript"); offered
   * for what the person said on this screen, while it can still be saved with them (`canCorrect`).
   */
  onCorrectTranscript?: (message: ConversationMessage, transcript: string) => void;
  canCorrect?: (message: ConversationMessage) => boolean;
}

/** The id of a saved exchange's element: where a search result opens the thread. */
export const messageAnchor = (savedId: string): string => `message-${savedId}`;

/** Where the list scrolls: a new exchange into view (a saved history does not, when it opens, so the page starts at its title), and the exchange a search result opened it at. */
function useMessageScroll(count: number, hasFocused: boolean) {
  const endRef = useRef<HTMLDivElement>(null);
  const focusedRef = useRef<HTMLLIElement>(null);
  const shownCount = useRef<number | null>(null);

  useEffect(() => {
    const before = shownCount.current;
    shownCount.current = count;
    if (before !== null && count > before) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  // Opened at a message (a search result): that exchange is scrolled into view once it is there.
  useEffect(() => {
    if (hasFocused) focusedRef.current?.scrollIntoView?.({ block: 'center' });
  }, [hasFocused]);

  return { endRef, focusedRef };
}

interface ExchangeItemProps {
  message: ConversationMessage;
  /** "Answer this again" on the answer's feedback line, when it can be asked again. */
  answerAgain: ReactNode;
  /** The "Correct transcript" tool, or its editor in place of the answer. */
  correction: { editor?: ReactNode; tools?: ReactNode };
  /** Set on the exchange a search result opened the thread at. */
  focusRef: RefObject<HTMLLIElement | null> | undefined;
  speaking: Speaking | null;
  onToggleSpeech: ((message: ConversationMessage) => void) | undefined;
}

/** One exchange: the question asked again, the person's answer with its feedback, the reply (spoken or not), its time and "Saved". */
function ExchangeItem({ message, answerAgain, correction, focusRef, speaking, onToggleSpeech }: ExchangeItemProps) {
  const isSpeaking = speaking?.key === message.key;
  return (
    <Exchange
      data-saved={message.isSaved}
      {...(message.opening ? { 'data-opening': true } : {})}
      {...(message.savedId ? { id: messageAnchor(message.savedId) } : {})}
      {...(focusRef ? { ref: focusRef, 'aria-current': true } : {})}
    >
      {message.askedAgain && <AskedAgain question={message.askedAgain} />}
      {!message.opening && (
        <Bubble $from="user">
          <SpeakerLabel>You</SpeakerLabel>
          <AnswerWithFeedback answerId={message.answerId} answer={message.userMessage} uncertain={message.uncertain} actions={answerAgain} {...correction} />
        </Bubble>
      )}
      <Bubble $from="ai" {...(message.opening ? { 'data-testid': 'opening-question' } : {})}>
        <SpeakerLabel>{message.opening ? (message.openedByCoach ? 'AI · coach' : 'AI · interviewer') : 'AI'}</SpeakerLabel>
        {isSpeaking && speaking ? <SpokenReplyText text={message.aiResponse} wordIndex={speaking.wordIndex} /> : <ReplyText>{message.aiResponse}</ReplyText>}
        {onToggleSpeech && spokenReplySource(message) && (
          <ReplyControl type="button" aria-pressed={isSpeaking} onClick={() => onToggleSpeech(message)}>
            <SpeakerIcon size={14} muted={isSpeaking} />
            {isSpeaking ? 'Stop reply' : 'Play reply'}
          </ReplyControl>
        )}
      </Bubble>
      <Meta>
        <time dateTime={message.timestamp}>{formatDateTimeWithZone(message.timestamp)}</time>
        {message.isSaved && (
          <SavedMarker>
            <CheckIcon size={12} />
            Saved
          </SavedMarker>
        )}
      </Meta>
    </Exchange>
  );
}

/** The exchanges, oldest first; each saved one carries a "Saved" marker; a spoken reply can be played and stopped, its words marked as they are said. */
export function MessageList({
  messages,
  pendingText,
  processingLabel,
  speaking = null,
  onToggleSpeech,
  onAnswerAgain,
  askedAgain = null,
  focusedId = null,
  onCorrectTranscript,
  canCorrect,
}: MessageListProps) {
  const [correcting, setCorrecting] = useState<string | null>(null);
  /** The answer whose editor just closed: its "Correct transcript" takes the keyboard back. */
  const [corrected, setCorrected] = useState<string | null>(null);
  const hasFocused = focusedId !== null && messages.some((message) => message.savedId === focusedId);
  const { endRef, focusedRef } = useMessageScroll(messages.length + (pendingText === null ? 0 : 1), hasFocused);

  /** The "Correct transcript" tool of a spoken answer, and its editor while open. */
  const correctionOf = (message: ConversationMessage) => {
    if (!onCorrectTranscript || !message.spoken || !(canCorrect?.(message) ?? true)) return {};
    const editing = correcting === message.key;
    const correction = (
      <TranscriptCorrection
        transcript={message.userMessage}
        answerId={message.answerId}
        editing={editing}
        returnFocus={corrected === message.key}
        onEditingChange={(open) => {
          setCorrecting(open ? message.key : null);
          setCorrected(open ? null : message.key);
        }}
        onCorrected={(transcript) => onCorrectTranscript(message, transcript)}
      />
    );
    return editing ? { editor: correction } : { tools: correction };
  };

  return (
    <>
      <List aria-label="Messages">
        {messages.map((message, index) => (
          <ExchangeItem
            key={message.key}
            message={message}
            answerAgain={onAnswerAgain && index > 0 && message.answerId ? <AnswerAgainButton onClick={() => onAnswerAgain(message)} /> : null}
            correction={correctionOf(message)}
            focusRef={hasFocused && message.savedId === focusedId ? focusedRef : undefined}
            speaking={speaking}
            onToggleSpeech={onToggleSpeech}
          />
        ))}
        {pendingText !== null && (
          <Exchange aria-busy="true">
            <Bubble $from="user">
              <SpeakerLabel>You</SpeakerLabel>
              <UserText>{pendingText}</UserText>
            </Bubble>
            <BusyStatus>{processingLabel}</BusyStatus>
          </Exchange>
        )}
      </List>
      {askedAgain !== null && pendingText === null && <AskedAgain question={askedAgain} />}
      <div ref={endRef} />
    </>
  );
}

import { useEffect, useId, useRef } from 'react';
import { JOB_MESSAGES, THREAD_MESSAGES, PDF_DOWNLOADS } from '@story/proto';
import { useLocation, useNavigate, useParams } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { BackIcon } from '../../components/icons.tsx';
import { cardSurfaceStyles } from '../../components/card-section.ts';
import { PageShell } from '../../chrome/page-shell.tsx';
import { PdfDownloadButton, browserTimeZone } from '../../components/pdf-download-button.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { notifyFailure } from '../../components/toast/notify.ts';
import { formatRelative } from '../../lib/date-format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AnswerWithFeedback, SnippetProgressView } from '../feedback/index.ts';
import { snippetPracticePdfPath, useSnippetHistory } from './api/job-descriptions.api.ts';
import type { SnippetConversation } from '../../api/snippet-conversations.api.ts';
import { idParam } from './lib/interview-links.ts';
import { SelectedRequirements, StartButtons } from './components/selected-requirements.tsx';
import { exchangeAnchor, PATHS, practiceConversationPath } from '../../lib/paths.ts';

const Conversation = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  ${cardSurfaceStyles}

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Times = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Exchanges = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  list-style: none;
  padding: 0;

  li {
    scroll-margin-top: 6rem;
  }
  li[aria-current='true'] {
    border-radius: ${({ theme }) => theme.radii.sm};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }
`;

const Said = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  strong {
    margin-right: ${({ theme }) => theme.space.xs};
  }
`;

const Reply = styled(Said)`
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const History = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** The history's PDF download, at the end of the line. */
const HistoryActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** One practice session: when it started and was last updated, then each exchange (the one a search result opened at marked and scrolled to). */
function ConversationCard({ conversation, index, focused }: { conversation: SnippetConversation; index: number; focused: string }) {
  const headingId = useId();
  const focusedRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    focusedRef.current?.scrollIntoView?.({ block: 'center' });
  }, [focused]);
  return (
    <Conversation aria-labelledby={headingId}>
      <h2 id={headingId}>Conversation {index + 1}</h2>
      <Times>
        <span>
          Started <time dateTime={conversation.createdAt}>{formatRelative(conversation.createdAt)}</time>
        </span>
        <span>
          Last updated <time dateTime={conversation.updatedAt}>{formatRelative(conversation.updatedAt)}</time>
        </span>
      </Times>
      <Exchanges>
        {conversation.conversationHistory.map((exchange, position) => (
          <li
            key={`${exchange.timestamp}-${position}`}
            id={exchangeAnchor(conversation.id, position)}
            {...(focused === exchangeAnchor(conversation.id, position) ? { ref: focusedRef, 'aria-current': true } : {})}
          >
            {exchange.userMessage.trim() === '' ? null : exchange.answerId ? (
              <div>
                <strong>You:</strong>
                <AnswerWithFeedback answerId={exchange.answerId} answer={exchange.userMessage} />
              </div>
            ) : (
              <Said>
                <strong>You:</strong>
                {exchange.userMessage}
              </Said>
            )}
            <Reply>
              <strong>AI Response:</strong>
              {exchange.aiResponse}
            </Reply>
          </li>
        ))}
      </Exchanges>
    </Conversation>
  );
}

/** /interview-practice/conversations/{snippetId}: the snippet and every practice conversation about it, all of them as one PDF to download. */
export function SnippetConversationsPage() {
  useDocumentTitle('Conversation History');
  const navigate = useNavigate();
  const { snippetId = '' } = useParams();
  /** The exchange a search result opened the page at (`#exchange-…`), if any. */
  const focused = decodeURIComponent(useLocation().hash.slice(1));
  const { data, loading } = useSnippetHistory(snippetId, idParam(snippetId) > 0, (error) => notifyFailure(JOB_MESSAGES.loadSnippetFailed, error));

  const context = data?.snippetText ?? '';
  const id = idParam(snippetId);
  return (
    <PageShell title="Conversation History">
      <div>
        <Button $variant="ghost" onClick={() => navigate(PATHS.interviewSaved)}>
          <BackIcon />
          Back to Job Descriptions
        </Button>
      </div>
      {loading ? (
        <BusyStatus>Loading...</BusyStatus>
      ) : (
        <>
          {data && <SelectedRequirements text={data.snippetText} />}
          <StartButtons>
            <Button $size="lg" disabled={!data} onClick={() => navigate(practiceConversationPath(context, id, 'voice'))}>
              Start Voice Conversation
            </Button>
            <Button $size="lg" $variant="secondary" disabled={!data} onClick={() => navigate(practiceConversationPath(context, id, 'text'))}>
              Start Text Conversation
            </Button>
          </StartButtons>
          <SnippetProgressView snippetId={id} />
          <History aria-label="Conversations">
            {data && data.conversations.length > 0 && (
              <HistoryActions>
                <PdfDownloadButton
                  path={snippetPracticePdfPath(id, browserTimeZone())}
                  needs={PDF_DOWNLOADS.practice.needs}
                  fallbackName="Interview-practice.pdf"
                  failedMessage={THREAD_MESSAGES.pdfFailed}
                />
              </HistoryActions>
            )}
            {data && data.conversations.length > 0 ? (
              data.conversations.map((conversation, index) => (
                <ConversationCard key={conversation.id} conversation={conversation} index={index} focused={focused} />
              ))
            ) : (
              <p>No conversations found for this snippet.</p>
            )}
          </History>
        </>
      )}
    </PageShell>
  );
}

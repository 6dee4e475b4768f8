import { bareWords, type ResumeSuggestion } from '@story/proto';
import { Link, useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { bulletElementId } from '../lib/resume-links.ts';
import { continueThreadPath, tellStoryPath } from '../../../lib/paths.ts';

const Card = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.primarySoftBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  h4 {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.primary};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const Rewrite = styled.p`
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.md};
  overflow-wrap: anywhere;
`;

const Quote = styled.blockquote`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.sm};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface SuggestionCardProps {
  resumeId: number;
  suggestion: ResumeSuggestion;
  /** Some suggestion is being accepted or dismissed: the buttons wait. */
  busy: boolean;
  /** This one is. */
  acting: boolean;
  onAccept: (suggestion: ResumeSuggestion) => void;
  onDismiss: (suggestion: ResumeSuggestion) => void;
}

/**
 * A weak bullet's suggestion: what makes it weak, the rewrite, the person's own words it stands on
 * ("From your story: “…”", with the conversation it was told in), or what to add and "Tell the
 * story behind this line"; Accept (when the rewrite changes the line) and Dismiss.
 */
export function SuggestionCard({ resumeId, suggestion, busy, acting, onAccept, onDismiss }: SuggestionCardProps) {
  const navigate = useNavigate();
  const { evidence } = suggestion;
  const bulletTextId = bulletElementId(suggestion.bulletId);
  // A rewrite that changes nothing but punctuation has nothing to accept.
  const rewritten = bareWords(suggestion.rewrite) !== bareWords(suggestion.original);
  return (
    <Card data-testid="suggestion">
      <h4>Suggestion</h4>
      <ul aria-label="What makes this line weak">
        {suggestion.weaknesses.map((weakness) => (
          <li key={weakness.kind}>{weakness.message}</li>
        ))}
      </ul>
      {rewritten && (
        <>
          <p>Try instead:</p>
          <Rewrite data-testid="rewrite">{suggestion.rewrite}</Rewrite>
        </>
      )}
      {evidence && (
        <>
          <Quote>From your story: “{evidence.quote}”</Quote>
          <p>
            <Link to={continueThreadPath(evidence.threadId)}>Open the conversation where you told it</Link>
          </p>
        </>
      )}
      {suggestion.toAdd && <p>To make it stronger, add: {suggestion.toAdd}</p>}
      <Actions>
        {rewritten && (
          <Button onClick={() => onAccept(suggestion)} disabled={busy} aria-busy={acting || undefined} aria-describedby={bulletTextId}>
            {acting && <Spinner size={16} />}
            Accept
          </Button>
        )}
        <Button $variant="secondary" onClick={() => onDismiss(suggestion)} disabled={busy} aria-describedby={bulletTextId}>
          Dismiss
        </Button>
        {suggestion.toAdd && (
          <Button $variant="secondary" onClick={() => navigate(tellStoryPath(resumeId, suggestion.bulletId))}>
            Tell the story behind this line
          </Button>
        )}
      </Actions>
    </Card>
  );
}

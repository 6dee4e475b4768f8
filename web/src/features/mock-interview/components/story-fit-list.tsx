import { Link } from 'react-router';
import { styled } from 'styled-components';
import { MOCK_INTERVIEW_MESSAGES as M, type MockQuestion, type StoryFit } from '@story/proto';
import { Button } from '../../../components/button.ts';
import { SpreadRow } from '../../../components/spread-row.ts';
import { Badge } from './form-parts.ts';
import { requirementStoryLink } from '../../../lib/paths.ts';

const Stories = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Story = styled.li<{ $pinned: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme, $pinned }) => ($pinned ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $pinned }) => ($pinned ? theme.colors.primarySoft : theme.colors.surface)};
  overflow-wrap: anywhere;
`;

const Why = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TellOne = styled(Link)`
  justify-self: start;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
`;

const FIT_WORDS = { strong: 'Strong fit', workable: 'Workable fit' } as const;

/** One story that fits: its fit, the person's words, why it fits, and Pin or Unpin. */
function StoryItem({ fit, pinned, busy, onPin }: { fit: StoryFit; pinned: boolean; busy: boolean; onPin: (storyId: number | null) => void }) {
  return (
    <Story $pinned={pinned}>
      <SpreadRow>
        <Badge $tone={fit.fit === 'strong' ? 'good' : 'fair'}>{FIT_WORDS[fit.fit]}</Badge>
        <Button $variant={pinned ? 'primary' : 'secondary'} aria-pressed={pinned} disabled={busy} onClick={() => onPin(pinned ? null : fit.storyId)}>
          {pinned ? 'Unpin' : 'Pin'}
        </Button>
      </SpreadRow>
      <p>“{fit.excerpt}”</p>
      <Why>{fit.why}</Why>
    </Story>
  );
}

/** A question's stories that fit (best first), or "No story yet: tell one" opening a story conversation about its requirement. */
export function StoryFitList({ question, busy, onPin }: { question: MockQuestion; busy: boolean; onPin: (storyId: number | null) => void }) {
  if (question.storyFit.length === 0) return <TellOne to={requirementStoryLink(question.source.text || question.text)}>{M.noStoryYet}</TellOne>;
  return (
    <Stories aria-label={`Stories for question ${question.index + 1}`}>
      {question.storyFit.map((fit) => (
        <StoryItem key={fit.storyId} fit={fit} pinned={question.pinnedStoryId === fit.storyId} busy={busy} onPin={onPin} />
      ))}
    </Stories>
  );
}

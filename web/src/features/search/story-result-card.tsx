import { Link } from 'react-router';
import { styled } from 'styled-components';
import { buttonStyles, type ButtonStyleProps } from '../../components/button.ts';
import { spreadRowStyles } from '../../components/spread-row.ts';
import { formatRelative } from '../../lib/date-format.ts';
import type { FoundStory } from './api/story-search.api.ts';
import { relevanceScore, splitAtPassage, storyConversationPath } from './story-result.ts';

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
  min-width: 0;
`;

const Heading = styled.header`
  ${spreadRowStyles}
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    text-transform: capitalize;
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Content = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.55;

  mark {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: inherit;
    border-radius: ${({ theme }) => theme.radii.sm};
    box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.primarySoft};
  }
`;

const Footer = styled.footer`
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.sm};
`;

const OpenLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

const Score = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * One found story: "{sourceType} Story", when, the content with the matched passage marked, its
 * relevance score, and a link that opens its conversation at the message it was told in.
 */
export function StoryResultCard({ story, now }: { story: FoundStory; now: Date }) {
  const [before, passage, after] = splitAtPassage(story.content, story.passage);
  const conversationPath = storyConversationPath(story.origin);
  return (
    <Card aria-label={`${story.sourceType} Story`}>
      <Heading>
        <h3>{story.sourceType} Story</h3>
        <time dateTime={story.createdAt}>{formatRelative(story.createdAt, now)}</time>
      </Heading>
      <Content>
        {before}
        {passage && <mark title="The passage that matched your search">{passage}</mark>}
        {after}
      </Content>
      <Footer>
        <Score>Relevance score: {relevanceScore(story.distance)}</Score>
        {conversationPath && (
          <OpenLink $variant="secondary" to={conversationPath}>
            Open in conversation
          </OpenLink>
        )}
      </Footer>
    </Card>
  );
}

import { useLayoutEffect, useRef } from 'react';
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

const Title = styled.p`
  font-weight: 600;
`;

/** A whole conversation can be long: it scrolls within the card, opened at the passage. */
const Content = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.55;
  max-height: 16rem;
  overflow-y: auto;

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
 * One found story (a whole conversation): "{sourceType} Story", its title, when, the conversation
 * opened at the matched passage (marked), its relevance score, and a link that opens the
 * conversation at the message the passage was told in.
 */
export function StoryResultCard({ story, now }: { story: FoundStory; now: Date }) {
  const [before, passage, after] = splitAtPassage(story.content, story.passage);
  const conversationPath = storyConversationPath(story.origin);
  const contentRef = useRef<HTMLParagraphElement>(null);
  const passageRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const content = contentRef.current;
    const mark = passageRef.current;
    // Within the card only: scrolling the page to each card's passage would leave it at the last card.
    if (content && mark) content.scrollTop = Math.max(0, mark.offsetTop - content.offsetTop - 16);
  }, [story.content, story.passage]);
  return (
    <Card aria-label={`${story.sourceType} Story`}>
      <Heading>
        <h3>{story.sourceType} Story</h3>
        <time dateTime={story.createdAt}>{formatRelative(story.createdAt, now)}</time>
      </Heading>
      {story.title && <Title>{story.title}</Title>}
      <Content ref={contentRef} tabIndex={0} aria-label="The story">
        {before}
        {passage && (
          <mark ref={passageRef} title="The passage that matched your search">
            {passage}
          </mark>
        )}
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

import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme.ts';
import { StoryResultCard } from './story-result-card.tsx';
import type { FoundStory } from './api/story-search.api.ts';

const STORY: FoundStory = { id: 7, sourceType: 'conversation', content: 'Me: I led the migration.', createdAt: '2025-01-01T10:00:00.000Z', distance: 0.25 };

const render = (story: FoundStory) =>
  renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <StoryResultCard story={story} now={new Date('2025-01-01T10:05:00.000Z')} />
      </MemoryRouter>
    </ThemeProvider>,
  );

describe('StoryResultCard', () => {
  it('links to its conversation at the message it was told in', () => {
    const html = render({ ...STORY, origin: { kind: 'message', threadId: 5, messageId: 42 } });
    expect(html).toContain('href="/recording?mode=continue&amp;threadId=5&amp;message=42"');
    expect(html).toContain('Open in conversation');
    expect(html).toContain('Relevance score: 0.7500');
  });

  it('shows the conversation’s title when it has one, with the passage marked', () => {
    const html = render({ ...STORY, content: 'Me: I was a nurse.\n\nMe: I led the migration.', title: 'Moving billing', passage: { start: 24, end: 44 } });
    expect(html).toContain('Moving billing');
    expect(html).toContain('<mark title="The passage that matched your search">I led the migration.</mark>');
    // Without a title, no title line.
    const paragraphs = (markup: string) => markup.match(/<p /g)?.length ?? 0;
    expect(paragraphs(render(STORY))).toBe(paragraphs(html) - 1);
  });

  it('has no link when the service did not say where the story was told', () => {
    expect(render(STORY)).not.toContain('Open in conversation');
  });
});

import { useState, type FormEvent } from 'react';
import { SEARCH_MESSAGES, storyQueryRequestSchema } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { TextInput } from '../../components/form-field.tsx';
import { SearchIcon } from '../../components/icons.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { notifyFailure } from '../../components/toast/notify.ts';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import { useExclusiveTask } from '../../hooks/use-exclusive-task.ts';
import { useProblemToast } from '../../hooks/use-problem-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { StoryResultCard } from './story-result-card.tsx';
import { searchStories, type FoundStory } from './api/story-search.api.ts';

const SearchForm = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.sm};
`;

const Results = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ol {
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space.md};
    padding: 0;
  }
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /search: the user's stories found by meaning and by words, best first, with the passage that matched. */
export function SearchPage() {
  useDocumentTitle('Search Your Stories');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<FoundStory[]>([]);
  /** The query of the last search that answered: the empty state speaks of it, not of what is being typed. */
  const [searchedQuery, setSearchedQuery] = useState('');
  const [searchedAt, setSearchedAt] = useState(() => new Date());
  const searching = useExclusiveTask();
  // "Please enter a search query" closes as soon as there is a query to search.
  const queryProblem = storyQueryRequestSchema.safeParse({ query });
  const showProblem = useProblemToast(queryProblem.success ? [] : queryProblem.error.issues.map((issue) => issue.message));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = storyQueryRequestSchema.safeParse({ query });
    if (!parsed.success) {
      showProblem(parsed.error.issues[0]?.message ?? SEARCH_MESSAGES.searchFailed);
      return;
    }
    void searching.run(async () => {
      try {
        const found = await searchStories(parsed.data.query);
        setResults(found);
        setSearchedQuery(parsed.data.query);
        setSearchedAt(new Date());
      } catch (error) {
        notifyFailure(SEARCH_MESSAGES.searchFailed, error);
      }
    });
  };

  return (
    <PageShell title="Search Your Stories">
      <SearchForm role="search" onSubmit={handleSubmit}>
        <VisuallyHidden as="label" htmlFor="story-query">
          Search your stories
        </VisuallyHidden>
        <TextInput
          id="story-query"
          type="search"
          placeholder="Type your search query..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the query box is this page's one control: typing starts at once
          autoFocus
        />
        <Button type="submit" $size="lg" disabled={searching.busy}>
          <SearchIcon />
          {searching.busy ? 'Searching...' : 'Search'}
        </Button>
      </SearchForm>
      <Results aria-label="Search results" aria-busy={searching.busy}>
        {results.length > 0 && (
          <>
            <h2>Results</h2>
            <ol>
              {results.map((story) => (
                <li key={story.id}>
                  <StoryResultCard story={story} now={searchedAt} />
                </li>
              ))}
            </ol>
          </>
        )}
        {searchedQuery !== '' && results.length === 0 && !searching.busy && <Empty role="status">{SEARCH_MESSAGES.noResults}</Empty>}
      </Results>
    </PageShell>
  );
}

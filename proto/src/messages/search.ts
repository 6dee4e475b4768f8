/** Story search (spec section 8). */
export const SEARCH_MESSAGES = {
  searchFailed: 'Failed to perform search. Please try again.',
  noResults: 'No stories found matching your search.',
  /** The embedder (OpenAI) did not answer: the search cannot rank by meaning right now. */
  embedderUnavailable: 'Search is not available right now. Please try again in a moment.',
} as const;

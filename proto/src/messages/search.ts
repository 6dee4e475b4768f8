/** Story search (spec section 8). */
export const SEARCH_MESSAGES = {
  searchFailed: 'Failed to perform search. Please try again.',
  noResults: 'No stories found matching your search.',
} as const;

import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SnippetProgressResponse } from '@story/proto';

/** Every attempt at each question of a snippet's practice. */
export const SNIPPET_PROGRESS_QUERY: TypedDocumentNode<{ snippetProgress: SnippetProgressResponse }, { snippetId: string }> = gql`
  query SnippetProgress($snippetId: ID!) {
    snippetProgress(snippetId: $snippetId) {
      questions {
        question
        bestAnswerId
        attempts {
          answerId
          attempt
          overall
          best
          answeredAt
        }
      }
    }
  }
`;

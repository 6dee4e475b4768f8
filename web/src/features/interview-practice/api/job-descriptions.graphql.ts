import { gql, type ApolloClient, type TypedDocumentNode } from '@apollo/client';
import type { GraphqlJobDescription } from '@story/proto';

/** A saved description as the cards show it, with its snippet count (read with the list: no request per card). */
export type JobDescriptionCardData = Omit<GraphqlJobDescription, 'snippets' | 'originalContent'>;

const CARD_FIELDS = gql`
  fragment JobDescriptionCardFields on JobDescription {
    id
    companyName
    jobTitle
    formattedContent
    isArchived
    createdAt
    snippetCount
  }
`;

/** The user's active descriptions (archived: false) or archived ones (archived: true), newest first. */
export const JOB_DESCRIPTIONS_QUERY: TypedDocumentNode<{ formattedJobDescriptions: JobDescriptionCardData[] }, { archived: boolean }> = gql`
  query JobDescriptions($archived: Boolean) {
    formattedJobDescriptions(archived: $archived) {
      ...JobDescriptionCardFields
    }
  }
  ${CARD_FIELDS}
`;

/** Both lists: every change refetches them, so neither screen starts from a stale cached list. */
export const JOB_DESCRIPTION_LIST_QUERIES = [
  { query: JOB_DESCRIPTIONS_QUERY, variables: { archived: false } },
  { query: JOB_DESCRIPTIONS_QUERY, variables: { archived: true } },
];

/** Refetches both lists after a change made over REST (a confirmed description, a new snippet). */
export function refreshJobDescriptionLists(client: ApolloClient): void {
  Promise.all(JOB_DESCRIPTION_LIST_QUERIES.map((options) => client.query({ ...options, fetchPolicy: 'network-only' }))).catch((error: unknown) => {
    // The change itself succeeded; a list that could not be refreshed is fetched again when shown.
    console.error('Could not refresh the job description lists', error);
  });
}

export const ARCHIVE_JOB_DESCRIPTION_MUTATION: TypedDocumentNode<{ archiveJobDescription: JobDescriptionCardData }, { id: string }> = gql`
  mutation ArchiveJobDescription($id: ID!) {
    archiveJobDescription(id: $id) {
      ...JobDescriptionCardFields
    }
  }
  ${CARD_FIELDS}
`;

export const UNARCHIVE_JOB_DESCRIPTION_MUTATION: TypedDocumentNode<{ unarchiveJobDescription: JobDescriptionCardData }, { id: string }> = gql`
  mutation UnarchiveJobDescription($id: ID!) {
    unarchiveJobDescription(id: $id) {
      ...JobDescriptionCardFields
    }
  }
  ${CARD_FIELDS}
`;

export const DELETE_JOB_DESCRIPTION_MUTATION: TypedDocumentNode<{ deleteJobDescription: string }, { id: string }> = gql`
  mutation DeleteJobDescription($id: ID!) {
    deleteJobDescription(id: $id)
  }
`;

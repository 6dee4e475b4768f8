import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GraphqlCleanedDescription, GraphqlJobDescription, GraphqlSnippet } from '@story/proto';

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

/** The pasted description cleaned into markdown (AI work). */
export const PROCESS_JOB_DESCRIPTION_MUTATION: TypedDocumentNode<
  { processJobDescription: GraphqlCleanedDescription },
  { companyName: string; jobTitle: string; jobDescription: string }
> = gql`
  mutation ProcessJobDescription($companyName: String!, $jobTitle: String!, $jobDescription: String!) {
    processJobDescription(companyName: $companyName, jobTitle: $jobTitle, jobDescription: $jobDescription) {
      cleanedDescription
    }
  }
`;

export interface ConfirmJobDescriptionVariables {
  formattedContent: string;
  jobTitle: string;
  companyName: string;
  originalContent?: string | null;
  /** The saved description whose formatting is replaced; absent for a new one. */
  id?: string | null;
}

/** Saves a confirmed description; with `id`, replaces the formatted content of that saved one. */
export const CONFIRM_JOB_DESCRIPTION_MUTATION: TypedDocumentNode<{ confirmJobDescription: JobDescriptionCardData }, ConfirmJobDescriptionVariables> = gql`
  mutation ConfirmJobDescription($formattedContent: String!, $jobTitle: String!, $companyName: String!, $originalContent: String, $id: ID) {
    confirmJobDescription(formattedContent: $formattedContent, jobTitle: $jobTitle, companyName: $companyName, originalContent: $originalContent, id: $id) {
      ...JobDescriptionCardFields
    }
  }
  ${CARD_FIELDS}
`;

const SNIPPET_FIELDS = gql`
  fragment SnippetFields on Snippet {
    id
    jobDescriptionId
    snippetText
    createdAt
  }
`;

/** Saves a snippet of a saved description. */
export const CREATE_SNIPPET_MUTATION: TypedDocumentNode<{ createSnippet: GraphqlSnippet }, { jobDescriptionId: string; snippetText: string }> = gql`
  mutation CreateSnippet($jobDescriptionId: ID!, $snippetText: String!) {
    createSnippet(jobDescriptionId: $jobDescriptionId, snippetText: $snippetText) {
      ...SnippetFields
    }
  }
  ${SNIPPET_FIELDS}
`;

/** A saved description's snippets, newest first; null when the description is not the user's or is gone. */
export const JOB_DESCRIPTION_SNIPPETS_QUERY: TypedDocumentNode<{ jobDescription: { id: string; snippets: GraphqlSnippet[] } | null }, { id: string }> = gql`
  query JobDescriptionSnippets($id: ID!) {
    jobDescription(id: $id) {
      id
      snippets {
        ...SnippetFields
      }
    }
  }
  ${SNIPPET_FIELDS}
`;

/** One of the user's snippets; null when it is not theirs or is gone. */
export const SNIPPET_QUERY: TypedDocumentNode<{ snippet: GraphqlSnippet | null }, { id: string }> = gql`
  query Snippet($id: ID!) {
    snippet(id: $id) {
      ...SnippetFields
    }
  }
  ${SNIPPET_FIELDS}
`;

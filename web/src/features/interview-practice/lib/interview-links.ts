/**
 * The query parameters of the interview-practice screens (spec section 2) and the links between
 * them, with the specification's defaults (an id that is absent or malformed reads as 0).
 */

const POSITIVE_INTEGER = /^[1-9]\d{0,15}$/;

/** A positive integer from a query parameter, or 0 when it is absent or anything else. */
export function idParam(raw: string | null): number {
  const trimmed = raw?.trim() ?? '';
  if (!POSITIVE_INTEGER.test(trimmed)) return 0;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : 0;
}

export interface ReviewParams {
  description: string;
  jobTitle: string;
  companyName: string;
  /** The saved description being reviewed again (from Practice on a saved card), or 0 for a new one. */
  id: number;
}

/** /interview-practice/review: description, jobTitle, companyName, id (default 0). */
export function parseReviewParams(search: URLSearchParams): ReviewParams {
  return {
    description: search.get('description') ?? '',
    jobTitle: search.get('jobTitle') ?? '',
    companyName: search.get('companyName') ?? '',
    id: idParam(search.get('id')),
  };
}

/** The review screen of a description: a fresh one (no id) or a saved one (its id). */
export function reviewPath({ description, jobTitle, companyName, id }: ReviewParams): string {
  const query = new URLSearchParams({ description, companyName, jobTitle });
  if (id > 0) query.set('id', String(id));
  return `/interview-practice/review?${query.toString()}`;
}

/** /interview-practice/practice: the snippet's text (section) and its id (default 0). */
export function parsePracticeParams(search: URLSearchParams): { section: string; snippetId: number } {
  return { section: search.get('section') ?? '', snippetId: idParam(search.get('snippetId')) };
}

export const practicePath = (section: string, snippetId: number): string =>
  `/interview-practice/practice?${new URLSearchParams({ section, snippetId: String(snippetId) }).toString()}`;

/** A new practice conversation about a snippet: its text as context; type=text for the text variant. */
export function practiceConversationPath(context: string, snippetId: number, type: 'voice' | 'text'): string {
  const query = new URLSearchParams({ mode: 'new', context, snippetId: String(snippetId) });
  if (type === 'text') query.set('type', 'text');
  return `/recording?${query.toString()}`;
}

export const snippetConversationsPath = (snippetId: number | string): string => `/interview-practice/conversations/${encodeURIComponent(String(snippetId))}`;

/** The id of an exchange (0-based) of a practice conversation on its snippet's page: where a search result opens it. */
export const exchangeAnchor = (conversationId: number, exchange: number): string => `exchange-${conversationId}-${exchange}`;

/** A snippet's conversation history, opened at one exchange of one of its practice conversations. */
export const snippetExchangePath = (snippetId: number, conversationId: number, exchange: number): string =>
  `${snippetConversationsPath(snippetId)}#${exchangeAnchor(conversationId, exchange)}`;

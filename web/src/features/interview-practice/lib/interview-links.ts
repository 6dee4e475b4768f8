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

/** /interview-practice/practice: the snippet's text (section) and its id (default 0). */
export function parsePracticeParams(search: URLSearchParams): { section: string; snippetId: number } {
  return { section: search.get('section') ?? '', snippetId: idParam(search.get('snippetId')) };
}

/**
 * The headings a job description's sections carry ("What you bring", "Requirements", "About you",
 * "Nice to have"): a line that is one of them in full names a section and is never a requirement
 * (issue 38, 4), wherever it stands, bulleted, bold, or a paragraph of its own. The jobs service's
 * requirement lines and the coach's requirements both leave them out.
 */

const HEADING =
  /^(?:(?:what|who) (?:you(?:'ll| will| would)?|we(?:'re| are)?|we'd|we would) (?:bring|need|have|do|be doing|are|look for|looking for|offer|expect|love|like to see)(?: to (?:the (?:role|table|team)|us))?|(?:key |main |core |your |the |essential |additional )?(?:requirements?|qualifications?|responsibilities|duties|tasks|skills|experience|profile|benefits|perks|competencies)(?: (?:and|&) (?:requirements|qualifications|skills|experience|responsibilities))?|(?:minimum|basic|preferred|desired|required|bonus) (?:qualifications|requirements|skills|experience|points)|about (?:you|the (?:role|job|position|team|company)|us)|(?:the )?(?:role|job|position)|nice[ -]to[ -]haves?|must[ -]haves?|bonus(?: points)?|you(?:'ll| will)? (?:have|bring|need|do)|who we are|(?:the )?ideal candidate|you might be a (?:good |great )?fit if|in this role(?:,? you will)?|day[ -]to[ -]day|what (?:we|you)(?:'ll| will)? (?:offer|get))$/i;

/** A heading as plain words: no markdown marks, numbering or closing colon, apostrophes plain, lower case. */
const asHeading = (line: string): string =>
  line
    .replace(/[*_`#【】[\]「」]/gu, ' ')
    .replace(/[’`´]/gu, "'")
    .replace(/^\s*(?:[-*•·▪●◦–—>]+|\d+[.)])\s*/u, '')
    .replace(/[\s:：.!]+$/u, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();

/** True when the line is a section heading of a job description in full ("What You Bring", "**Requirements:**"), not a requirement. */
export const isSectionHeading = (line: string): boolean => HEADING.test(asHeading(line));

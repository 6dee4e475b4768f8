import type { JobDescriptionFormatter } from '../job-description-formatter.ts';
import { splitInlineLists } from './inline-lists.ts';
import { escapeInline, escapeLineStart } from './markdown-inline.ts';
import { buildBlocks } from './posting-blocks.ts';
import { classifyLine, joinBrokenLines } from './posting-lines.ts';
import { withHeaderMeta } from './posting-header.ts';
import { normalizePosting } from './posting-text.ts';
import { renderBlocks } from './markdown-render.ts';
import { findJunkLines, withoutSiteAdditions } from './site-junk.ts';

/**
 * Cleans a posting pasted from a job site or a company page into markdown: headings, bullet and
 * numbered lists, paragraphs and emphasis recovered; the site's own buttons, navigation and cookie
 * banners dropped. Every word of the posting itself comes out unchanged and in order (its tests
 * compare the words the markdown renders to against the words pasted).
 */
export function formatPosting(text: string): string {
  const lines = normalizePosting(text);
  const junk = findJunkLines(lines);
  const kept = lines.map((line, index) => (junk[index] ? '' : withoutSiteAdditions(line)));
  const formatted = renderBlocks(buildBlocks(splitInlineLists(joinBrokenLines(withHeaderMeta(kept).map(classifyLine)))));
  if (formatted.trim()) return formatted;
  // Nothing but site junk: give the text back (escaped) rather than nothing, so the person sees what happened.
  return lines
    .map((line) => escapeLineStart(escapeInline(line.trim())))
    .filter(Boolean)
    .join('\n\n');
}

/** The embedded formatter (the default): deterministic, offline, fast. */
export class OfflineJobFormatter implements JobDescriptionFormatter {
  readonly name = 'offline';

  async format(text: string): Promise<string> {
    return formatPosting(text);
  }
}

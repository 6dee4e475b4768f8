/** The recovered blocks of a posting written out as CommonMark (what react-markdown renders). */
import type { Block, Inline, ListItem } from './posting-blocks.ts';
import { escapeInline, escapeLineStart, inlineMarkdown, plainLetters } from './markdown-inline.ts';
import { endsClause } from './posting-text.ts';

/** A label in bold ("**Salary:** $120k"), table cells with the first in bold, or the text. */
function renderInline(content: Inline): string {
  if (content.cells) {
    const [first = '', ...rest] = content.cells;
    return [`**${escapeInline(plainLetters(first))}**`, ...rest.map(inlineMarkdown)].join(' · ');
  }
  if (content.label !== undefined) return `**${escapeInline(plainLetters(content.label))}:** ${inlineMarkdown(content.text)}`;
  return inlineMarkdown(content.text);
}

const sourceOf = (content: Inline): string => content.cells?.join(' ') ?? content.text;

function renderHeading(level: number, text: string): string {
  // A closing run of # after a space would be read as the heading's optional closing sequence.
  const body = inlineMarkdown(text).replace(/(\s)(#+)$/u, (_match, space: string, hashes: string) => `${space}${hashes.replace(/#/g, '\\#')}`);
  return `${'#'.repeat(Math.min(Math.max(level, 1), 6))} ${body}`;
}

/**
 * A paragraph: lines that end a sentence flow on with a space; a line that does not (an address, a
 * short statement without a full stop) keeps its own line with a hard break.
 */
function renderParagraph(lines: readonly Inline[]): string {
  return lines
    .map((line, index) => {
      const rendered = renderInline(line);
      if (index === lines.length - 1) return rendered;
      return `${rendered}${endsClause(sourceOf(line)) ? ' ' : '\\\n'}`;
    })
    .join('')
    .split('\n')
    .map(escapeLineStart)
    .join('\n');
}

/**
 * A list. Two lists in a row need different markers (`-` then `*`, `.` then `)`), or markdown would
 * read them as one; an ordered list keeps the number it started at.
 */
function renderList(items: readonly ListItem[], ordered: boolean, start: number, alternate: boolean): string {
  return items
    .map((item, index) => {
      const marker = ordered ? `${start + index}${alternate ? ')' : '.'}` : alternate ? '*' : '-';
      const indent = ' '.repeat(marker.length + 1);
      const children = item.children.map((child) => `\n${indent}- ${escapeLineStart(renderInline(child))}`).join('');
      return `${marker} ${escapeLineStart(renderInline(item.content))}${children}`;
    })
    .join('\n');
}

/** The blocks as markdown, one blank line between blocks. */
export function renderBlocks(blocks: readonly Block[]): string {
  const out: string[] = [];
  let previous: Block | undefined;
  let alternate = false;
  for (const block of blocks) {
    if (block.type === 'heading') out.push(renderHeading(block.level, block.text));
    else if (block.type === 'paragraph') out.push(renderParagraph(block.lines));
    else {
      alternate = previous?.type === 'list' && previous.ordered === block.ordered ? !alternate : false;
      out.push(renderList(block.items, block.ordered, block.start, alternate));
    }
    previous = block;
  }
  return out.join('\n\n');
}

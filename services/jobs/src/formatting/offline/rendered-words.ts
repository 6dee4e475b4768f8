/**
 * Test support: what a reader sees of a markdown text, parsed by the same parser react-markdown
 * uses (mdast-util-from-markdown), so a formatter's output can be compared word for word with
 * what was pasted.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';

/** A node of the markdown tree, as far as these checks read it. */
interface MarkdownNode {
  type: string;
  value?: string;
  url?: string;
  start?: number | null;
  ordered?: boolean | null;
  depth?: number;
  children?: MarkdownNode[];
}

const PHRASING = new Set(['text', 'emphasis', 'strong', 'inlineCode', 'link', 'break', 'image', 'delete']);

/** What a node reads as: block contents apart, phrasing run together, list numbers and link targets included. */
function readable(node: MarkdownNode): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return node.value ?? '';
  if (node.type === 'break') return ' ';
  // skipHtml drops raw HTML: none of it is seen.
  if (node.type === 'html') return '';
  const children = node.children ?? [];
  if (node.type === 'link') return `${children.map(readable).join('')} ${node.url ?? ''} `;
  if (node.type === 'list' && node.ordered) return children.map((item, index) => `${(node.start ?? 1) + index} ${readable(item)}`).join(' ');
  const joiner = children.every((child) => PHRASING.has(child.type)) ? '' : ' ';
  return children.map(readable).join(joiner);
}

/** The parsed tree of a markdown text. */
export const parseMarkdown = (markdown: string): MarkdownNode => fromMarkdown(markdown);

/** The words of a text under NFKC (bold letters of social posts read as the letters they are), invisible characters ignored. */
export function comparableWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/** The words a reader sees when the markdown is rendered. */
export const renderedWords = (markdown: string): string[] => comparableWords(readable(parseMarkdown(markdown)));

/** Every node of a type in the tree. */
export function nodesOf(markdown: string, type: string): MarkdownNode[] {
  const found: MarkdownNode[] = [];
  const visit = (node: MarkdownNode) => {
    if (node.type === type) found.push(node);
    node.children?.forEach(visit);
  };
  visit(parseMarkdown(markdown));
  return found;
}

/** The text of each heading, in order. */
export const headingsOf = (markdown: string): string[] => nodesOf(markdown, 'heading').map((heading) => readable(heading).trim());

/** How many items each list has, in order. */
export const listSizesOf = (markdown: string): number[] => nodesOf(markdown, 'list').map((list) => list.children?.length ?? 0);

/** The text of every list item (nested ones as items of their own, not part of their parent's text), in order. */
export const listItemsOf = (markdown: string): string[] =>
  nodesOf(markdown, 'listItem').map((item) =>
    (item.children ?? [])
      .filter((child) => child.type !== 'list')
      .map(readable)
      .join(' ')
      .trim(),
  );

/**
 * The words of `source` that `rendered` does not keep in order (what is left of `source` outside a
 * longest common subsequence): none when every word of the posting survives, in order.
 */
export function wordsMissing(rendered: readonly string[], source: readonly string[]): string[] {
  const rows = rendered.length;
  const cols = source.length;
  const table = new Uint32Array((rows + 1) * (cols + 1));
  for (let r = rows - 1; r >= 0; r--) {
    for (let c = cols - 1; c >= 0; c--) {
      const at = r * (cols + 1) + c;
      table[at] = rendered[r] === source[c] ? (table[at + cols + 2] ?? 0) + 1 : Math.max(table[at + cols + 1] ?? 0, table[at + 1] ?? 0);
    }
  }
  const missing: string[] = [];
  let r = 0;
  let c = 0;
  while (c < cols) {
    const at = r * (cols + 1) + c;
    if (r < rows && rendered[r] === source[c]) {
      r++;
      c++;
    } else if (r < rows && (table[at + cols + 1] ?? 0) >= (table[at + 1] ?? 0)) r++;
    else missing.push(source[c++] ?? '');
  }
  return missing;
}

/** The words of the posting (`source`, its furniture left out) that the markdown drops, changes or moves: none when every one survives in order. */
export const postingWordsLost = (markdown: string, source: string): string[] => wordsMissing(renderedWords(markdown), comparableWords(source));

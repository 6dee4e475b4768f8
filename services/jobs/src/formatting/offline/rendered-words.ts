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
  return text.normalize('NFKC').replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '').match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
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

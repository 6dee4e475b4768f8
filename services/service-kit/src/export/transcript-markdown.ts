import type { Transcript } from '../pdf/pdf-transcript.ts';

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** "28 November 2026 at 14:02 UTC", or nothing for a missing or unreadable time. */
function when(at: string | null): string {
  const time = at ? Date.parse(at) : NaN;
  return Number.isFinite(time) ? ` · ${WHEN.format(time)} UTC` : '';
}

/** Text as Markdown paragraphs that cannot open a heading or a list by accident. */
const paragraph = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.replace(/^(\s*)([#>*+-]|\d+\.)/, '$1\\$2'))
    .join('  \n');

/**
 * A conversation as readable Markdown (the data export): its title, what it is, then who said what
 * and when, section by section, the same transcript its PDF prints.
 */
export function transcriptMarkdown(transcript: Transcript, links: readonly { label: string; path: string }[] = []): string {
  const lines = [`# ${transcript.title.replace(/\n/g, ' ')}`, '', ...transcript.details.map((detail) => `_${detail}_`), ''];
  if (transcript.quote)
    lines.push(
      `> **${transcript.quote.label}**`,
      '>',
      ...transcript.quote.text
        .trim()
        .split('\n')
        .map((line) => `> ${line}`),
      '',
    );
  const turns = transcript.sections.flatMap((section) => section.turns);
  if (turns.length === 0) lines.push(transcript.empty, '');
  for (const section of transcript.sections) {
    if (section.heading) lines.push(`## ${section.heading}`, '');
    for (const turn of section.turns) lines.push(`**${turn.speaker}**${when(turn.at)}`, '', paragraph(turn.text), '');
  }
  if (links.length > 0) lines.push('## Spoken replies', '', ...links.map((link) => `- [${link.label}](${link.path})`), '');
  return lines.join('\n');
}

/** A title as a file name part: lower case letters and digits joined by dashes, at most 60 characters. */
export function slug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 60).replace(/-+$/, '') || 'conversation';
}

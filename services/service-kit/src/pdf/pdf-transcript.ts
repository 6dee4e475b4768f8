import type { PdfPaper } from '@story/proto';
import { PDF_INK, keepTogether, onEveryPage, openPdf, useFont, type PdfPage } from './pdf-document.ts';
import { DEFAULT_PDF_LIMITS, boundedText, cutTurnNote, documentCutNote, pastPageLimit, type PdfLimits } from './pdf-limits.ts';

/**
 * A conversation as a PDF for reading and printing (issue 24, 2): the title, lines about it (dates,
 * what was practised), then the turns in order, each under its speaker and time, a day's heading
 * where the day changes. The person's words and the other side's stand apart by a coloured bar and
 * the speaker's colour; a long turn flows on over pages, its bar with it. Every page's footer holds
 * the title and "Page n of m". What it holds is capped (`PdfLimits`): a long turn is cut with a note,
 * and a document past its characters or pages ends with one.
 */

/** Who speaks: the person, or the other side (the coach, the interviewer). */
export type TranscriptSide = 'person' | 'other';

export interface TranscriptTurn {
  side: TranscriptSide;
  /** "You", "Coach", "Interviewer". */
  speaker: string;
  /** When it was said (ISO 8601), or null when unknown. */
  at: string | null;
  text: string;
  /** True when `text` is the start of a longer turn (`boundTranscript`): a note says so under it. */
  cut?: boolean;
}

export interface TranscriptSection {
  /** A section's heading (a practice session), or null for one section without a heading. */
  heading: string | null;
  turns: TranscriptTurn[];
}

export interface Transcript {
  title: string;
  /** Short lines under the title (what it is, its date range, its length). */
  details: string[];
  /** A quoted passage before the turns (what was practised), or null. */
  quote: { label: string; text: string } | null;
  sections: TranscriptSection[];
  /** The words to show in place of the turns when there are none. */
  empty: string;
  /** True when turns were left out past the document's characters (`boundTranscript`): a note ends it. */
  cut?: boolean;
}

/**
 * The transcript within `limits`: each turn (and the quote) cut at `turnCharacters`, and the turns
 * after `documentCharacters` left out. Cheap, and the same when applied twice: callers bound a
 * transcript before it goes to a rendering thread, and the renderer bounds what it is given.
 */
export function boundTranscript(transcript: Transcript, limits: PdfLimits = DEFAULT_PDF_LIMITS): Transcript {
  let left = limits.documentCharacters;
  let cut = transcript.cut === true;
  const sections: TranscriptSection[] = [];
  for (const section of transcript.sections) {
    if (left <= 0 && section.turns.length > 0) {
      cut = true;
      break;
    }
    const turns: TranscriptTurn[] = [];
    for (const turn of section.turns) {
      if (left <= 0) {
        cut = true;
        break;
      }
      const limit = Math.min(limits.turnCharacters, left);
      const bounded = boundedText(turn.text, limit);
      // A turn cut by what is left of the document is its last.
      left = bounded.cut && limit < limits.turnCharacters ? 0 : left - bounded.text.length;
      turns.push({ ...turn, text: bounded.text, cut: turn.cut === true || bounded.cut });
    }
    sections.push({ ...section, turns });
  }
  return { ...transcript, quote: transcript.quote && { ...transcript.quote, text: boundedQuote(transcript.quote.text, limits) }, sections, cut };
}

/** A quote (a requirement) within a turn's characters, ending with an ellipsis where it was cut; the whole is in the app. */
function boundedQuote(text: string, limits: PdfLimits): string {
  return text.length <= limits.turnCharacters ? text : `${boundedText(text, limits.turnCharacters - 2).text} …`;
}

/** Type sizes and spaces, in points. */
const TYPE = { title: 20, details: 10, heading: 11, day: 9.5, speaker: 9, body: 10.5, footer: 8.5 } as const;
const SPACE = {
  afterTitle: 6,
  afterDetails: 14,
  beforeHeading: 16,
  afterHeading: 8,
  beforeDay: 10,
  afterDay: 6,
  betweenTurns: 9,
  textIndent: 12,
  bar: 2.5,
  lineGap: 2,
} as const;
/** The person's bar and name in the accent; the other side's in a quiet grey. */
const SIDE_INK: Readonly<Record<TranscriptSide, { bar: string; speaker: string }>> = {
  person: { bar: PDF_INK.accent, speaker: PDF_INK.accent },
  other: { bar: PDF_INK.rule, speaker: PDF_INK.muted },
};

/** How dates and times read: in the person's time zone when known, else UTC (and said so). */
export interface TranscriptClock {
  day: (at: Date) => string;
  time: (at: Date) => string;
}

/** Formats days as "Wednesday, 1 May 2024" and times as "14:05" (with "UTC" when no zone was asked for). */
export function transcriptClock(timeZone: string | undefined): TranscriptClock {
  const zone = timeZone ?? 'UTC';
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: zone });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone });
  return { day: (at) => day.format(at), time: (at) => (timeZone ? time.format(at) : `${time.format(at)} UTC`) };
}

/** "1 May 2024" or "1 May 2024 – 3 June 2024", from the first to the last of `dates` (ISO 8601); null when none is a date. */
export function dateRange(dates: readonly (string | null)[], timeZone: string | undefined): string | null {
  const times = dates.map((at) => (at ? Date.parse(at) : NaN)).filter((time) => Number.isFinite(time));
  if (times.length === 0) return null;
  const format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: timeZone ?? 'UTC' });
  const first = format.format(Math.min(...times));
  const last = format.format(Math.max(...times));
  return first === last ? first : `${first} – ${last}`;
}

function rule(page: PdfPage, y: number): void {
  page.doc
    .moveTo(page.left, y)
    .lineTo(page.left + page.width, y)
    .lineWidth(0.6)
    .strokeColor(PDF_INK.rule)
    .stroke();
}

function header(page: PdfPage, transcript: Transcript): void {
  const { doc } = page;
  useFont(doc, 'bold', TYPE.title).text(transcript.title, page.left, doc.y, { width: page.width });
  doc.y += SPACE.afterTitle;
  for (const line of transcript.details) useFont(doc, 'regular', TYPE.details, PDF_INK.muted).text(line, page.left, doc.y, { width: page.width });
  if (transcript.quote) {
    doc.y += 8;
    useFont(doc, 'semibold', TYPE.speaker, PDF_INK.muted).text(transcript.quote.label, page.left, doc.y, { width: page.width });
    doc.y += 2;
    useFont(doc, 'italic', TYPE.body).text(transcript.quote.text, page.left, doc.y, { width: page.width, lineGap: SPACE.lineGap });
  }
  doc.y += SPACE.afterDetails / 2;
  rule(page, doc.y);
  doc.y += SPACE.afterDetails / 2;
}

function sectionHeading(page: PdfPage, heading: string): void {
  const { doc } = page;
  keepTogether(page, SPACE.beforeHeading + TYPE.heading * 1.4 + SPACE.afterHeading + 3 * TYPE.body * 1.5);
  doc.y += SPACE.beforeHeading;
  useFont(doc, 'bold', TYPE.heading, PDF_INK.accent).text(heading, page.left, doc.y, { width: page.width });
  doc.y += SPACE.afterHeading;
}

function dayHeading(page: PdfPage, day: string): void {
  const { doc } = page;
  keepTogether(page, SPACE.beforeDay + TYPE.day * 1.4 + SPACE.afterDay + 3 * TYPE.body * 1.5);
  doc.y += SPACE.beforeDay;
  useFont(doc, 'semibold', TYPE.day, PDF_INK.muted).text(day.toUpperCase(), page.left, doc.y, { width: page.width });
  rule(page, doc.y + 1);
  doc.y += SPACE.afterDay;
}

/** The index of the page being written (pages are kept open: `bufferPages`). */
const currentPage = (page: PdfPage) => {
  const range = page.doc.bufferedPageRange();
  return range.start + range.count - 1;
};

/** Draws a turn's bar from `fromY` on page `from` to the text's end, over every page the text ran onto. */
function bar(page: PdfPage, side: TranscriptSide, from: number, fromY: number): void {
  const { doc } = page;
  const to = currentPage(page);
  const endY = doc.y;
  const x = page.left + SPACE.bar / 2;
  for (let index = from; index <= to; index++) {
    doc.switchToPage(index);
    const top = index === from ? fromY : doc.page.margins.top;
    const bottom = index === to ? endY - SPACE.lineGap : page.bottom;
    doc.moveTo(x, top).lineTo(x, bottom).lineWidth(SPACE.bar).strokeColor(SIDE_INK[side].bar).stroke();
  }
  doc.y = endY;
}

/** One turn: the speaker and the time, then the words, indented beside the speaker's bar. */
export function transcriptTurn(page: PdfPage, turn: TranscriptTurn, time: string | null, limits: PdfLimits = DEFAULT_PDF_LIMITS): void {
  const { doc } = page;
  const textWidth = page.width - SPACE.textIndent;
  const textOptions = { width: textWidth, lineGap: SPACE.lineGap };
  useFont(doc, 'regular', TYPE.body);
  const firstLines = Math.min(doc.heightOfString(turn.text || ' ', textOptions), 3 * TYPE.body * 1.5);
  // The speaker's line never stands alone at the foot of a page: it keeps room for the first lines of what they said.
  keepTogether(page, TYPE.speaker * 1.5 + firstLines);
  const from = currentPage(page);
  const top = doc.y;
  const speakerFont = useFont(doc, 'semibold', TYPE.speaker, SIDE_INK[turn.side].speaker);
  speakerFont.text(turn.speaker, page.left + SPACE.textIndent, top, { continued: time !== null, lineBreak: false });
  if (time !== null) useFont(doc, 'regular', TYPE.speaker, PDF_INK.muted).text(`  ·  ${time}`, { lineBreak: false });
  doc.y = top + TYPE.speaker * 1.5;
  useFont(doc, 'regular', TYPE.body).text(turn.text, page.left + SPACE.textIndent, doc.y, textOptions);
  if (turn.cut) cutTurnNote(page, SPACE.textIndent, limits);
  bar(page, turn.side, from, top + 1);
  doc.y += SPACE.betweenTurns;
}

/** The title and "Page n of m" at the foot of every page. */
export function transcriptFooters(page: PdfPage, title: string): void {
  const { doc } = page;
  onEveryPage(page, (pageNumber, pageCount) => {
    const y = page.bottom + (doc.page.height - page.bottom) / 2 - TYPE.footer / 2;
    const number = `Page ${pageNumber} of ${pageCount}`;
    useFont(doc, 'regular', TYPE.footer, PDF_INK.muted);
    const numberWidth = doc.widthOfString(number);
    doc.text(title, page.left, y, { width: page.width - numberWidth - 24, height: TYPE.footer * 1.3, ellipsis: true, lineBreak: false });
    doc.text(number, page.left + page.width - numberWidth, y, { lineBreak: false });
  });
}

/** Draws the sections' turns in order; false when it stopped at the page limit with turns left. */
function drawnWithinPages(page: PdfPage, transcript: Transcript, clock: TranscriptClock, limits: PdfLimits): boolean {
  for (const section of transcript.sections) {
    if (section.turns.length > 0 && pastPageLimit(page, limits)) return false;
    if (section.heading) sectionHeading(page, section.heading);
    let day: string | null = null;
    let lastTime: string | null = null;
    for (const turn of section.turns) {
      if (pastPageLimit(page, limits)) return false;
      const at = turn.at ? new Date(turn.at) : null;
      const valid = at !== null && Number.isFinite(at.getTime());
      if (valid && clock.day(at) !== day) {
        day = clock.day(at);
        dayHeading(page, day);
      }
      const time = valid ? clock.time(at) : null;
      // A reply in the same minute as the words it answers does not repeat the time.
      transcriptTurn(page, turn, turn.side === 'other' && time === lastTime ? null : time, limits);
      lastTime = time;
    }
  }
  return true;
}

/**
 * The transcript as a PDF on A4 or Letter, in Source Sans 3 embedded, every word of it selectable
 * text, within `limits`: no turn starts past the last page.
 */
export function renderTranscriptPdf(
  whole: Transcript,
  paper: PdfPaper,
  timeZone: string | undefined,
  creator: string,
  limits: PdfLimits = DEFAULT_PDF_LIMITS,
): Promise<Buffer> {
  const transcript = boundTranscript(whole, limits);
  const { page, finish } = openPdf(paper, { title: transcript.title, creator }, { bufferPages: true });
  header(page, transcript);
  if (transcript.sections.every((section) => section.turns.length === 0)) {
    useFont(page.doc, 'italic', TYPE.body, PDF_INK.muted).text(transcript.empty, page.left, page.doc.y, { width: page.width });
  }
  const complete = drawnWithinPages(page, transcript, transcriptClock(timeZone), limits);
  if (transcript.cut === true || !complete) documentCutNote(page, limits);
  transcriptFooters(page, transcript.title);
  return finish();
}

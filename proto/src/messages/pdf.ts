/**
 * PDF downloads (a conversation, a snippet's practice, a mock interview's report, a résumé): what one
 * document holds at most, and what the person reads when a PDF is cut or cannot be made (issue 36, 3).
 * No zod here: the rendering threads import this file alone.
 */

/**
 * What one PDF holds at most. A person's real documents never meet these: a 200-exchange coaching
 * thread is about 30 pages and 63,000 characters, and its longest turn about 1,100 characters.
 * They bound the work one download can cause (a thread of 40 exchanges of 20,000 characters each
 * would otherwise be over 300 pages).
 */
export const PDF_LIMITS = {
  /** Characters of one turn (a message, a reply, an answer); the rest is cut, with a note. */
  turnCharacters: 8_000,
  /** Characters of all the turns of one document; turns past it are left out, with a note at the end. */
  documentCharacters: 400_000,
  /** Pages: no new turn, role or section starts past this page; a note ends the document. */
  pages: 100,
} as const;

const count = (value: number) => value.toLocaleString('en-US');

/** Under a turn cut at `characters` (`PDF_LIMITS.turnCharacters`). */
export const pdfTurnCutNote = (characters: number = PDF_LIMITS.turnCharacters) =>
  `… (cut after ${count(characters)} characters: the whole message is in the app, and in “Export your data” on your Account page)`;

/** The last words of a document that met its pages or characters (`PDF_LIMITS`). */
export const pdfDocumentCutNote = (pages: number = PDF_LIMITS.pages, characters: number = PDF_LIMITS.documentCharacters) =>
  `This PDF ends here: a PDF holds at most ${pages} pages and ${count(characters)} characters. The rest is in the app, and in “Export your data” on your Account page.`;

/** What a PDF download answers when it is refused. */
export const PDF_MESSAGES = {
  /** 429: the person's previous PDF is still being made (one at a time per person). */
  oneAtATime: 'A PDF is already being made for you. Please try again when it has downloaded.',
  /** 503: every rendering thread is busy and the queue is full. */
  busy: 'Many PDFs are being made right now. Please try again in a moment.',
  /** 503: the rendering passed its deadline. */
  tooSlow: 'This PDF took too long to make. Please try again in a moment.',
  /** 422: the rendering needed more memory than a PDF may. */
  tooLarge: 'This document is too large to make into a PDF. All of it is in “Export your data” on your Account page.',
} as const;

/**
 * A spoken reply travels as base64 MP3 (what `/api/transcribe` answers and a save may carry) and is
 * stored apart from its message; a thread read points at it with a URL instead of carrying it.
 */

const OUTSIDE_BASE64_ALPHABET = /[^A-Za-z0-9+/]/;

/** How many `=` pad the end of a base64 text. */
function paddingOf(base64: string): number {
  if (base64.endsWith('==')) return 2;
  return base64.endsWith('=') ? 1 : 0;
}

/** Whether a text is standard, padded base64 (as `Buffer.toString('base64')` writes it). */
export function isBase64(text: string): boolean {
  // A search for one bad character, not an anchored pattern: linear and quick even on 8 MB.
  return text.length % 4 === 0 && !OUTSIDE_BASE64_ALPHABET.test(text.slice(0, text.length - paddingOf(text)));
}

/** The number of bytes a standard base64 text decodes to, without decoding it. */
export function decodedByteLength(base64: string): number {
  return Math.floor((base64.length * 3) / 4) - paddingOf(base64);
}

/** Where the MP3 of a saved message's spoken reply is served (GET, to the thread's owner only). */
export function messageAudioPath(threadId: number, messageId: number): string {
  return `/api/conversation-threads/${threadId}/messages/${messageId}/audio`;
}

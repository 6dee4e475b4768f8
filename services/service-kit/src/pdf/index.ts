/**
 * What every PDF of ours shares (the résumé, a conversation, a mock interview's report): fonts, paper,
 * text, the caps on what a PDF holds, the bytes, and the thread side of rendering. Light enough for a
 * rendering thread to import; the service side (`PdfRenderer`) is `@story/service-kit/pdf/pdf-renderer`.
 */
export * from './pdf-fonts.ts';
export * from './pdf-document.ts';
export * from './pdf-limits.ts';
export * from './pdf-transcript.ts';
export * from './serve-pdf-drawing.ts';

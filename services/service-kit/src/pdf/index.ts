/** What every PDF of ours shares (the résumé, a conversation, a mock interview's report): fonts, paper, text, the bytes. */
export * from './pdf-fonts.ts';
export * from './pdf-document.ts';
export * from './pdf-transcript.ts';

/** Résumés (issue 22): what the upload, the review, the suggestions and the PDF say when something is wrong or done. */
export const RESUME_MESSAGES = {
  // ---- the upload ----
  noFile: 'Please choose a résumé file to upload.',
  oneFile: 'Please upload one résumé file at a time.',
  emptyFile: 'This file is empty. Please choose your résumé file.',
  tooLarge: 'Résumés must be 5 MB or smaller.',
  wrongType: 'Please upload a PDF, DOCX, TXT or Markdown file.',
  /** The extension says one kind and the content another (a file renamed to .pdf). */
  contentMismatch: "This file's content doesn't match its name. Please upload the résumé as it was saved (PDF, DOCX, TXT or Markdown).",
  noPdfText: "We couldn't read any text in this PDF. Try a DOCX or a PDF exported from your editor.",
  encryptedPdf: "We couldn't read any text in this PDF. Try a DOCX or a PDF exported from your editor.",
  tooManyPages: 'This PDF has too many pages for a résumé (at most 10). Please upload your résumé alone.',
  unreadableDocx: "We couldn't read this DOCX file. Please save it again from your editor, or upload a PDF.",
  docxTooLarge: 'This DOCX file expands to far more than a résumé. Please save it again from your editor, or upload a PDF.',
  notUtf8: "We couldn't read this text file. Please save it as UTF-8 text.",
  tooLittleText: "We couldn't find a résumé in this file. Please check that it is your résumé.",
  // ---- files that would cost far more to read than a résumé (issue 36) ----
  /** A PDF page larger than any paper (past 200 inches a side). */
  pageTooLarge: "This PDF's pages are larger than any paper. Please export your résumé again on A4 or Letter pages.",
  /** Past the limits on what a file may expand to or hold, or not read within the time allowed. */
  tooComplex: 'This file is too complex for us to read in time. Please save it again from your editor, or upload a DOCX or a simpler PDF.',
  /** Far more text than a résumé holds. */
  tooMuchText: 'This file holds far more text than a résumé. Please upload your résumé alone.',
  /** 429: the same person's previous file is still being read. */
  alreadyReading: "We're still reading your last résumé. Please wait for it to finish, then try again.",
  /** 503: every reader is busy and the queue is full. */
  readersBusy: "We're reading a lot of résumés right now. Please try again in a minute.",
  uploaded: 'Résumé uploaded. Please review it before saving.',
  // ---- review, versions, suggestions, PDF ----
  notFound: 'Résumé not found',
  noResume: 'You have not uploaded a résumé yet.',
  saved: 'Résumé saved',
  partIdInvalid: 'Part ids are lowercase letters, digits and dashes',
  bulletEmpty: 'A bullet cannot be empty',
  duplicatePartId: 'Each role, bullet and education entry needs its own id',
  versionConflict: 'This résumé was changed elsewhere. Reload it to see the latest version.',
  suggestionNotFound: 'Suggestion not found',
  suggestionAccepted: 'Suggestion accepted: your résumé has a new version.',
  suggestionDismissed: 'Suggestion dismissed',
  suggestionsFailed: 'Failed to load suggestions. Please try again.',
  pdfFailed: 'Failed to make the PDF. Please try again.',
  parseFailed: 'Failed to read the résumé. Please try again.',
} as const;

// ---- per-person quotas (issue 36): what was refused and what to do; nothing is pruned to make room ----

/** An upload past the configured number of résumés a person keeps. */
export const resumeLimitReached = (limit: number) => `You can keep at most ${limit} résumés, so this one was not saved.`;

/** A save or an accepted suggestion past the configured number of versions of one résumé. */
export const resumeVersionLimitReached = (limit: number) =>
  `This résumé has reached the limit of ${limit} versions, so this change was not saved. Upload it again to go on editing it as a new résumé.`;

/** A write that would take a person's résumés past the configured storage. */
export const resumeStorageLimitReached = (megabytes: number) => `Your résumés have reached the storage limit of ${megabytes} MB, so this was not saved.`;

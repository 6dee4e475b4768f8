/** Interview practice: job descriptions and snippets (spec section 8, "Interview practice"). */
export const JOB_MESSAGES = {
  processFailed: 'Failed to process job description. Please try again.',
  saveFormattedFailed: 'Failed to save formatted job description. Please try again.',
  saveSnippetFailed: 'Failed to save snippet. Please try again.',
  loadSavedFailed: 'Failed to load saved job descriptions',
  deleteFailed: 'Failed to delete job description',
  archiveFailed: 'Failed to archive job description',
  loadArchivedFailed: 'Failed to load archived job descriptions',
  unarchiveFailed: 'Failed to unarchive job description',
  loadSnippetFailed: 'Failed to load snippet data',
  formattingSaved: 'Job description formatting has been saved',
  deleted: 'Job description deleted successfully',
  archived: 'Job description archived successfully',
  unarchived: 'Job description unarchived successfully',
  // ---- the jobs service ----
  jobDescriptionNotFound: 'Job description not found',
  snippetNotFound: 'Snippet not found',
} as const;

/** A new job description past the configured number per user. */
export const jobDescriptionLimitReached = (limit: number) => `You have reached the limit of ${limit} saved job descriptions. Delete old ones to save new ones.`;

/** A new snippet past the configured number per job description. */
export const snippetLimitReached = (limit: number) =>
  `This job description has reached the limit of ${limit} snippets. Practise with one of its saved snippets or delete the job description.`;

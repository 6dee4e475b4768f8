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
} as const;

/** Interview practice, as other features link to it. */
export { useJobDescriptions, useJobDescriptionSnippets } from './api/job-descriptions.api.ts';

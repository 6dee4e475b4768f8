/** Interview practice, as other features link to it. */
export { snippetExchangePath } from './lib/interview-links.ts';
export { useJobDescriptions, useJobDescriptionSnippets } from './api/job-descriptions.api.ts';

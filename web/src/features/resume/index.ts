/** Résumés (issue 22), as other features read them. */
export { fetchCurrentResume } from './api/resumes.api.ts';

import { recordingPath } from '../../../lib/paths.ts';

/** `/welcome?requirement=…` ("No story yet: tell one"): the typed story conversation whose coach asks for a story that shows it. */
export function requirementStoryPath(search: URLSearchParams): string | null {
  const requirement = search.get('requirement')?.trim();
  if (!requirement) return null;
  return recordingPath({ mode: 'new', type: 'text', requirement });
}

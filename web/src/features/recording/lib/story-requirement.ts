/** The link of a mock interview's "No story yet: tell one": the welcome page starts the story conversation. */
export const requirementStoryLink = (requirement: string): string => `/welcome?${new URLSearchParams({ requirement: requirement.trim() }).toString()}`;

/** `/welcome?requirement=…` ("No story yet: tell one"): the typed story conversation whose coach asks for a story that shows it. */
export function requirementStoryPath(search: URLSearchParams): string | null {
  const requirement = search.get('requirement')?.trim();
  if (!requirement) return null;
  return `/recording?${new URLSearchParams({ mode: 'new', type: 'text', requirement }).toString()}`;
}

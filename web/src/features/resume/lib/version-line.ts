/** One kept version, as `GET /api/resumes/{id}/versions` lists it. */
export interface VersionFacts {
  version: number;
  updatedAt: string;
  reviewed: boolean;
  note: string;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const DAY_AND_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Version 3 · saved 28 Nov · Suggestion accepted" (the year when it is not this year's). */
export function versionLine(facts: VersionFacts, now: Date = new Date()): string {
  const at = new Date(facts.updatedAt);
  const day = Number.isNaN(at.getTime()) ? '' : (at.getFullYear() === now.getFullYear() ? DAY : DAY_AND_YEAR).format(at);
  const saved = facts.reviewed ? `saved ${day}` : `uploaded ${day}`;
  return [`Version ${facts.version}`, saved, facts.note].filter(Boolean).join(' · ');
}

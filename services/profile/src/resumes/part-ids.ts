import type { ResumeContent } from '@story/proto';

/** Every part id of a résumé (roles, bullets, education entries), in order. */
export function partIdsOf(content: ResumeContent): string[] {
  return [...content.roles.flatMap((role) => [role.id, ...role.bullets.map((bullet) => bullet.id)]), ...content.education.map((entry) => entry.id)];
}

/** The first id two parts share, if any: ids must be unique for suggestions and threads to stay linked. */
export function duplicatePartId(content: ResumeContent): string | undefined {
  const seen = new Set<string>();
  for (const id of partIdsOf(content)) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

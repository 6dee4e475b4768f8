import type { Resume, ResumeBulletRef } from '@story/proto';

/** The text of the bullet `ref` names in `resume`, or null when the résumé is another or has no such bullet (any more). */
export function bulletTextOf(resume: Pick<Resume, 'id' | 'content'>, ref: ResumeBulletRef): string | null {
  if (resume.id !== ref.resumeId) return null;
  for (const role of resume.content.roles) {
    const bullet = role.bullets.find((candidate) => candidate.id === ref.bulletId);
    if (bullet) return bullet.text;
  }
  return null;
}

import type { Resume, ResumeBulletRef } from '@story/proto';
import { recordingPath } from '../../../lib/paths.ts';

/** The text of the bullet `ref` names in `resume`, or null when the résumé is another or has no such bullet (any more). */
export function bulletTextOf(resume: Pick<Resume, 'id' | 'content'>, ref: ResumeBulletRef): string | null {
  if (resume.id !== ref.resumeId) return null;
  for (const role of resume.content.roles) {
    const bullet = role.bullets.find((candidate) => candidate.id === ref.bulletId);
    if (bullet) return bullet.text;
  }
  return null;
}

/** `/welcome?resume=…&bullet=…` (the résumé's "Tell the story behind this line"): the typed conversation about that line. */
export function bulletStoryPath(search: URLSearchParams): string | null {
  const resume = search.get('resume');
  const bullet = search.get('bullet');
  if (!resume || !bullet) return null;
  const next = new URLSearchParams({ mode: 'new', type: 'text', resume, bullet });
  return recordingPath(next);
}

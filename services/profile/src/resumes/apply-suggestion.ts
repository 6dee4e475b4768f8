import type { ResumeContent, ResumeSuggestion } from '@story/proto';

/**
 * The content with the suggestion's rewrite in place of its bullet (same id), or undefined when the
 * bullet is gone or no longer says what the suggestion was about.
 */
export function applySuggestion(content: ResumeContent, suggestion: Pick<ResumeSuggestion, 'bulletId' | 'original' | 'rewrite'>): ResumeContent | undefined {
  let applied = false;
  const roles = content.roles.map((role) => ({
    ...role,
    bullets: role.bullets.map((bullet) => {
      if (bullet.id !== suggestion.bulletId || bullet.text !== suggestion.original) return bullet;
      applied = true;
      return { ...bullet, text: suggestion.rewrite };
    }),
  }));
  return applied ? { ...content, roles } : undefined;
}

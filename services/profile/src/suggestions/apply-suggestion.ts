import type { ResumeContent, ResumeSuggestion } from '@story/proto/api/resumes';

/** Why a suggestion can no longer be applied: its bullet is gone, or was edited since. */
export class StaleSuggestionError extends Error {
  constructor(
    readonly suggestionId: string,
    readonly reason: 'bullet-gone' | 'bullet-changed',
  ) {
    super(reason === 'bullet-gone' ? `The bullet of suggestion ${suggestionId} is gone` : `The bullet of suggestion ${suggestionId} changed since`);
    this.name = 'StaleSuggestionError';
  }
}

/** The content with the suggestion's bullet replaced by its rewrite (same bullet id); throws StaleSuggestionError when the bullet is gone or changed. */
export function applySuggestion(
  content: ResumeContent,
  suggestion: Pick<ResumeSuggestion, 'id' | 'roleId' | 'bulletId' | 'original' | 'rewrite'>,
): ResumeContent {
  const role = content.roles.find((entry) => entry.id === suggestion.roleId);
  const bullet = role?.bullets.find((entry) => entry.id === suggestion.bulletId);
  if (!role || !bullet) throw new StaleSuggestionError(suggestion.id, 'bullet-gone');
  if (bullet.text.trim() !== suggestion.original.trim()) throw new StaleSuggestionError(suggestion.id, 'bullet-changed');
  return {
    ...content,
    roles: content.roles.map((entry) =>
      entry !== role ? entry : { ...entry, bullets: entry.bullets.map((each) => (each !== bullet ? each : { ...each, text: suggestion.rewrite })) },
    ),
  };
}

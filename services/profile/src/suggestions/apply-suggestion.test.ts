import { describe, expect, it } from 'vitest';
import { applySuggestion, StaleSuggestionError } from './apply-suggestion.ts';
import { SMALL_RESUME } from '@story/testing/fixtures/resume-suggestions';

const suggestion = {
  id: 's-b-oncall-1',
  roleId: 'role-shopco',
  bulletId: 'b-oncall',
  original: 'Responsible for the on-call rota',
  rewrite: 'Ran the on-call rota',
};

describe('applySuggestion', () => {
  it('replaces the bullet text with the rewrite, keeping its id and leaving the rest untouched', () => {
    const applied = applySuggestion(SMALL_RESUME, suggestion);
    expect(applied.roles[0]?.bullets[2]).toEqual({ id: 'b-oncall', text: 'Ran the on-call rota' });
    expect(applied.roles[0]?.bullets[0]).toBe(SMALL_RESUME.roles[0]?.bullets[0]);
    expect(SMALL_RESUME.roles[0]?.bullets[2]?.text).toBe('Responsible for the on-call rota');
  });

  it('throws when the bullet is gone or was edited since', () => {
    expect(() => applySuggestion(SMALL_RESUME, { ...suggestion, bulletId: 'b-gone' })).toThrow(StaleSuggestionError);
    const edited = applySuggestion(SMALL_RESUME, suggestion);
    expect(() => applySuggestion(edited, suggestion)).toThrow(/changed since/);
  });
});

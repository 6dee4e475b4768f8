import { PUBLIC_PROFILE_MESSAGES, type OwnPublicProfile, type ProfileSourcesResponse } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { customNameProblem, initialDraft, previewContent, publishRequest } from './profile-draft.ts';

const role = (id: string, company: string) => ({ id, title: 'Engineer', company, location: '', dates: '2020', bullets: [] });
const SOURCES: ProfileSourcesResponse = {
  name: 'Ada Park',
  roles: [role('role-1', 'Contoso'), role('role-2', 'Fabrikam')],
  stories: [
    { threadId: 7, title: 'The migration', summary: 'Moved checkout.' },
    { threadId: 8, title: 'The contract', summary: 'Saved money.' },
  ],
};

describe('the public profile editor', () => {
  it('starts from the résumé: its name, every role chosen, no story chosen, a random address hidden from search engines', () => {
    const draft = initialDraft(SOURCES, null);
    expect(draft).toMatchObject({ displayName: 'Ada Park', roleIds: ['role-1', 'role-2'], theme: 'classic', allowSearchEngines: false, address: 'random' });
    expect(draft.stories.map((story) => [story.threadId, story.included])).toEqual([
      [7, false],
      [8, false],
    ]);
    expect(publishRequest(draft)).toMatchObject({ stories: [], customName: null, roleIds: ['role-1', 'role-2'] });
  });

  it('starts from what is published: its stories chosen first, the others offered, roles no longer on the résumé dropped', () => {
    const own: OwnPublicProfile = {
      displayName: 'Ada',
      headline: 'Engineer',
      about: '',
      roles: [role('role-2', 'Fabrikam'), role('role-9', 'Gone')],
      stories: [{ title: 'My migration', summary: 'Edited.', threadId: 7 }],
      theme: 'site',
      allowSearchEngines: true,
      slug: 'ada-park',
      url: '/p/ada-park',
      customName: 'ada-park',
      publishedAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const draft = initialDraft(SOURCES, own);
    expect(draft.roleIds).toEqual(['role-2']);
    expect(draft.stories.map((story) => [story.title, story.included])).toEqual([
      ['My migration', true],
      ['The contract', false],
    ]);
    expect(draft).toMatchObject({ address: 'custom', customName: 'ada-park', theme: 'site' });
    // The preview shows only what would be published.
    const preview = previewContent(draft, SOURCES.roles);
    expect(preview.roles.map((entry) => entry.company)).toEqual(['Fabrikam']);
    expect(preview.stories).toEqual([{ title: 'My migration', summary: 'Edited.' }]);
    expect(publishRequest(draft).stories).toEqual([{ title: 'My migration', summary: 'Edited.', threadId: 7 }]);
  });

  it('says what is wrong with a custom name with the server’s own rule', () => {
    const draft = { ...initialDraft(SOURCES, null), address: 'custom' as const };
    expect(customNameProblem({ ...draft, customName: 'admin' })).toBe(PUBLIC_PROFILE_MESSAGES.nameReserved);
    expect(customNameProblem({ ...draft, customName: 'ada park' })).toBe(PUBLIC_PROFILE_MESSAGES.nameCharacters);
    expect(customNameProblem({ ...draft, customName: 'Ada-Park' })).toBe('');
    expect(customNameProblem({ ...draft, address: 'random', customName: 'admin' })).toBe('');
  });
});

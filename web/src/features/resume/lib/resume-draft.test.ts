import { resumeContentSchema } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { contentOf, datesRange, draftOf, newPartId, skillsOf } from './resume-draft.ts';
import { moved, resumeDraftReducer } from './resume-draft-reducer.ts';
import { RESUME_CONTENT } from '@story/testing/fixtures/resumes';

const PART_ID = /^[a-z][a-z0-9-]{1,39}$/;

describe('the review form of a résumé', () => {
  it('gives back the same content when nothing was edited', () => {
    expect(contentOf(draftOf(RESUME_CONTENT))).toEqual(RESUME_CONTENT);
  });

  it('splits contact lines, skills and details as typed, dropping blanks and trimming', () => {
    const draft = draftOf(RESUME_CONTENT);
    const content = contentOf({ ...draft, contact: ' a@b.co \n\n +1 555 ', skills: 'Go,  SQL,, \nRust, ', name: '  Grace  ' });
    expect(content.contact).toEqual(['a@b.co', '+1 555']);
    expect(content.skills).toEqual(['Go', 'SQL', 'Rust']);
    expect(content.name).toBe('Grace');
    expect(skillsOf('')).toEqual([]);
  });

  it('drops extra sections left empty', () => {
    const draft = resumeDraftReducer(draftOf(RESUME_CONTENT), { type: 'addExtra' });
    expect(draft.extraSections).toHaveLength(2);
    expect(contentOf(draft).extraSections).toEqual(RESUME_CONTENT.extraSections);
  });
});

describe('new part ids', () => {
  it('are valid, unused anywhere in the résumé, and stay unique as bullets are added', () => {
    // "bullet-1" is taken by the Initech role's bullet.
    expect(newPartId(draftOf(RESUME_CONTENT), 'bullet')).toBe('bullet-2');
    let draft = draftOf(RESUME_CONTENT);
    for (let i = 0; i < 3; i += 1) draft = resumeDraftReducer(draft, { type: 'addBullet', roleId: 'role-acme' });
    draft = resumeDraftReducer(draft, { type: 'addRole' });
    draft = resumeDraftReducer(draft, { type: 'addEducation' });
    const ids = [...draft.roles.flatMap((role) => [role.id, ...role.bullets.map((bullet) => bullet.id)]), ...draft.education.map((entry) => entry.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(PART_ID);
    expect(draft.roles[0]?.bullets.map((bullet) => bullet.id)).toEqual(['b-checkout', 'b-hiring', 'bullet-2', 'bullet-3', 'bullet-4']);
  });
});

describe('editing bullets', () => {
  const start = draftOf(RESUME_CONTENT);
  const acmeBullets = (draft: typeof start) => draft.roles[0]?.bullets ?? [];

  it('edits one bullet’s text and keeps its id', () => {
    const draft = resumeDraftReducer(start, { type: 'bullet', roleId: 'role-acme', bulletId: 'b-checkout', text: 'Rebuilt the checkout page' });
    expect(acmeBullets(draft)[0]).toEqual({ id: 'b-checkout', text: 'Rebuilt the checkout page' });
    expect(acmeBullets(start)[0]?.text).toBe('Worked on the checkout page');
  });

  it('moves a bullet up and down, and not past either end', () => {
    const down = resumeDraftReducer(start, { type: 'moveBullet', roleId: 'role-acme', bulletId: 'b-checkout', by: 1 });
    expect(acmeBullets(down).map((bullet) => bullet.id)).toEqual(['b-hiring', 'b-checkout']);
    const pastEnd = resumeDraftReducer(down, { type: 'moveBullet', roleId: 'role-acme', bulletId: 'b-checkout', by: 1 });
    expect(acmeBullets(pastEnd).map((bullet) => bullet.id)).toEqual(['b-hiring', 'b-checkout']);
    const up = resumeDraftReducer(down, { type: 'moveBullet', roleId: 'role-acme', bulletId: 'b-checkout', by: -1 });
    expect(acmeBullets(up).map((bullet) => bullet.id)).toEqual(['b-checkout', 'b-hiring']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('removes a bullet, and an empty new one is refused by the contract', () => {
    const removed = resumeDraftReducer(start, { type: 'removeBullet', roleId: 'role-acme', bulletId: 'b-hiring' });
    expect(acmeBullets(removed).map((bullet) => bullet.id)).toEqual(['b-checkout']);
    const added = resumeDraftReducer(start, { type: 'addBullet', roleId: 'role-acme' });
    const parsed = resumeContentSchema.safeParse(contentOf(added));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('A bullet cannot be empty');
  });
});

describe('role dates', () => {
  it('reads start and end from the dates as written', () => {
    expect(datesRange('Mar 2021 – Present')).toEqual({ start: '2021-03', end: null });
    expect(datesRange('2018 - 2021')).toEqual({ start: '2018', end: '2021' });
    expect(datesRange('January 2019 to December 2020')).toEqual({ start: '2019-01', end: '2020-12' });
    expect(datesRange('2020')).toEqual({ start: '2020', end: '2020' });
    expect(datesRange('last summer')).toEqual({ start: null, end: null });
  });

  it('a role given new dates gets their start and end; other edits keep them', () => {
    const start = draftOf(RESUME_CONTENT);
    const retitled = resumeDraftReducer(start, { type: 'role', roleId: 'role-initech', fields: { title: 'Staff Engineer' } });
    expect(retitled.roles[1]).toMatchObject({ title: 'Staff Engineer', start: '2018', end: '2021' });
    const redated = resumeDraftReducer(start, { type: 'role', roleId: 'role-initech', fields: { dates: 'Jun 2017 - Feb 2021' } });
    expect(redated.roles[1]).toMatchObject({ dates: 'Jun 2017 - Feb 2021', start: '2017-06', end: '2021-02' });
  });
});

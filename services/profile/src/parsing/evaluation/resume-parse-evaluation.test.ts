import { describe, expect, it } from 'vitest';
import { describeFigures, evaluateResumes, figuresOf, readResumeCases, scoreResume, type ResumeScore } from './resume-evaluation.ts';

/**
 * The offline parser on the evaluation set (issue 22): 10 résumés used while tuning and 4 held out
 * (written after tuning and evaluated once). The figures are printed; the floors must not slide.
 */
describe('offline résumé parser on the evaluation set', () => {
  let scores: ResumeScore[] = [];

  it('has at least 14 résumés in PDF, DOCX, TXT and Markdown, four of them held out', () => {
    const cases = readResumeCases();
    expect(cases.length).toBeGreaterThanOrEqual(14);
    expect(new Set(cases.map((resumeCase) => resumeCase.fileName.split('.').pop()))).toEqual(new Set(['pdf', 'docx', 'txt', 'md']));
    expect(cases.filter((resumeCase) => resumeCase.expected.heldOut)).toHaveLength(4);
  });

  it('finds the roles and bullets, and keeps contact lines and skills out of the bullets', async () => {
    scores = await evaluateResumes();
    const tuning = figuresOf(scores.filter((score) => !score.heldOut));
    const heldOut = figuresOf(scores.filter((score) => score.heldOut));
    const all = figuresOf(scores);
    console.log(describeFigures('tuning set', tuning));
    console.log(describeFigures('held-out set', heldOut));
    console.log(describeFigures('all', all));
    for (const score of scores.filter((s) => s.roles.wrong.length || s.bullets.missed.length || s.bullets.extra.length))
      console.log(`${score.id}: roles wrong ${JSON.stringify(score.roles.wrong)}; bullets missed ${JSON.stringify(score.bullets.missed)}; extra ${JSON.stringify(score.bullets.extra)}`);
    expect(all.names).toBeGreaterThanOrEqual(0.9);
    expect(all.roleAccuracy).toBeGreaterThanOrEqual(0.85);
    expect(all.bulletRecall).toBeGreaterThanOrEqual(0.9);
    expect(all.bulletPrecision).toBeGreaterThanOrEqual(0.9);
    expect(all.contactInBullets).toBe(0);
    expect(all.skillsInBullets).toBe(0);
    expect(all.schoolRecall).toBeGreaterThanOrEqual(0.85);
    expect(tuning.roleAccuracy).toBeGreaterThanOrEqual(0.95);
    expect(tuning.bulletRecall).toBeGreaterThanOrEqual(0.95);
  });
});

describe('the résumé scorer', () => {
  const [sample] = readResumeCases().filter((resumeCase) => resumeCase.id === 'software-engineer-classic');

  it('scores a perfect parse as perfect and a parse that put contact lines in bullets as such', () => {
    if (!sample) throw new Error('the evaluation set lost software-engineer-classic');
    const { expected } = sample;
    const roles = expected.roles.map((role, index) => ({
      id: `role-${index + 1}`,
      title: role.title,
      company: role.company,
      location: '',
      dates: '',
      start: role.start,
      end: role.end,
      bullets: role.bullets.map((text, bullet) => ({ id: `role-${index + 1}-b-${bullet + 1}`, text })),
    }));
    const content = { name: expected.name, contact: [], summary: '', roles, education: [], skills: [], extraSections: [] };
    const perfect = figuresOf([scoreResume(sample, content)]);
    expect(perfect).toMatchObject({ names: 1, roleAccuracy: 1, bulletPrecision: 1, bulletRecall: 1, contactInBullets: 0 });
    const spoiled = structuredClone(content);
    spoiled.roles[0]?.bullets.push({ id: 'role-1-b-9', text: expected.contact[0] ?? '' });
    if (spoiled.roles[1]) spoiled.roles[1].company = 'Someone Else';
    const figures = figuresOf([scoreResume(sample, spoiled)]);
    expect(figures.contactInBullets).toBe(1);
    expect(figures.bulletPrecision).toBeLessThan(1);
    expect(figures.roleAccuracy).toBeCloseTo(2 / 3, 2);
  });
});

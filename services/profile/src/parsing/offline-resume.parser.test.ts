import { describe, expect, it } from 'vitest';
import { resumeContentSchema, resumePartIdSchema } from '@story/proto';
import { parseResumeText } from './offline-resume.parser.ts';

const bulletsOf = (text: string) => parseResumeText(text).roles.map((role) => role.bullets.map((bullet) => bullet.text));

describe('parseResumeText', () => {
  it('knows headings in any common wording, case and decoration', () => {
    for (const heading of ['Experience', 'WORK EXPERIENCE', 'Professional Experience:', '## Employment History', 'Career History\n--------------']) {
      const content = parseResumeText(
        `Ana Silva\nana@example.com\n\n${heading}\nBarista, Blue Cup Café — 2019 – 2021\n• Served 300 customers a day\n\nSKILLS\nLatte art; Inventory`,
      );
      expect(
        content.roles.map((role) => role.title),
        heading,
      ).toEqual(['Barista']);
      expect(content.skills, heading).toEqual(['Latte art', 'Inventory']);
    }
  });

  it('keeps contact lines out of bullets, even inside the experience section', () => {
    const content = parseResumeText(
      'Ana Silva\nana@example.com • +351 912 345 678 • Lisbon, Portugal\nExperience\nBarista, Blue Cup Café | 2019 – 2021\n- Served 300 customers a day\n- linkedin.com/in/anasilva\n',
    );
    expect(content.contact).toEqual(['ana@example.com • +351 912 345 678 • Lisbon, Portugal', 'linkedin.com/in/anasilva']);
    expect(content.roles[0]?.bullets.map((bullet) => bullet.text)).toEqual(['Served 300 customers a day']);
  });

  it('joins a wrapped bullet back and tells numbered and symbol bullets', () => {
    expect(
      bulletsOf(
        'Ana Silva\nExperience\nBarista, Blue Cup Café | 2019 – 2021\n1. Trained six new baristas on the espresso\n   machine and the till\n2) Cut waste by 20% with a\nnew stock sheet\n▪ Opened the shop at 6 am',
      ),
    ).toEqual([['Trained six new baristas on the espresso machine and the till', 'Cut waste by 20% with a new stock sheet', 'Opened the shop at 6 am']]);
  });

  it('gives unique ids that match the schema, and truncates rather than fails on the limits', () => {
    const roles = Array.from({ length: 45 }, (_, index) => `Cook ${index}, Kitchen ${index} — ${2000 + (index % 20)}\n• ${'Prepared food. '.repeat(100)}`).join(
      '\n',
    );
    const content = parseResumeText(`Ana Silva\nExperience\n${roles}`);
    expect(() => resumeContentSchema.parse(content)).not.toThrow();
    expect(content.roles).toHaveLength(40);
    const ids = [...content.roles.map((role) => role.id), ...content.roles.flatMap((role) => role.bullets.map((bullet) => bullet.id))];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(resumePartIdSchema.safeParse(id).success, id).toBe(true);
    expect(content.roles[0]?.bullets[0]?.text.length).toBeLessThanOrEqual(1000);
  });

  it('keeps sections it does not model as extra sections, and the name as the first prominent line', () => {
    expect(parseResumeText('CURRICULUM VITAE\n\nAna Silva\nLisbon, Portugal').name).toBe('Ana Silva');
    const content = parseResumeText('# Ana Silva\n\n## Volunteer\n- Food bank driver, 2020\n\n## Languages\nPortuguese, English');
    expect(content.name).toBe('Ana Silva');
    expect(content.extraSections).toEqual([
      { heading: 'Volunteer', lines: ['Food bank driver, 2020'] },
      { heading: 'Languages', lines: ['Portuguese, English'] },
    ]);
  });
});

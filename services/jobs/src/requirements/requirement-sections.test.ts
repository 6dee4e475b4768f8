import { describe, expect, it } from 'vitest';
import { headingKey, sectionKindOf } from './requirement-sections.ts';

describe('sectionKindOf', () => {
  it.each([
    ['Requirements', 'requirement'],
    ['**MINIMUM QUALIFICATIONS:**', 'requirement'],
    ['What you’ll bring', 'requirement'],
    ["What we're looking for", 'requirement'],
    ['Must-haves', 'requirement'],
    ['Nice to have', 'requirement'],
    ['Skills & experience', 'requirement'],
    ['About you', 'requirement'],
    ['You might be a fit if you have', 'requirement'],
    ['Das bringst du mit', 'requirement'],
    ['Profil recherché', 'requirement'],
    ['【応募資格】', 'requirement'],
    ['Responsibilities', 'duty'],
    ['What you will do', 'duty'],
    ['In this role, you will', 'duty'],
    ['Deine Aufgaben', 'duty'],
    ['Vos missions', 'duty'],
    ['【仕事内容】', 'duty'],
    ['About Helix', 'excluded'],
    ['Benefits', 'excluded'],
    ['What we offer', 'excluded'],
    ['Compensation and benefits', 'excluded'],
    ['How to apply', 'excluded'],
    ['Equal Opportunity', 'excluded'],
    ['Our tech stack', 'excluded'],
    ['Wir bieten', 'excluded'],
    ['【給与】', 'excluded'],
    ['About the role', 'unknown'],
    ['The role', 'unknown'],
    ['Senior Backend Engineer', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (heading, kind) => {
    expect(sectionKindOf(heading)).toBe(kind);
  });

  it('reads a heading without its marks, numbering, closing colon or curly apostrophe', () => {
    expect(headingKey('## 2. **What You’ll Do:** ')).toBe("what you'll do");
  });
});

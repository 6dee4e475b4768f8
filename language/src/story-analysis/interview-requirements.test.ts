import { describe, expect, it } from 'vitest';
import { extractRequirements } from './interview-requirements.ts';

describe('requirements read from a pasted job-description section', () => {
  it('reads bullets, skips headings and boilerplate, and builds a behavioural question for each', () => {
    const requirements = extractRequirements(
      [
        'About the role',
        'Requirements:',
        '• 3+ years of professional experience building web applications',
        '• Proficient in Python and SQL',
        '• Excellent written and verbal communication skills',
        '• Ability to work independently in a fast-paced environment',
        '• Mentor junior engineers and review their code',
        'We offer competitive salary and health insurance.',
        'We are an equal opportunity employer.',
      ].join('\n'),
    );
    expect(requirements.map((r) => r.question)).toEqual([
      'Tell me about a project where you drew on your experience with web applications.',
      'Tell me about a project where you drew on your experience with Python and SQL.',
      'Tell me about a time you relied on your written and verbal communication skills.',
      'Tell me about a time you had to work independently in a fast-paced environment.',
      'Tell me about a time you had to mentor junior engineers and review their code.',
    ]);
  });

  it('reads prose sentences and drops "is a plus" style endings', () => {
    const requirements = extractRequirements(
      'We are looking for a product manager who can translate customer needs into clear requirements. You will partner with engineering and design to ship features quickly. Experience with B2B SaaS is a plus.',
    );
    expect(requirements.map((r) => r.label)).toEqual([
      'Translate customer needs into clear requirements',
      'Partner with engineering and design to ship features quickly',
      'Experience with B2B SaaS',
    ]);
    expect(requirements[0]?.question).toBe('Tell me about a time you had to translate customer needs into clear requirements.');
  });

  it('handles responsibilities, skills and personal qualities separated by semicolons', () => {
    const requirements = extractRequirements(
      'Responsible for managing a portfolio of 20 enterprise clients; Strong negotiation skills; Detail-oriented and organised',
    );
    expect(requirements.map((r) => r.question)).toEqual([
      'Tell me about a time you were responsible for managing a portfolio of 20 enterprise clients.',
      'Tell me about a time you relied on your negotiation skills.',
      'Tell me about a time you showed you are detail-oriented and organised.',
    ]);
  });

  it('keeps acronyms, drops duplicates and gives a distinct "again" question', () => {
    const requirements = extractRequirements('- Design APIs for partners\n- Design APIs for partners\n- AWS experience');
    expect(requirements).toHaveLength(2);
    expect(requirements[0]?.question).toBe('Tell me about a time you had to design APIs for partners.');
    expect(requirements[0]?.again).toBe('Tell me about another time you had to design APIs for partners.');
    expect(requirements[1]?.question).toContain('AWS experience');
  });

  it('finds nothing in text without requirements', () => {
    expect(extractRequirements('')).toEqual([]);
    expect(extractRequirements('Benefits:\n- Health insurance\n- 25 days PTO')).toEqual([]);
  });

  it('leaves out a section heading standing on its own line, bulleted or not (issue 38, 4)', () => {
    const labels = (text: string) => extractRequirements(text).map((requirement) => requirement.label);
    expect(labels('What You Bring\nRun Kubernetes across regions\nOn-call incident response')).toEqual([
      'Run Kubernetes across regions',
      'On-call incident response',
    ]);
    expect(labels('- What you bring\n- Run Kubernetes across regions')).toEqual(['Run Kubernetes across regions']);
    expect(labels('Requirements\nStrong communication skills with customers')).toEqual(['Strong communication skills with customers']);
  });
});

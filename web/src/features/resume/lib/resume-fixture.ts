import type { Resume, ResumeContent, ResumeSuggestion } from '@story/proto';

/** A parsed résumé as the profile service answers it, for the feature's tests. */
export const RESUME_CONTENT: ResumeContent = {
  name: 'Grace Hopper',
  contact: ['grace@example.com', 'Arlington, VA'],
  summary: 'Engineer who ships.',
  roles: [
    {
      id: 'role-acme',
      title: 'Senior Engineer',
      company: 'Acme',
      location: 'Remote',
      dates: 'Mar 2021 – Present',
      start: '2021-03',
      end: null,
      bullets: [
        { id: 'b-checkout', text: 'Worked on the checkout page' },
        { id: 'b-hiring', text: 'Led hiring of four engineers' },
      ],
    },
    {
      id: 'role-initech',
      title: 'Engineer',
      company: 'Initech',
      location: '',
      dates: '2018 - 2021',
      start: '2018',
      end: '2021',
      bullets: [{ id: 'bullet-1', text: 'Fixed bugs' }],
    },
  ],
  education: [{ id: 'edu-yale', school: 'Yale', degree: 'PhD Mathematics', dates: '1934', details: ['Thesis on algebra'] }],
  skills: ['COBOL', 'TypeScript'],
  extraSections: [{ heading: 'Awards', lines: ['Medal of Technology'] }],
};

export const resumeFixture = (overrides: Partial<Resume> = {}): Resume => ({
  id: 7,
  version: 2,
  reviewed: true,
  fileName: 'grace.txt',
  format: 'txt',
  content: RESUME_CONTENT,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  bulletThreads: {},
  ...overrides,
});

export const suggestionFixture = (overrides: Partial<ResumeSuggestion> = {}): ResumeSuggestion => ({
  id: 's-b-checkout-1a2b',
  roleId: 'role-acme',
  bulletId: 'b-checkout',
  original: 'Worked on the checkout page',
  weaknesses: [
    { kind: 'vague-verb', message: '"Worked on" does not say what you did.' },
    { kind: 'no-number', message: 'No number shows the result.' },
  ],
  rewrite: 'Cut the checkout page’s load time from 3 seconds to 800 milliseconds',
  evidence: { threadId: 12, storyId: 40, quote: 'we cut the load time from 3 seconds to 800 milliseconds' },
  toAdd: null,
  ...overrides,
});

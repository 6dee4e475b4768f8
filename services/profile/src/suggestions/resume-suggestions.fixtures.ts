import type { ResumeContent } from '@story/proto/api/resumes';
import type { MatchedStory } from '@story/proto/resume-subjects';

/** A small résumé: two roles, weak and strong bullets, contact lines that must never reach a search or a model. */
export const SMALL_RESUME: ResumeContent = {
  name: 'Dana Whitfield',
  contact: ['dana@example.com', '+44 7700 900123', 'London'],
  summary: 'Backend engineer who likes fast, boring systems.',
  roles: [
    {
      id: 'role-shopco',
      title: 'Senior Software Engineer',
      company: 'ShopCo',
      location: 'London',
      dates: 'Mar 2021 – Present',
      start: '2021-03',
      end: null,
      bullets: [
        { id: 'b-checkout', text: 'Worked on the checkout service' },
        { id: 'b-strong', text: 'Cut checkout latency 40% by caching prices, saving $120k a year' },
        { id: 'b-oncall', text: 'Responsible for the on-call rota' },
      ],
    },
    {
      id: 'role-tally',
      title: 'Software Engineer',
      company: 'Tally',
      location: 'Leeds',
      dates: '2018 – 2021',
      start: '2018',
      end: '2021',
      bullets: [{ id: 'b-reports', text: 'Reports were generated for the finance team' }],
    },
  ],
  education: [{ id: 'edu-leeds', school: 'University of Leeds', degree: 'BSc Computer Science', dates: '2015 – 2018', details: [] }],
  skills: ['TypeScript', 'PostgreSQL'],
  extraSections: [],
};

/** The story that holds the checkout bullet's missing facts, told as people talk. */
export const CHECKOUT_STORY: MatchedStory = {
  storyId: 11,
  threadId: 101,
  relevance: 0.82,
  content:
    'So basically we had this problem where checkout was really slow, people were dropping off at the payment step. I spent a couple of weeks profiling it and moved the price lookups into a cache. In the end we got checkout from 3 seconds down to 800 milliseconds.',
};

/** A story about the same company whose figures are about something else (the team's size). */
export const TEAM_SIZE_STORY: MatchedStory = {
  storyId: 12,
  threadId: 102,
  relevance: 0.55,
  content: 'When I joined ShopCo the team was tiny. Over two years we grew from 5 to 14 engineers and I interviewed most of them.',
};

/**
 * Résumé suggestions benchmark (issue 22): the offline engine's suggestions for a 20-bullet résumé
 * whose person has told 200 stories. `findStories` stands in for the search service in this
 * process: it ranks the 200 stories for each bullet by the same GloVe topic overlap and answers the
 * best 3 with their overlap as relevance. The reference, from the same run (rounds alternate), is
 * that stand-in search alone for the same weak bullets: the ratio says what reading the bullets and
 * the stories for evidence adds to the search.
 * Budget: p50 under 500 ms.
 *
 *   node --import tsx bench/resume-suggestions.bench.ts
 */
import { pathToFileURL } from 'node:url';
import type { ResumeContent, ResumeRole } from '@story/proto/api/resumes';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { seededRandom } from '@story/service-kit';
import { suggestForResume, type StoryQuery } from '../services/profile/src/suggestions/resume-suggestions.ts';
import { topicOverlap, topicWordVectors, topicWords } from '../services/profile/src/suggestions/topic-overlap.ts';
import { timeAlternately, type Timing } from './latency-figures.ts';

const BUDGET_MS = 500;
const STORIES = 200;
const ROUNDS = 40;
const PER_QUERY = 3;

/** Subjects a career is made of: what a bullet names and what a story tells about it. */
const SUBJECTS = [
  ['the checkout service', 'checkout', 'page load', 'seconds', 'milliseconds'],
  ['the on-call rota', 'on-call', 'pages', 'a week', 'a week'],
  ['the onboarding programme', 'onboarding', 'ramp-up time', 'weeks', 'weeks'],
  ['the email newsletter', 'newsletter', 'open rate', '%', '%'],
  ['the warehouse picking routes', 'picking', 'pick time', 'seconds', 'seconds'],
  ['the month-end close', 'month-end close', 'close', 'days', 'days'],
  ['supplier contracts', 'supplier', 'costs', '$k', '$k'],
  ['the support queue', 'support tickets', 'first response time', 'hours', 'hours'],
  ['the night shift', 'night shift', 'medication errors', 'a month', 'a month'],
  ['the sales pipeline', 'pipeline', 'deals closed', 'a quarter', 'a quarter'],
  ['the data pipeline', 'nightly data pipeline', 'run time', 'hours', 'minutes'],
  ['the hiring process', 'hiring', 'time to hire', 'days', 'days'],
  ['the mobile app', 'mobile app', 'crash rate', '%', '%'],
  ['the referral programme', 'referral programme', 'new customers', 'a month', 'a month'],
  ['stock counts', 'stockroom', 'shrinkage', '%', '%'],
  ['the booking system', 'booking system', 'no-shows', 'a week', 'a week'],
  ['lesson plans', 'lesson plans', 'pass rate', '%', '%'],
  ['the partner programme', 'partner tiers', 'partner revenue', '%', '%'],
  ['the expense audit', 'expense claims', 'duplicate payments', '$k', '$k'],
  ['the release process', 'releases', 'deploy time', 'minutes', 'minutes'],
] as const;
const OPENERS = ['So basically', 'Honestly,', 'Okay so', 'The thing is,', 'Right, so'];
const ASIDES = [
  'My manager was not convinced at first.',
  'I had to get the whole team on board.',
  'It took a few weeks of trying things.',
  'We argued about it a lot in the retro.',
  'Nobody had looked at it in years.',
];
const DISTRACTIONS = [
  (n: number) => `Over that year the team grew from ${n} to ${n + 9} people.`,
  (n: number) => `I ran my first half marathon that spring, in ${n + 100} minutes.`,
  (n: number) => `We moved office twice, the second time to a floor of ${n * 10} desks.`,
  (n: number) => `I was doing ${n} twelve-hour shifts a week at one point.`,
];

type Subject = (typeof SUBJECTS)[number];

function storyAbout(subject: Subject, random: () => number, storyId: number): MatchedStory {
  const [, topic, measure, fromUnit, toUnit] = subject;
  const n = 2 + Math.floor(random() * 40);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] ?? list[0];
  const told = random() < 0.6;
  const sentences = [
    `${pick(OPENERS)} we had this problem with the ${topic}, it was a mess and everyone complained about the ${measure}.`,
    pick(ASIDES),
    told
      ? `In the end we got the ${measure} from ${n * 3} ${fromUnit} to ${n} ${toUnit}.`
      : `I spent a lot of time on the ${topic} and learned a lot about how it worked.`,
    pick(DISTRACTIONS)?.(n) ?? '',
  ];
  return { storyId, threadId: random() < 0.9 ? 1000 + storyId : null, content: sentences.join(' '), relevance: 0 };
}

/** 200 stories: ten about each subject, some with their result told, some with figures about other things. */
export function benchStories(seed = 22): MatchedStory[] {
  const random = seededRandom(seed);
  return Array.from({ length: STORIES }, (_unused, index) => storyAbout(SUBJECTS[index % SUBJECTS.length] ?? SUBJECTS[0], random, index + 1));
}

const VAGUE = ['Worked on', 'Responsible for', 'Helped with', 'Involved in', 'Handled'];

/** A résumé of four roles of five bullets, most of them weak, one per subject. */
export function benchResume(): ResumeContent {
  const roles: ResumeRole[] = Array.from({ length: 4 }, (_unused, r) => ({
    id: `role-${r}`,
    title: ['Operations Lead', 'Senior Engineer', 'Team Lead', 'Analyst'][r] ?? 'Engineer',
    company: ['Parcelwise', 'ShopCo', 'Ledgerly', 'Brightline'][r] ?? 'Company',
    location: '',
    dates: `${2020 - r * 3} – ${2023 - r * 3}`,
    start: null,
    end: null,
    bullets: Array.from({ length: 5 }, (_unused2, b) => {
      const subject = SUBJECTS[r * 5 + b] ?? SUBJECTS[0];
      const strong = b === 4;
      return { id: `b-${r}-${b}`, text: strong ? `Cut ${subject[2]} by 30% by reworking ${subject[0]}` : `${VAGUE[(r + b) % VAGUE.length]} ${subject[0]}` };
    }),
  }));
  return { name: 'Bench Person', contact: ['bench@example.com'], summary: '', roles, education: [], skills: [], extraSections: [] };
}

/** The search service's stand-in: each query's best stories by topic overlap, their overlap as relevance. */
export function inProcessSearch(stories: readonly MatchedStory[]): (queries: StoryQuery[]) => Promise<Map<string, MatchedStory[]>> {
  const vectors = topicWordVectors();
  return async (queries) =>
    new Map(
      queries.map((query) => {
        const topic = topicWords(query.text, vectors);
        const ranked = stories
          .map((story) => ({ ...story, relevance: topicOverlap(topic, story.content, vectors) }))
          .sort((a, b) => b.relevance - a.relevance)
          .slice(0, PER_QUERY);
        return [query.key, ranked];
      }),
    );
}

export interface ResumeSuggestionsFigures {
  suggestions: Timing;
  referenceSearch: Timing;
  ratio: number;
  withEvidence: number;
  onSubject: number;
  bullets: number;
}

/** Runs the measurement, prints it and returns the figures; throws when p50 is over budget. */
export async function runResumeSuggestionsBench(log: (line: string) => void = console.log): Promise<ResumeSuggestionsFigures> {
  const content = benchResume();
  const findStories = inProcessSearch(benchStories());
  const bullets = content.roles.flatMap((role) => role.bullets);
  // Warm up (the word vectors load once, about 0.1 s; the code is compiled), keeping the queries the engine asks.
  let queries: StoryQuery[] = [];
  const first = await suggestForResume({ content, findStories: (asked) => ((queries = asked), findStories(asked)) });
  const { suggestions, referenceSearch } = await timeAlternately(ROUNDS, {
    suggestions: () => suggestForResume({ content, findStories }),
    referenceSearch: () => findStories(queries),
  });
  const ratio = Math.round((suggestions.p50 / referenceSearch.p50) * 100) / 100;
  const withEvidence = first.filter((suggestion) => suggestion.evidence !== null).length;
  // The generator's truth: story n is about subject (n - 1) mod 20, bullet b-r-i about subject 5r + i.
  const onSubject = first.filter((suggestion) => {
    const [, role, index] = suggestion.bulletId.split('-').map(Number);
    return suggestion.evidence && (suggestion.evidence.storyId - 1) % SUBJECTS.length === 5 * (role ?? 0) + (index ?? 0);
  }).length;
  log(
    `offline suggestions, ${bullets.length}-bullet résumé over ${STORIES} stories (in-process search included): p50 ${suggestions.p50} ms, p99 ${suggestions.p99} ms (budget ${BUDGET_MS} ms); the search alone (reference) p50 ${referenceSearch.p50} ms; ratio ${ratio}; ${first.length} suggestions, ${withEvidence} with evidence, ${onSubject} of them from a story on the bullet's subject`,
  );
  if (suggestions.p50 > BUDGET_MS) throw new Error(`offline suggestions p50 ${suggestions.p50} ms is over the ${BUDGET_MS} ms budget`);
  return { suggestions, referenceSearch, ratio, withEvidence, onSubject, bullets: bullets.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runResumeSuggestionsBench();

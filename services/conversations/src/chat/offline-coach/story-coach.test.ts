import { describe, expect, it } from 'vitest';
import { converse, questions, type Turn } from './coach-test-kit.ts';
import { SLOT_QUESTIONS, THEMES } from './coach-phrases.ts';
import { coachTurn } from './offline-coach.model.ts';

const MIGRATION = [
  'Last year at my company we were stuck on an old Oracle database that kept falling over during peak sales.',
  'My job was to get us onto Postgres without any downtime before Black Friday.',
  'I wrote a migration plan, set up dual writes and I ran the cutover one table at a time over three weekends.',
  'We finished two weeks early and the checkout errors dropped by 80%, and costs fell by $40k a year.',
  'I learned that small reversible steps beat one big bang, and I felt really proud of the team.',
];

describe('offline coach: a story told over several turns', () => {
  const { replies } = converse(MIGRATION);

  it('reflects the person’s own words back in quotes', () => {
    expect(replies[0]).toContain('“Last year at my company we were stuck…”');
    expect(replies[2]).toContain('“I wrote a migration plan”');
    expect(replies[3]).toContain('“the checkout errors dropped by 80%”');
  });

  it('asks exactly one question per turn, for the most important missing part', () => {
    for (const reply of replies.slice(0, 4)) expect(questions(reply)).toHaveLength(1);
    // Situation told → asks what they did; actions told → asks for the outcome; result told → asks what they learned.
    expect(questions(replies[0] ?? '')[0]).toMatch(/what did you do|steps you took|go about it|respond/i);
    expect(questions(replies[2] ?? '')[0]).toMatch(/turn out|outcome|as a result|had worked/i);
    expect(questions(replies[3] ?? '')[0]).toMatch(/learn|differently|change the way|teach/i);
  });

  it('summarises a complete story in the person’s words and offers what to explore next', () => {
    const summary = replies[4] ?? '';
    expect(summary).toMatch(/^(Here is the story as I heard it\.|Let me play that back to you\.|That is a complete story)/);
    expect(summary).toContain('“I wrote a migration plan”');
    expect(summary).toContain('80%');
    expect(summary).toContain('small reversible steps');
    expect(questions(summary)).toHaveLength(1);
    expect(questions(summary)[0]).toMatch(/another story|next/);
  });

  it('starts a new story after the summary instead of summarising again', () => {
    const { replies: more } = converse([...MIGRATION, 'Sure, a time I disagreed with my manager about a release date.']);
    const reply = more.at(-1) ?? '';
    expect(reply).toContain('disagreed with my manager');
    expect(reply).not.toMatch(/Here is the story|play that back/);
    expect(questions(reply)[0]).toMatch(/situation|scene|backdrop|working at the time/i);
  });
});

describe('offline coach: a setback', () => {
  it('asks for the person’s own part after a team account, and summarises once they name the lesson', () => {
    const { replies } = converse([
      'I failed my first product launch.',
      'Nobody used it. We built what we thought was cool without talking to customers.',
      'I started doing five customer interviews every week after that.',
      'Now I never start building before I have talked to at least ten users.',
      'The next product I built had forty paying customers in its first month.',
    ]);
    expect(questions(replies[1] ?? '')[0]).toMatch(/yours|personally|your own part/);
    expect(replies[2]).toContain('“I started doing five customer interviews every week after that”');
    // The failed launch is the setback the story starts from, not how it turned out (issue 38, 3): the coach asks for the outcome.
    expect(replies[3]).not.toMatch(/here it is in short|as I heard it|play that back|how it landed/);
    expect(replies[4]).toMatch(/here it is in short|as I heard it|play that back/);
    expect(replies[4]).toContain('Now I never start building');
  });

  it('never reads a setback or a diagnosis as how it landed (issue 38, 3)', () => {
    for (const said of [
      'We started the migration and then the database crashed on the second night.',
      'I looked at the logs and found that the connection pool was exhausted.',
      'The load test showed the server slowed down after 25 connections.',
    ]) {
      const { replies } = converse(['At my last job I looked after the warehouse systems.', said]);
      expect(replies[1], said).not.toMatch(/how it landed|the outcome was|where it ended up/);
    }
  });

  it('summarises at once when one message tells the whole story', () => {
    const reply = coachTurn({
      text: 'When I was a team lead at a logistics startup in 2021, our biggest client threatened to leave because deliveries were late. I set up a daily call with their ops manager and rebuilt our routing rules. Within two months late deliveries fell from 18% to 4% and they renewed for three years. I learned that listening first buys you time to fix things.',
      history: [],
    });
    expect(reply).toMatch(/^(Here is the story as I heard it\.|Let me play that back to you\.|That is a complete story)/);
    expect(reply).toContain('I set up a daily call');
    expect(reply).toContain('18%');
    expect(questions(reply)).toHaveLength(1);
  });
});

describe('offline coach: hard times', () => {
  it('hears burnout as a feeling, not as a step the person took', () => {
    const { replies } = converse(['I was a nurse for 6 years in a busy ER', 'honestly it was exhausting and I burned out']);
    const reply = replies[1] ?? '';
    expect(reply).toMatch(/burned out/);
    expect(reply).toMatch(/felt|feeling/);
    expect(reply).not.toMatch(/step you took|what you did|I like how concrete/);
    expect(questions(reply)).toHaveLength(1);
  });
});

describe('offline coach: single turns', () => {
  it('welcomes a greeting and opens with a story prompt', () => {
    const reply = coachTurn({ text: 'Hi', history: [] });
    expect(reply).toMatch(/^(Hello|Hi)/);
    expect(reply).toContain('one question at a time');
    expect(questions(reply)).toHaveLength(1);
  });

  it('picks out the most telling figure of a number-heavy result and asks for the person’s own part', () => {
    const reply = coachTurn({
      text: 'Our team cut deploy time from 45 minutes to 6 minutes, saving roughly 120 engineer-hours a month and reducing failed releases by 70%.',
      history: [],
    });
    expect(reply).toContain('70%');
    expect(reply).toContain('“Our team cut deploy time');
    expect(questions(reply)[0]).toMatch(/your own part|personally|yours/);
  });

  it('asks for a figure only when the result is measurable and has none', () => {
    const history: Turn[] = [
      { role: 'user', content: 'At my last job our checkout page was slow and customers complained.' },
      { role: 'assistant', content: 'What did you do first?' },
      { role: 'user', content: 'I profiled the page and rewrote the image loading.' },
      { role: 'assistant', content: 'How did it turn out in the end?' },
    ];
    const measurable = coachTurn({ text: 'The page got much faster and conversion improved.', history });
    expect(questions(measurable)[0]).toMatch(/number|figure|in numbers/);
    const human = coachTurn({ text: 'She came back the next week and thanked me.', history });
    expect(questions(human)[0]).not.toMatch(/number|figure/);
  });

  it('acknowledges a feeling by name', () => {
    const reply = coachTurn({
      text: 'I presented the plan to the board and I was so nervous.',
      history: [
        { role: 'user', content: 'At my previous company we needed funding for a new product line.' },
        { role: 'assistant', content: 'What did you do first?' },
      ],
    });
    expect(reply).toMatch(/nervous/);
  });

  it('brings an off-topic request back to the person’s stories without quoting it', () => {
    for (const text of ['What is the capital of France?', 'tell me a joke', 'Who won the football last night?']) {
      const reply = coachTurn({ text, history: [] });
      expect(reply).toMatch(/story coach|your own stories/);
      expect(reply).not.toContain('“');
      expect(questions(reply)).toHaveLength(1);
    }
  });

  it('explains itself when asked who it is', () => {
    expect(coachTurn({ text: 'Who are you?', history: [] })).toContain('I am your story coach');
  });

  it('offers story themes to someone who does not know where to start', () => {
    const reply = coachTurn({ text: "I don't know what to talk about", history: [{ role: 'assistant', content: 'Hello!' }] });
    expect(reply).toMatch(/: a time .+, .+, or .+\. /);
  });
});

describe('offline coach: never the same question twice in a thread', () => {
  it('holds over a 10-turn thread of vague and short answers', () => {
    const { replies } = converse([
      'Hello',
      'I want to talk about the time I organised a charity run.',
      'It was in 2019, I was volunteering at a local food bank.',
      'yes',
      'hmm',
      'We got 200 runners and raised £12,000, which was 3x our target.',
      'not sure',
      'ok',
      'I think I learned to ask for help early.',
      'sure',
    ]);
    const asked = replies.flatMap(questions);
    expect(asked.length).toBeGreaterThanOrEqual(10);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('holds when the person keeps declining', () => {
    const { replies } = converse(['no', 'no', 'nothing', 'idk', 'not really', 'no', 'skip', 'pass', 'no idea', 'nope']);
    const asked = replies.flatMap(questions);
    expect(new Set(asked).size).toBe(asked.length);
    expect(replies.every((reply) => reply.length > 20)).toBe(true);
  });
});

describe('offline coach: feelings are the person’s own', () => {
  it('names no feeling for a resource that ran out or a machine that failed', () => {
    for (const text of [
      'the connection pool was exhausted',
      'At my last job the connection pool was exhausted every night and the disk was full.',
      'Our servers were overwhelmed by the traffic and the server crashed twice.',
    ]) {
      expect(coachTurn({ text, history: [] }), text).not.toMatch(/\bfelt\b|\bfeeling\b/i);
    }
  });

  it('names the person’s feeling in a technical story', () => {
    const reply = coachTurn({ text: 'The connection pool was exhausted every night and I was stressed.', history: [] });
    expect(reply).toMatch(/felt stressed|Feeling stressed/);
    expect(reply).not.toMatch(/exhausted\./);
  });
});

describe('offline coach: a count in the situation is not the result', () => {
  it('hears the size of a team, a company or a workload as the scene, and still asks how it turned out', () => {
    for (const opening of [
      'I led a team of 200 people at a bank.',
      'I worked at a company of about 200 people.',
      'We had 300 tickets a day piling up in the support queue.',
      'Our app had 2 million users and the login kept failing.',
    ]) {
      const { replies } = converse([opening, 'I rewrote the on-call process and trained every lead.']);
      expect(replies[0], opening).not.toMatch(
        /measurable outcome|makes the result concrete|detail people remember|how it landed|the outcome was|where it ended up/,
      );
      expect(questions(replies[1] ?? '')[0], opening).toMatch(/turn out|outcome|as a result|had worked/i);
    }
  });

  it('asks for a figure when only the situation had numbers', () => {
    const { replies } = converse([
      'At a company of about 200 people our checkout page was slow and customers complained.',
      'I profiled the page and rewrote the image loading.',
      'The page got much faster and conversion improved.',
    ]);
    expect(questions(replies[2] ?? '')[0]).toMatch(/number|figure|in numbers/);
  });

  it('hears a change told with a figure as a measured result', () => {
    const { replies } = converse([
      'At my last job our support queue was out of control.',
      'I wrote a triage bot and trained the team on it.',
      'Support tickets dropped from 300 to 40 a day.',
    ]);
    expect(replies[2]).toContain('“Support tickets dropped from 300 to 40 a day”');
    expect(questions(replies[2] ?? '')[0]).toMatch(/learn|differently|change the way|teach/i);
  });

  it('says back a bare figure given for the number it asked, as the measured result', () => {
    const { replies } = converse([
      'At my last job our checkout page was slow and customers complained.',
      'I profiled the page and rewrote the image loading.',
      'The page got much faster and conversion improved.',
      'about 30%',
    ]);
    expect(questions(replies[2] ?? '')[0]).toMatch(/number|figure|in numbers/);
    expect(replies[3]).toContain('“about 30%”');
    expect(questions(replies[3] ?? '')[0]).toMatch(/learn|differently|change the way|teach/i);
  });
});

describe('offline coach: the whole thread, not just the last message', () => {
  it('does not open again when a second short message follows the first, but offers themes to pick from', () => {
    for (const turns of [
      ['first message', 'second message'],
      ['ok', 'fine'],
      ['hmm', 'well'],
      ['12345', 'abc'],
    ]) {
      const { replies } = converse([...turns, 'third one']);
      const second = replies[1] ?? '';
      expect(second, turns.join(' / ')).not.toMatch(/Let's begin|^Great\.|^Good\./);
      expect(
        THEMES.filter((theme) => second.includes(theme)),
        turns.join(' / '),
      ).toHaveLength(3);
      expect(questions(second)).toHaveLength(1);
      const asked = replies.flatMap(questions);
      expect(new Set(asked).size).toBe(asked.length);
    }
  });

  it('goes on with a story the person named instead of opening again', () => {
    for (const topic of ['Sure, a time I disagreed with my manager about a release date.', 'I want to talk about the time I organised a charity run.']) {
      const { replies } = converse([topic, 'ok']);
      const storyQuestions = Object.values(SLOT_QUESTIONS).flat();
      expect(replies[1], topic).not.toMatch(/Let's begin|^Great\.|^Good\./);
      expect(storyQuestions, topic).toContain(questions(replies[1] ?? '')[0]);
    }
  });
});

describe('offline coach: steps taken are not the outcome', () => {
  const STEPS = 'I rolled back the deploy, found the pool was exhausted, raised the pool size and added a circuit breaker.';

  it('says the steps back as what the person did and asks how it turned out', () => {
    const history: Turn[] = [
      { role: 'user', content: 'At my last job our checkout API started timing out in the middle of a sale.' },
      { role: 'assistant', content: 'What did you do first?' },
    ];
    const reply = coachTurn({ text: STEPS, history });
    expect(reply).not.toMatch(/outcome was|how it landed|where it ended up|that is a measurable outcome|makes the result concrete/);
    expect(reply).toContain('“I rolled back the deploy');
    expect(questions(reply)[0]).toMatch(/turn out|outcome|as a result|had worked/i);
  });

  it('asks for the result again when the answer to “how did it turn out?” tells more steps', () => {
    const { replies } = converse(['At my last job our checkout API started timing out in the middle of a sale.', 'I rolled back the deploy first.', STEPS]);
    expect(questions(replies[1] ?? '')[0]).toMatch(/turn out|outcome|as a result|had worked/i);
    expect(replies[2]).not.toMatch(/outcome was|how it landed|where it ended up/);
    expect(questions(replies[2] ?? '')[0]).toMatch(/turn out|outcome|as a result|had worked/i);
  });
});

describe('offline coach: a story, and what is not an answer', () => {
  const history: Turn[] = [
    { role: 'user', content: 'At my last job our checkout page was slow and customers complained.' },
    { role: 'assistant', content: 'What did you do first?' },
    { role: 'user', content: 'I profiled the page and rewrote the image loading.' },
    { role: 'assistant', content: '“I profiled the page” — I like how concrete that is. How did it turn out in the end?' },
  ];

  it('asks its last question again when asked to repeat it', () => {
    expect(coachTurn({ text: 'Sorry, can you repeat the question?', history })).toMatch(
      /^(Of course\.|Sure — here it is again\.|No problem, here is the question again\.) How did it turn out in the end\?$/,
    );
  });

  it('waits kindly for "give me a second", then takes the answer for the question still standing', () => {
    const wait = coachTurn({ text: 'Give me a second.', history });
    expect(wait).toMatch(/take your time|no rush|take a moment/i);
    expect(questions(wait)).toEqual([]);
    const next = coachTurn({
      text: 'Everything was quiet for months after that.',
      history: [...history, { role: 'user', content: 'Give me a second.' }, { role: 'assistant', content: wait }],
    });
    expect(questions(next)[0]).not.toMatch(/turn out|outcome|as a result|had worked/i);
  });

  it('answers a question about its question, or a microphone check, and asks the question again', () => {
    expect(coachTurn({ text: 'What do you mean?', history })).toMatch(/How did it turn out in the end\?$/);
    expect(coachTurn({ text: 'What do you mean?', history })).not.toMatch(/leave that one aside|story coach/);
    expect(coachTurn({ text: 'Can you hear me?', history })).toBe('I am here, and I can hear you. How did it turn out in the end?');
  });

  it('says goodbye to a goodbye', () => {
    expect(coachTurn({ text: "Thanks, that's all for today. Bye!", history })).toMatch(/Thank you for sharing your stories today|Good talking with you/);
  });
});

import { describe, expect, it } from 'vitest';
import type { ResumeKnowledge } from '../resume-knowledge.ts';
import { questions, type Turn } from './coach-test-kit.ts';
import { SLOT_QUESTIONS } from './coach-phrases.ts';
import { coachOpening, coachTurn } from './offline-coach.model.ts';

const ROLE = { title: 'Software Engineer', company: 'Northwind', dates: '2019 – 2022' };
const ROLES = [{ ...ROLE, bullets: ['Worked on the checkout page'] }];
const BULLET_STORY: ResumeKnowledge = { roles: ROLES, bullet: { text: 'Worked on the checkout page', role: ROLE } };
const WHERE_WORKING = SLOT_QUESTIONS.situation[0] ?? '';

/** Plays the person's turns after the coach's opening about the bullet, and returns the replies. */
function tellBulletStory(userTurns: readonly string[], resume: ResumeKnowledge | null = BULLET_STORY): string[] {
  const history: Turn[] = [{ role: 'assistant', content: coachOpening({ resume: BULLET_STORY }) }];
  return userTurns.map((text) => {
    const reply = coachTurn({ text, history, ...(resume ? { resume } : {}) });
    history.push({ role: 'user', content: text }, { role: 'assistant', content: reply });
    return reply;
  });
}

describe('offline coach: the story behind a résumé line', () => {
  it('opens by naming the line and the role, and asks for the situation', () => {
    expect(coachOpening({ resume: BULLET_STORY })).toBe(
      "Let's tell the story behind “Worked on the checkout page” from your time as Software Engineer at Northwind. What was the situation?",
    );
    // A role without a company still reads.
    expect(coachOpening({ resume: { roles: [], bullet: { text: 'Ran payroll', role: { title: 'Clerk', company: '', dates: '' } } } })).toBe(
      "Let's tell the story behind “Ran payroll” from your time as Clerk. What was the situation?",
    );
  });

  it('opens as the story coach always did without a bullet, and as the interviewer with requirements', () => {
    expect(coachOpening({ resume: { roles: ROLES } })).toBe(coachOpening({}));
    expect(coachOpening({ context: '- Lead teams', resume: BULLET_STORY })).toBe(coachOpening({ context: '- Lead teams' }));
  });

  it('takes the answer to the opening as the situation and asks what the person did, then the result, then its number', () => {
    const replies = tellBulletStory([
      'Checkout was slow and customers abandoned their carts before paying.',
      'I profiled the page and rewrote the slowest queries.',
      'In the end we launched the new checkout and the team was proud of it.',
      'Conversion went up by 12%.',
      'I learned to measure before optimising.',
    ]);
    expect(questions(replies[0] ?? '')[0]).toMatch(/what did you do|steps you took|go about it|respond/i);
    expect(questions(replies[1] ?? '')[0]).toMatch(/turn out|outcome|as a result|had worked/i);
    // A result without a figure: a résumé line wants one.
    expect(questions(replies[2] ?? '')[0]).toMatch(/number|numbers|figure/i);
    expect(replies[3]).toContain('12%');
    // The summary gives the result with its figure.
    expect(replies[4]).toMatch(/The result: “Conversion went up by 12%”/);
  });

  it('asks for the number only because the story is a résumé line’s: the same words without it move on', () => {
    const plain = tellBulletStory(
      [
        'The checkout page confused our customers.',
        'I redesigned the form with the support team.',
        'In the end we launched the new checkout and the team was proud of it.',
      ],
      null,
    );
    expect(questions(plain[2] ?? '')[0]).not.toMatch(/number|numbers|figure|measure/i);
    const told = tellBulletStory([
      'The checkout page confused our customers.',
      'I redesigned the form with the support team.',
      'In the end we launched the new checkout and the team was proud of it.',
    ]);
    expect(questions(told[2] ?? '')[0]).toMatch(/number|numbers|figure|measure/i);
  });

  it('goes on with the line’s story after a first answer that tells little, instead of asking for another story', () => {
    const [reply] = tellBulletStory(['hmm ok']);
    expect(reply).not.toMatch(/moment from your work or life|would you like to tell me about/i);
    expect(questions(reply ?? '')).toHaveLength(1);
  });
});

describe('offline coach: with the résumé known', () => {
  // Without a résumé, this turn gets "Where were you working at the time…?"
  const TOLD = 'I rewrote the onboarding guide.';

  it('asks where the person was working when it does not know', () => {
    expect(coachTurn({ text: TOLD, history: [] })).toContain(WHERE_WORKING);
  });

  it('never asks where they were working when the résumé says it, whatever the story', () => {
    expect(coachTurn({ text: TOLD, history: [], resume: { roles: ROLES } })).not.toContain(WHERE_WORKING);
    const stories = ['I rebuilt the billing system.', 'I trained the new hires.', 'I fixed the flaky tests.', 'I negotiated a new contract.', 'We shipped it.'];
    for (const text of stories) {
      let history: Turn[] = [];
      for (const turn of [text, 'not sure', 'no idea', 'hmm']) {
        const reply = coachTurn({ text: turn, history, resume: { roles: ROLES } });
        expect(reply, turn).not.toMatch(/where were you working/i);
        history = [...history, { role: 'user', content: turn }, { role: 'assistant', content: reply }];
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { currentTurn, pinnedStory, progressLine, sourceLine, unansweredCount } from './interview-turn.ts';
import { answerFixture, interviewFixture, questionFixture } from '@story/testing/fixtures/mock-interviews';

describe('where a mock interview is', () => {
  it('resumes at the question and part the server says, with the interviewer’s line', () => {
    const interview = interviewFixture({ currentIndex: 1, expecting: 'follow-up', interviewerLine: 'What was the result, in numbers?' });
    const turn = currentTurn(interview);
    expect(turn).toMatchObject({ kind: 'asking', questionIndex: 1, part: 'follow-up', line: 'What was the result, in numbers?', key: '1:follow-up' });
    expect(progressLine(interview, turn)).toBe('Question 2 of 3, follow-up');
    expect(progressLine(interview, currentTurn(interviewFixture()))).toBe('Question 1 of 3');
  });

  it('has every question answered, or is finished', () => {
    expect(currentTurn(interviewFixture({ currentIndex: 3, expecting: null, interviewerLine: 'Thank you.' }))).toEqual({
      kind: 'all-answered',
      line: 'Thank you.',
    });
    expect(currentTurn(interviewFixture({ status: 'finished' }))).toEqual({ kind: 'finished' });
  });

  it('counts the questions not answered, and finds the pinned story among the fits', () => {
    const fit = { storyId: 5, threadId: 9, excerpt: 'We moved the warehouse…', fit: 'strong' as const, why: 'It shows leading a team.' };
    const questions = [
      questionFixture(0, { answer: answerFixture('I led it.', 6), storyFit: [fit], pinnedStoryId: 5 }),
      questionFixture(1),
      questionFixture(2, { pinnedStoryId: 99 }),
    ];
    const interview = interviewFixture({ questions });
    expect(unansweredCount(interview)).toBe(2);
    expect(pinnedStory(questions[0] ?? questionFixture(0))).toEqual(fit);
    expect(pinnedStory(questions[2] ?? questionFixture(0))).toBeNull();
  });

  it('says where a question comes from', () => {
    expect(sourceLine({ kind: 'requirement', key: 'snippet:1', text: 'Own the rota', snippetId: 1 })).toBe('From the requirement: Own the rota');
    expect(sourceLine({ kind: 'resume', key: 'resume:b1', text: 'Cut costs 30%', snippetId: null })).toBe('From your résumé: Cut costs 30%');
    expect(sourceLine({ kind: 'role', key: 'role', text: '', snippetId: null })).toBe('About the role');
  });
});

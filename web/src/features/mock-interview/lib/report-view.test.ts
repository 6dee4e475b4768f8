import { describe, expect, it } from 'vitest';
import { changeText, reportView } from './report-view.ts';
import { answerFixture, interviewFixture, questionFixture } from '@story/testing/fixtures/mock-interviews';

const day = (iso: string) => iso.slice(0, 10);

describe('the report of a mock interview', () => {
  it('is nothing until the interview has a report', () => {
    expect(reportView(interviewFixture(), day)).toBeNull();
  });

  it('gives the overall score, readiness, the things to work on with their question, and each question’s answers', () => {
    const questions = [
      questionFixture(0, {
        answer: answerFixture('I led the move.', 5.5),
        followUp: { question: 'What was the result?', answer: answerFixture('We cut delays by 40%.', 7.25) },
        storyFit: [{ storyId: 5, threadId: 9, excerpt: 'The warehouse move', fit: 'strong', why: 'Leading a team.' }],
        pinnedStoryId: 5,
      }),
      questionFixture(1),
    ];
    const view = reportView(
      interviewFixture({
        status: 'finished',
        questions,
        report: {
          overall: 3.64,
          readiness: 'not-yet',
          answered: 1,
          workOn: [{ title: 'Give numbers', advice: 'Say how much.', questionIndex: 0, quote: 'I led the move.' }],
          previous: null,
        },
      }),
      day,
    );
    expect(view).toMatchObject({ overall: '3.6 / 10', readiness: 'Not ready yet', answered: '1 of 2 questions answered', comparison: null });
    expect(view?.workOn).toEqual([{ title: 'Give numbers', advice: 'Say how much.', quote: 'I led the move.', question: 'Question 1' }]);
    expect(view?.questions[0]).toMatchObject({
      heading: 'Question 1',
      source: 'From the requirement: Lead cross-functional projects',
      answer: { text: 'I led the move.' },
      followUp: { question: 'What was the result?', answer: { text: 'We cut delays by 40%.' } },
      story: 'The warehouse move',
      score: '7.3 / 10',
    });
    expect(view?.questions[1]).toMatchObject({ answer: null, followUp: null, story: null, score: null });
  });

  it('compares with the previous mock interview for the description, per requirement', () => {
    const view = reportView(
      interviewFixture({
        status: 'finished',
        report: {
          overall: 6,
          readiness: 'almost',
          answered: 3,
          workOn: [],
          previous: {
            interviewId: 40,
            finishedAt: '2026-02-20T10:00:00.000Z',
            overall: 4.8,
            change: 1.2,
            requirements: [{ key: 'snippet:1', text: 'Lead projects', before: 4, now: null }],
          },
        },
      }),
      day,
    );
    expect(view?.comparison).toEqual({
      change: '+1.2',
      since: 'Your previous mock interview for this job, on 2026-02-20, scored 4.8 / 10.',
      rows: [{ key: 'snippet:1', text: 'Lead projects', before: '4.0 / 10', now: 'Not answered' }],
    });
  });

  it('writes a change with its sign', () => {
    expect(changeText(0.04)).toBe('no change');
    expect(changeText(-0.44)).toBe('−0.4');
    expect(changeText(2)).toBe('+2.0');
  });
});

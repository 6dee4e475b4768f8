import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import type { AnswerFeedback } from '@story/proto';
import { theme } from '../../../theme.ts';
import { showsAttempts } from './answer-with-feedback.tsx';
import { FeedbackDetails, questionLine } from './feedback-details.tsx';

/** A story thread's third turn: the scene told in turn 1, an action in turn 2 and one in this turn, no result yet. */
const STORY_TURN: AnswerFeedback = {
  answerId: 'answer-3',
  question: 'How did you go about it, step by step?',
  answer: 'I found the pool was exhausted and raised the pool size.',
  source: 'typed',
  engine: 'offline',
  kind: 'story',
  turns: 3,
  overall: 6.1,
  star: [
    {
      part: 'situation',
      present: true,
      quotes: [],
      earlier: [
        {
          turn: 1,
          question: 'What is a moment from your work or life that you would like to tell me about?',
          start: 0,
          end: 44,
          text: 'our checkout API kept timing out during a sale',
        },
      ],
      prompt: null,
    },
    { part: 'task', present: false, quotes: [], earlier: [], prompt: 'What were you trying to achieve?' },
    {
      part: 'action',
      present: true,
      quotes: [{ start: 0, end: 29, text: 'I found the pool was exhausted' }],
      earlier: [
        {
          turn: 2,
          question: '“our checkout API kept timing out” — that sets the scene well. What did you do first?',
          start: 0,
          end: 24,
          text: 'I rolled back the deploy',
        },
      ],
      prompt: null,
    },
    { part: 'result', present: false, quotes: [], earlier: [], prompt: 'How did it turn out in the end?' },
  ],
  next: 'How did it turn out in the end?',
  assessment: [],
  delivery: null,
  attempt: 1,
  attempts: 1,
  best: false,
  questionId: null,
  uncertain: [],
  corrected: false,
  answeredAt: '2025-03-01T09:00:00.000Z',
};

const render = (feedback: AnswerFeedback) =>
  renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <FeedbackDetails feedback={feedback} id="details" />
    </ThemeProvider>,
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('the feedback details of a story turn', () => {
  it('quotes each STAR part from whichever turn told it, with the question that turn answered, and says what to add next', () => {
    const shown = text(render(STORY_TURN));
    expect(shown).toContain('Story construction (STAR), across the 3 turns told so far');
    expect(shown).toContain(
      'Situation: From turn 1 (answering “What is a moment from your work or life that you would like to tell me about?”): “our checkout API kept timing out during a sale”',
    );
    expect(shown).toContain('From turn 2 (answering “What did you do first?”): “I rolled back the deploy”');
    expect(shown).toContain('From this turn (turn 3): “I found the pool was exhausted”');
    expect(shown).toContain('Result: missing. How did it turn out in the end?');
    expect(shown).toContain('What to add next: How did it turn out in the end?');
  });

  it('shows an interview answer’s parts as before, and no "what to add next" once every part is told', () => {
    const practice: AnswerFeedback = {
      ...STORY_TURN,
      kind: 'practice',
      turns: 1,
      next: null,
      star: STORY_TURN.star.map((part) => ({ ...part, present: true, earlier: [], quotes: part.quotes, prompt: null })),
    };
    const shown = text(render(practice));
    expect(shown).toContain('Story construction (STAR)Situation: told.');
    expect(shown).toContain('Action: “I found the pool was exhausted”');
    expect(shown).not.toContain('From turn');
    expect(shown).not.toContain('What to add next');
  });

  it('counts no attempts for a story turn, and for a practice question answered once', () => {
    expect(showsAttempts({ kind: 'story', attempts: 1 })).toBe(false);
    expect(showsAttempts({ kind: 'practice', attempts: 1 })).toBe(false);
    expect(showsAttempts({ kind: 'practice', attempts: 2 })).toBe(true);
  });

  it('shows the question a turn asked, without the reflection before it, cut at a word when long', () => {
    expect(questionLine('“our checkout API kept timing out” — that sets the scene well. What did you do first?')).toBe('What did you do first?');
    expect(questionLine('Tell me more.')).toBe('Tell me more.');
    const long = questionLine(`Thanks. ${'Which part of that was yours, and what would not have happened without you in the room that day'}?`);
    expect(long.length).toBeLessThanOrEqual(91);
    expect(long).toMatch(/^Which part of that was yours.*\w…$/);
  });
});

import { useEffect, useRef, useState } from 'react';
import { styled, useTheme } from 'styled-components';
import type { QuestionProgress } from '@story/proto';
import { CardSection } from '../../../components/card-section.ts';
import { visuallyHiddenStyles } from '../../../components/visually-hidden.ts';
import { formatDateTimeWithZone } from '../../../lib/date-format.ts';
import { attemptNews, progressLacks } from '../lib/attempt-news.ts';
import { useSnippetProgress } from '../api/feedback.api.ts';

const Question = styled.figure`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  figcaption {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    overflow-wrap: anywhere;
  }
`;

const Chart = styled.svg`
  width: 100%;
  max-width: 420px;
  height: auto;
`;

/** Tables ignore a 1 px width: the box around the table is what is hidden from sight. */
const ForScreenReaders = styled.div`
  ${visuallyHiddenStyles}
`;

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 28, right: 12, top: 10, bottom: 22 };

/** Where an attempt's point goes: attempts along, the 0–10 score up. */
function pointOf(index: number, count: number, overall: number): { x: number; y: number } {
  const span = WIDTH - PAD.left - PAD.right;
  const x = PAD.left + (count <= 1 ? span / 2 : (index * span) / (count - 1));
  const y = PAD.top + ((10 - Math.min(10, Math.max(0, overall))) * (HEIGHT - PAD.top - PAD.bottom)) / 10;
  return { x, y };
}

/** A small line chart of the overall score over the attempts at one question (for sight only: the table says the same). */
function ScoreChart({ question }: { question: QuestionProgress }) {
  const { colors } = useTheme();
  const points = question.attempts.map((attempt, index) => ({ ...pointOf(index, question.attempts.length, attempt.overall), attempt }));
  return (
    <Chart viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" data-testid="progress-chart">
      {[0, 5, 10].map((score) => {
        const { y } = pointOf(0, 1, score);
        return (
          <g key={score}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke={colors.border} />
            <text x={PAD.left - 6} y={y + 4} fontSize="10" textAnchor="end" fill={colors.textMuted}>
              {score}
            </text>
          </g>
        );
      })}
      <polyline points={points.map((point) => `${point.x},${point.y}`).join(' ')} fill="none" stroke={colors.primary} strokeWidth="2" />
      {points.map((point) => (
        <g key={point.attempt.answerId}>
          <circle cx={point.x} cy={point.y} r={point.attempt.best ? 5 : 3.5} fill={point.attempt.best ? colors.success : colors.primary} />
          <text x={point.x} y={HEIGHT - 6} fontSize="10" textAnchor="middle" fill={colors.textMuted}>
            {point.attempt.attempt}
          </text>
        </g>
      ))}
    </Chart>
  );
}

/** One question's attempts: the chart, and the same numbers as a table for screen readers. */
function QuestionScores({ question, index }: { question: QuestionProgress; index: number }) {
  const asked = question.question || 'Your opening answer';
  return (
    <Question>
      <figcaption>
        <strong>Question {index + 1}:</strong> {asked}
      </figcaption>
      <ScoreChart question={question} />
      <ForScreenReaders>
        <table>
          <caption>Overall score of each attempt at question {index + 1}</caption>
          <thead>
            <tr>
              <th scope="col">Attempt</th>
              <th scope="col">Overall score (out of 10)</th>
              <th scope="col">When</th>
              <th scope="col">Best</th>
            </tr>
          </thead>
          <tbody>
            {question.attempts.map((attempt) => (
              <tr key={attempt.answerId}>
                <td>{attempt.attempt}</td>
                <td>{attempt.overall.toFixed(1)}</td>
                <td>{formatDateTimeWithZone(attempt.answeredAt)}</td>
                <td>{attempt.best ? 'Best' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ForScreenReaders>
    </Question>
  );
}

/**
 * A snippet's practice progress: per question, the overall score over the attempts (nothing until an
 * answer has feedback); read again when an attempt it does not show arrives on the page.
 */
export function SnippetProgressView({ snippetId }: { snippetId: number }) {
  /** Bumped when an attempt the chart does not show yet arrives on the page: the progress is read again. */
  const [arrivals, setArrivals] = useState(0);
  const progress = useSnippetProgress(snippetId, arrivals);
  const shown = useRef(progress);
  shown.current = progress;
  useEffect(
    () =>
      attemptNews.subscribe((arrived) => {
        if (progressLacks(shown.current, arrived)) setArrivals((count) => count + 1);
      }),
    [],
  );
  if (!progress || progress.questions.length === 0) return null;
  return (
    <CardSection aria-labelledby="snippet-progress-heading">
      <h2 id="snippet-progress-heading">Progress</h2>
      {progress.questions.map((question, index) => (
        <QuestionScores key={question.attempts[0]?.answerId ?? index} question={question} index={index} />
      ))}
    </CardSection>
  );
}

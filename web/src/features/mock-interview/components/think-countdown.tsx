import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';
import { thinkCountdownView, thinkSecondsLeft } from '../lib/think-countdown.ts';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Seconds = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.primary};
    font-variant-numeric: tabular-nums;
  }
`;

const Bar = styled.div<{ $fraction: number }>`
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;

  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${({ $fraction }) => `${Math.round($fraction * 100)}%`};
    background: ${({ theme }) => theme.colors.primary};
    transition: width 250ms linear;
  }
`;

const TICK_MS = 250;

/**
 * The think time before an answer starts: the seconds left (a timer for screen readers, read when
 * asked, not every second) and "Start answering now"; `onDone` once, when it ends or is skipped.
 */
export function ThinkCountdown({ seconds, skipLabel, onDone }: { seconds: number; skipLabel: string; onDone: () => void }) {
  const [startedAt] = useState(() => performance.now());
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  const ended = useRef(false);

  useEffect(() => {
    const finish = () => {
      if (ended.current) return;
      ended.current = true;
      done.current();
    };
    if (seconds <= 0) return finish();
    const timer = window.setInterval(() => {
      const now = thinkSecondsLeft(seconds, startedAt, performance.now());
      setLeft(now);
      if (now > 0) return;
      window.clearInterval(timer);
      finish();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [seconds, startedAt]);

  const handleSkip = () => {
    if (ended.current) return;
    ended.current = true;
    done.current();
  };

  if (seconds <= 0) return null;
  const view = thinkCountdownView(left, seconds);
  return (
    <Box data-testid="think-countdown">
      <Row>
        <Seconds role="timer" aria-label={view.label}>
          Time to think: <strong>{left}</strong> s
        </Seconds>
        <Button $variant="secondary" onClick={handleSkip}>
          {skipLabel}
        </Button>
      </Row>
      <Bar $fraction={view.fraction} aria-hidden="true" />
    </Box>
  );
}

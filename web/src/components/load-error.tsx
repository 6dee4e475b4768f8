import { useState } from 'react';
import { styled } from 'styled-components';
import { Button } from './button.ts';
import { spreadRowStyles } from './spread-row.ts';

const Box = styled.div`
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/**
 * What shows where data failed to load: the failure said plainly (never an empty list that looks
 * like "nothing saved") and a Retry button, busy while the retry runs.
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => Promise<unknown> }) {
  const [retrying, setRetrying] = useState(false);

  const handleRetry = async () => {
    if (retrying) return;
    setRetrying(true);
    try {
      await onRetry();
    } catch {
      // The query keeps its error, so this message stays; its toast says it failed again.
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Box role="alert">
      <p>{message}</p>
      <Button $variant="secondary" onClick={() => void handleRetry()} disabled={retrying} aria-busy={retrying || undefined}>
        Retry
      </Button>
    </Box>
  );
}

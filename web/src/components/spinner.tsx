import type { ReactNode } from 'react';
import { styled, keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 700ms linear infinite;
  vertical-align: middle;
`;

/** A spinning ring; with a label it is announced as a status, without one it is decoration. */
export function Spinner({ label, size = 20 }: { label?: string; size?: number }) {
  if (!label) return <Ring $size={size} aria-hidden="true" />;
  return (
    <span role="status" aria-label={label} data-testid="spinner">
      <Ring $size={size} aria-hidden="true" />
    </span>
  );
}

const StatusLine = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A muted line saying what is under way, after a small spinner; announced as a status. */
export function BusyStatus({ children }: { children: ReactNode }) {
  return (
    <StatusLine role="status">
      <Spinner size={16} />
      {children}
    </StatusLine>
  );
}

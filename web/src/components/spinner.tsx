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

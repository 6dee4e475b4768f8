import { Button } from '../../components/button.ts';

/** Returns to the email step. */
export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button $variant="link" onClick={onClick} style={{ justifySelf: 'start' }}>
      <svg width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
        <path d="M10 3L5 8l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Back
    </Button>
  );
}

import { Button } from '../../../components/button.ts';
import { BackIcon } from '../../../components/icons.tsx';

/** Returns to the email step. */
export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button $variant="link" onClick={onClick} style={{ justifySelf: 'start' }}>
      <BackIcon />
      Back
    </Button>
  );
}

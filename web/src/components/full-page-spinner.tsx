import { styled } from 'styled-components';
import { Spinner } from './spinner.tsx';

const Center = styled.div`
  min-height: 60vh;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.primary};
`;

/** Shown while a page's code or the session check is loading. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center>
      <Spinner label={label} size={28} />
    </Center>
  );
}

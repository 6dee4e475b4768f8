import { styled } from 'styled-components';
import { CheckIcon } from '../../../components/icons.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: grid;
    grid-template-columns: 1.25rem 1fr;
    gap: ${({ theme }) => theme.space.sm};
  }
  svg {
    margin-top: 0.2rem;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** What a plan includes, a line each with a check, named for screen readers (`label`: "Pro includes"). */
export function PlanIncludesList({ lines, label }: { lines: readonly string[]; label: string }) {
  return (
    <List aria-label={label}>
      {lines.map((line) => (
        <li key={line}>
          <CheckIcon />
          <span>{line}</span>
        </li>
      ))}
    </List>
  );
}

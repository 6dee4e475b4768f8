import { styled } from 'styled-components';
import { CheckIcon } from './icons.tsx';

/** The plans side by side, as many to a row as fit: the landing page's pricing and the plan page's choices. */
export const PlanGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
`;

/** One plan's card in a `PlanGrid`, its parts in a column; the featured (or chosen) one framed in the accent. */
export const PlanCard = styled.li<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ theme, $featured }) => ($featured ? `2px solid ${theme.colors.primary}` : `1px solid ${theme.colors.border}`)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

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
export function PlanIncludesList({ lines, label, className }: { lines: readonly string[]; label: string; className?: string }) {
  return (
    <List aria-label={label} className={className}>
      {lines.map((line) => (
        <li key={line}>
          <CheckIcon />
          <span>{line}</span>
        </li>
      ))}
    </List>
  );
}

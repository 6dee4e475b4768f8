import { Link } from 'react-router';
import { styled } from 'styled-components';
import { useId } from 'react';
import { CardSection } from './card-section.ts';

const Notice = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/**
 * A plan without a screen's feature: the service's sentence naming the plan that has it, with the
 * way to the plans, in place of the screen (issue 21's refusal). `className` lets a screen place it.
 */
export function PlanNotice({ message, className }: { message: string; className?: string }) {
  const headingId = useId();
  return (
    <CardSection aria-labelledby={headingId} className={className}>
      <h2 id={headingId}>Not part of your plan</h2>
      <Notice data-testid="feature-locked">{message}</Notice>
      <Links>
        <Link to="/#pricing-heading">See the plans</Link>
        <Link to="/welcome">Back to home</Link>
      </Links>
    </CardSection>
  );
}

import { Link } from 'react-router';
import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';

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

/** A plan without résumés: the service's sentence naming the plan that has them, in place of the screen (issue 21's refusal). */
export function PlanNotice({ message }: { message: string }) {
  return (
    <CardSection aria-labelledby="resume-plan-heading">
      <h2 id="resume-plan-heading">Not part of your plan</h2>
      <Notice data-testid="feature-locked">{message}</Notice>
      <Links>
        <Link to="/#pricing-heading">See the plans</Link>
        <Link to="/welcome">Back to home</Link>
      </Links>
    </CardSection>
  );
}

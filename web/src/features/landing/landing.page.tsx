import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { useAuth } from '../../auth/auth-context.tsx';
import { homePath } from '../../auth/home-path.ts';
import { Button, buttonStyles, type ButtonStyleProps } from '../../components/button.ts';
import { PlanCard, PlanGrid, PlanIncludesList } from '../../components/plan-card.tsx';
import { PageFrame } from '../../chrome/page-frame.tsx';
import { PublicHeader } from '../../chrome/public-header.tsx';
import { MAIN_CONTENT_ID } from '../../chrome/skip-link.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { showFarewell } from '../account/index.ts';
import { DemoDialog } from './demo-dialog.tsx';
import { PLANS } from '../../lib/pricing.ts';
import { PATHS, plansPath, signupWithPlanPath } from '../../lib/paths.ts';

const Hero = styled.section`
  background:
    radial-gradient(60rem 30rem at 85% -10%, ${({ theme }) => theme.colors.primarySoft}, transparent 70%),
    linear-gradient(180deg, ${({ theme }) => theme.colors.surface}, ${({ theme }) => theme.colors.background});
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const HeroInner = styled.div`
  max-width: ${({ theme }) => theme.sizes.welcome};
  margin: 0 auto;
  padding: clamp(4rem, 12vh, 8rem) ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  justify-items: center;
  text-align: center;
`;

const Headline = styled.h1`
  max-width: 16ch;
  font-size: ${({ theme }) => theme.fontSizes.hero};
  font-weight: 800;
  letter-spacing: -0.02em;
  color: ${({ theme }) => theme.colors.text};
`;

const Accent = styled.span`
  color: ${({ theme }) => theme.colors.primary};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  justify-content: center;
`;

const PrimaryLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

const Pricing = styled.section`
  max-width: ${({ theme }) => theme.sizes.welcome};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.lg} 5rem`};
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`;

const PricingHeader = styled.header`
  text-align: center;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    letter-spacing: -0.01em;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Card = styled(PlanCard)`
  padding: ${({ theme }) => theme.space.xl};
`;

/** The card's call to action, at the foot of the card whatever the length of its list. */
const PlanAction = styled(PrimaryLink)`
  margin-top: auto;
`;

const Intro = styled.p`
  max-width: 40rem;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PlanName = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Price = styled.p`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  strong {
    font-size: 2.5rem;
    line-height: 1;
    letter-spacing: -0.02em;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The list under a rule, set apart from the price above and the action below. */
const Features = styled(PlanIncludesList)`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} 0 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  gap: ${({ theme }) => theme.space.sm};
`;

/** The public landing page: header with "Sign in", hero, pricing with a way in on each plan, footer (spec section 1). */
export function LandingPage() {
  useDocumentTitle('Your story is more than just a resume');
  const { status, user } = useAuth();
  // Someone already signed in goes on to the app, not through the sign-up form again.
  const startPath = status === 'signed-in' ? homePath(user) : PATHS.signup;
  const [demoOpen, setDemoOpen] = useState(false);
  // Arriving here after deleting the account: say it was done.
  useEffect(() => showFarewell(), []);
  return (
    <PageFrame header={<PublicHeader />}>
      <main id={MAIN_CONTENT_ID}>
        <Hero aria-labelledby="hero-heading">
          <HeroInner>
            <Headline id="hero-heading">
              Your story is more than just <Accent>a resume</Accent>
            </Headline>
            <Intro>
              Tell your career and life stories to an AI coach by voice or by typing, keep them to search later, and practise job interviews with them.
            </Intro>
            <Actions>
              <PrimaryLink to={startPath} $size="lg">
                Get Started
              </PrimaryLink>
              {/* The specification leaves the demo's target open: a walkthrough of a sample conversation. */}
              <Button $variant="secondary" $size="lg" aria-haspopup="dialog" onClick={() => setDemoOpen(true)}>
                Watch Demo
              </Button>
            </Actions>
          </HeroInner>
        </Hero>
        <DemoDialog open={demoOpen} onClose={() => setDemoOpen(false)} startPath={startPath} />

        <Pricing aria-labelledby="pricing-heading">
          <PricingHeader>
            <h2 id="pricing-heading">Choose your plan</h2>
            <p>Start for free, upgrade when you&apos;re ready</p>
          </PricingHeader>
          <PlanGrid>
            {PLANS.map((plan) => (
              <Card key={plan.name} $featured={plan.name === 'Essentials'}>
                <PlanName id={`plan-${plan.name}`}>{plan.name}</PlanName>
                <Price>
                  <strong>{plan.price}</strong>
                  <span>per month</span>
                </Price>
                <Features lines={plan.features} label={`${plan.name} includes`} />
                {/* Signed in: the plan page with this plan chosen, one click from asking for it (issue 39). */}
                <PlanAction
                  to={status === 'signed-in' ? plansPath({ plan: plan.userType }) : signupWithPlanPath(plan.userType)}
                  $variant={plan.name === 'Essentials' ? 'primary' : 'secondary'}
                  $block
                >
                  Choose {plan.name}
                </PlanAction>
              </Card>
            ))}
          </PlanGrid>
        </Pricing>
      </main>
    </PageFrame>
  );
}

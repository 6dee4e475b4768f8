import type { RefObject } from 'react';
import { styled } from 'styled-components';
import { PLAN_NAMES, type MyPlanRequests, type PlanOffer, type UserType } from '@story/proto';
import { Button } from '../../../components/button.ts';
import { PlanCard, PlanGrid, PlanIncludesList } from '../../../components/plan-card.tsx';
import { pricingOf } from '../../../lib/pricing.ts';
import { planIncludes } from '../lib/plan-includes.ts';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Choices = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Card = styled(PlanCard)`
  padding: ${({ theme }) => theme.space.lg};
  scroll-margin-top: calc(${({ theme }) => theme.sizes.header} + ${({ theme }) => theme.space.md});

  h3 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Tag = styled.span`
  padding: 0.125rem ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const Price = styled.p`
  strong {
    font-size: 2rem;
    letter-spacing: -0.02em;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** What a plan's card offers: nothing on the person's own plan; the request waiting; one request at a time; else "Ask for …". */
function PlanAction({
  offer,
  mine,
  chosen,
  asking,
  onAsk,
}: {
  offer: PlanOffer;
  mine: MyPlanRequests;
  chosen: boolean;
  asking: boolean;
  onAsk: (userType: UserType) => void;
}) {
  const name = PLAN_NAMES[offer.userType];
  if (offer.userType === mine.userType) return <Muted>This is your plan.</Muted>;
  if (mine.request?.userType === offer.userType) return <Muted>Asked for: waiting for an admin.</Muted>;
  if (mine.request)
    return (
      <Muted>
        One request at a time: withdraw your request for {PLAN_NAMES[mine.request.userType]} to ask for {name}.
      </Muted>
    );
  return (
    <Button
      $variant={chosen ? 'primary' : 'secondary'}
      $size="lg"
      $block
      onClick={() => onAsk(offer.userType)}
      disabled={asking}
      aria-busy={asking || undefined}
    >
      Ask for {name}
    </Button>
  );
}

/** Every plan as a card: its price, what it includes, and what the person may do about it; the chosen one marked. */
export function PlanChoices({
  offers,
  mine,
  chosen,
  chosenRef,
  asking,
  onAsk,
}: {
  offers: readonly PlanOffer[];
  mine: MyPlanRequests;
  chosen: UserType | undefined;
  chosenRef: RefObject<HTMLLIElement | null>;
  asking: boolean;
  onAsk: (userType: UserType) => void;
}) {
  return (
    <Choices aria-labelledby="choose-plan">
      <h2 id="choose-plan">Choose your plan</h2>
      <PlanGrid>
        {offers.map((offer) => {
          const isChosen = offer.userType === chosen;
          const name = PLAN_NAMES[offer.userType];
          return (
            <Card
              key={offer.userType}
              $featured={isChosen}
              ref={isChosen ? chosenRef : undefined}
              data-testid={`plan-card-${offer.userType}`}
              aria-labelledby={`plan-${offer.userType}`}
            >
              <h3 id={`plan-${offer.userType}`}>
                {name}
                {offer.userType === mine.userType && <Tag>Your plan</Tag>}
                {offer.userType === mine.request?.userType && <Tag>Asked for</Tag>}
                {isChosen && offer.userType !== mine.userType && offer.userType !== mine.request?.userType && <Tag>Chosen</Tag>}
              </h3>
              <Price>
                <strong>{pricingOf(offer.userType).price}</strong> <span>per month</span>
              </Price>
              <PlanIncludesList lines={planIncludes(offer)} label={`${name} includes`} />
              <PlanAction offer={offer} mine={mine} chosen={isChosen} asking={asking} onAsk={onAsk} />
            </Card>
          );
        })}
      </PlanGrid>
    </Choices>
  );
}

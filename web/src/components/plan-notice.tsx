import { Link, useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { useId } from 'react';
import type { PlanFeature } from '@story/proto';
import { CardSection } from './card-section.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PATHS, plansPath } from '../lib/paths.ts';

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
 * way to the plan page, where that plan is chosen and asked for in one click (issue 39, 3), in place
 * of the screen. `features`: what the screen needs. `className` lets a screen place it.
 */
export function PlanNotice({ message, features, className }: { message: string; features: readonly PlanFeature[]; className?: string }) {
  const headingId = useId();
  return (
    <CardSection aria-labelledby={headingId} className={className}>
      <h2 id={headingId}>Not part of your plan</h2>
      <Notice data-testid="feature-locked">{message}</Notice>
      <Links>
        <Link to={plansPath({ features })}>See the plans</Link>
        <Link to={PATHS.welcome}>Back to home</Link>
      </Links>
    </CardSection>
  );
}

const Line = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};

  a {
    margin-left: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    white-space: nowrap;
  }
`;

/** The same in a line, where a screen keeps its other parts (a card, a toolbar): the sentence (`testId` names it), then "See the plans". */
export function PlanLockedLine({ message, features, testId }: { message: string; features: readonly PlanFeature[]; testId?: string }) {
  return (
    <Line>
      <span data-testid={testId}>{message}</span>
      <Link to={plansPath({ features })}>See the plans</Link>
    </Line>
  );
}

/**
 * The same after a click on what the plan lacks (a PDF's download): the refusal's sentence in a
 * dialog, with the way to the plan page. `message` null: closed.
 */
export function PlanLockedDialog({ message, features, onClose }: { message: string | null; features: readonly PlanFeature[]; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={message !== null}
      title="Not part of your plan"
      description={message ?? ''}
      cancelLabel="Not now"
      confirmLabel="See the plans"
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void navigate(plansPath({ features }));
      }}
    />
  );
}

import type { OwnPublicProfile } from '@story/proto';
import { styled } from 'styled-components';
import { PlanNotice } from '../../../components/plan-notice.tsx';
import { PublishedBar } from './published-bar.tsx';

const Locked = styled(PlanNotice)`
  align-content: start;
`;

/** A plan without the public profile: the sentence naming the plan that has it; a profile still public can be taken down. */
export function PlanLocked({
  message,
  published,
  busy,
  onTakeDown,
}: {
  message: string;
  published: OwnPublicProfile | null;
  busy: boolean;
  onTakeDown: () => Promise<void>;
}) {
  return (
    <>
      <Locked message={message} features={['publicProfile']} />
      {published && <PublishedBar published={published} busy={busy} onTakeDown={onTakeDown} />}
    </>
  );
}

import { Link } from 'react-router';
import { styled } from 'styled-components';
import { CONVERSATION_MESSAGES } from '@story/proto';
import { Button, buttonStyles, type ButtonStyleProps } from '../../../components/button.ts';
import { CardSection } from '../../../components/card-section.ts';
import { newConversationPath, SAVED_CONVERSATIONS_PATH } from '../../../lib/paths.ts';

const Alert = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const ActionLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/**
 * What /recording shows instead of "Continue with Voice / Text" when the thread or snippet to
 * continue could not be loaded (not the person's, gone, or a failure): the problem said plainly, a
 * Retry, and the ways back to the conversations list or a new conversation.
 */
export function ContinueFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <CardSection aria-label="Conversation not available">
      <Alert role="alert">{CONVERSATION_MESSAGES.cannotContinue}</Alert>
      <Actions>
        <Button onClick={onRetry}>Retry</Button>
        <ActionLink $variant="secondary" to={SAVED_CONVERSATIONS_PATH}>
          {CONVERSATION_MESSAGES.backToConversations}
        </ActionLink>
        <ActionLink $variant="secondary" to={newConversationPath('text')}>
          {CONVERSATION_MESSAGES.startNewConversation}
        </ActionLink>
      </Actions>
    </CardSection>
  );
}

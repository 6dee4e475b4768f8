import { useState } from 'react';
import { styled } from 'styled-components';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { serverMessageOr } from '../../api/http-client.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { CardSection } from '../../components/card-section.ts';
import { DangerButton } from '../../components/confirm-dialog.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { notifyError } from '../../components/toast/notify.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PlanSummary } from '../plans/index.ts';
import { deleteAccount } from './api/account.api.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { ExportDataSection } from './export-data-section.tsx';
import { leaveFarewell } from './farewell.ts';
import { PATHS } from '../../lib/paths.ts';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.lg}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const DangerZone = styled(CardSection)`
  border-color: ${({ theme }) => theme.colors.danger};
  justify-items: start;
`;

const ExportSection = styled(ExportDataSection)`
  justify-items: start;
`;

/** /account: who is signed in, their plan (issue 39), exporting everything they keep, and deleting the account (issue 24) after the password. */
export function AccountPage() {
  useDocumentTitle('Your account');
  const { user, signOut } = useAuth();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const handleConfirm = async (password: string) => {
    if (deleting) return;
    setDeleting(true);
    let message: string;
    try {
      message = await deleteAccount(password);
    } catch (error) {
      // The dialog closes first: a modal would keep the toast behind its backdrop, out of reach.
      setDialogOpen(false);
      setDeleting(false);
      notifyError(serverMessageOr(error, ACCOUNT_MESSAGES.deleteAccountFailed));
      return;
    }
    // Signing out loads `/` afresh; the message waits for it there.
    leaveFarewell(message);
    await signOut().catch(() => window.location.assign(PATHS.landing));
  };

  return (
    <PageShell title="Your account">
      <CardSection aria-labelledby="account-details">
        <h2 id="account-details">Details</h2>
        <Details>
          <dt>Name</dt>
          <dd>{user ? `${user.firstName} ${user.lastName}`.trim() : ''}</dd>
          <dt>Email</dt>
          <dd>{user?.email}</dd>
        </Details>
      </CardSection>
      <CardSection aria-labelledby="account-plan">
        <PlanSummary headingId="account-plan" />
      </CardSection>
      <ExportSection />
      <DangerZone aria-labelledby="delete-account">
        <h2 id="delete-account">Delete my account</h2>
        <Muted>Deleting your account removes you and all your data from every part of the app, for good.</Muted>
        <DangerButton aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          Delete my account
        </DangerButton>
      </DangerZone>
      <DeleteAccountDialog open={dialogOpen} busy={deleting} onCancel={() => setDialogOpen(false)} onConfirm={(password) => void handleConfirm(password)} />
    </PageShell>
  );
}

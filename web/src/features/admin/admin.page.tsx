import { ADMIN_MESSAGES } from '@story/proto';
import { useAuth } from '../../auth/auth-context.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorToast } from '../../hooks/use-error-toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useUserTypeSettings } from './api/admin.api.ts';
import { Muted, Section } from './admin-table.ts';
import { PlanFeaturesTable } from './plan-features-table.tsx';
import { PlanRequestsSection } from './plan-requests-section.tsx';
import { UserTypeSettingsTable } from './user-type-settings-table.tsx';
import { UsersSection } from './users-section.tsx';

function AdminDashboard() {
  const settings = useUserTypeSettings();
  useErrorToast(settings.error, ADMIN_MESSAGES.fetchSettingsFailed);

  if (settings.loading) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '30vh' }}>
        <Spinner label="Loading admin data" size={28} />
      </div>
    );
  }

  return (
    <>
      <Section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Plan Requests</h2>
        <PlanRequestsSection labelledBy="requests-heading" />
      </Section>
      <Section aria-labelledby="settings-heading">
        <h2 id="settings-heading">User Type Settings</h2>
        {settings.data ? (
          <UserTypeSettingsTable settings={settings.data.userTypeSettings} labelledBy="settings-heading" />
        ) : (
          <Muted>Settings are unavailable.</Muted>
        )}
      </Section>
      {settings.data && (
        <Section aria-labelledby="features-heading">
          <h2 id="features-heading">What Each Plan Includes</h2>
          <PlanFeaturesTable settings={settings.data.userTypeSettings} labelledBy="features-heading" />
        </Section>
      )}
      <Section aria-labelledby="users-heading">
        <h2 id="users-heading">Registered Users</h2>
        <UsersSection labelledBy="users-heading" />
      </Section>
    </>
  );
}

/** /admin: per-tier settings and all users, for admins only. */
export function AdminPage() {
  const { user } = useAuth();
  useDocumentTitle('Admin Dashboard');
  if (!user?.isAdmin) {
    return (
      <PageShell title="Admin access required">
        <Muted>This page is only available to administrators. Sign in with an administrator account to manage user type settings and users.</Muted>
      </PageShell>
    );
  }
  return (
    <PageShell title="Admin Dashboard">
      <AdminDashboard />
    </PageShell>
  );
}

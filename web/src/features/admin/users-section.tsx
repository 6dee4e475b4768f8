import { useState, type FormEvent } from 'react';
import {
  ADMIN_MESSAGES,
  PLAN_NAMES,
  changePlanDescription,
  changePlanTitle,
  planChangedMessage,
  usersPageText,
  usersRangeText,
  type UserType,
} from '@story/proto';
import { styled } from 'styled-components';
import { spreadRowStyles } from '../../components/spread-row.ts';
import { Button } from '../../components/button.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Label, compactControlStyles } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useErrorToast } from '../../hooks/use-error-toast.ts';
import { useUsersUsage } from '../../api/usage.api.ts';
import { useAdminUsersPage, useSetUserType } from './api/admin.api.ts';
import type { AdminUserRow, AdminUsersPage } from './api/admin.graphql.ts';
import { Muted } from './admin-table.ts';
import { UsersTable } from './users-table.tsx';

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};

  > div {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    flex: 1 1 16rem;
    max-width: 28rem;
  }
  input {
    height: 40px;
    width: 100%;
    ${compactControlStyles}
  }
`;

const Pager = styled.nav`
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  div {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

/** "Ada Lovelace", or the e-mail when the account has no name. */
const nameOf = (user: AdminUserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** A plan change waiting for the admin's word. */
interface PendingChange {
  user: AdminUserRow;
  to: UserType;
}

/** The search of names and e-mails: it runs when submitted (Enter or the button), from the first page. */
function UsersSearch({ onSearch }: { onSearch: (query: string) => void }) {
  const [typed, setTyped] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <SearchForm role="search" aria-label={ADMIN_MESSAGES.searchLabel} onSubmit={handleSubmit}>
      <div>
        <Label htmlFor="users-search">{ADMIN_MESSAGES.searchLabel}</Label>
        <input
          id="users-search"
          type="search"
          autoComplete="off"
          maxLength={254}
          placeholder={ADMIN_MESSAGES.searchPlaceholder}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <Button type="submit" $variant="secondary">
        {ADMIN_MESSAGES.searchButton}
      </Button>
    </SearchForm>
  );
}

/** Where the table stands ("Users 21–40 of 45") and the previous and next pages. */
function UsersPager({ shown, busy, onPage }: { shown: AdminUsersPage; busy: boolean; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(shown.total / shown.pageSize));
  const first = (shown.page - 1) * shown.pageSize + 1;
  const last = first + shown.users.length - 1;
  return (
    <Pager aria-label="Pages of users">
      <span role="status">{usersRangeText(Math.min(first, last), last, shown.total)}</span>
      <div>
        <Button $variant="secondary" disabled={shown.page <= 1 || busy} onClick={() => onPage(shown.page - 1)}>
          {ADMIN_MESSAGES.previousPage}
        </Button>
        <span>{usersPageText(shown.page, pages)}</span>
        <Button $variant="secondary" disabled={shown.page >= pages || busy} onClick={() => onPage(shown.page + 1)}>
          {ADMIN_MESSAGES.nextPage}
        </Button>
      </div>
    </Pager>
  );
}

/** A plan chosen in the table, held until the admin confirms it in a dialog naming the person and both plans. */
function usePlanChange() {
  const setUserType = useSetUserType();
  const [pending, setPending] = useState<PendingChange | undefined>();
  const [changing, setChanging] = useState(false);

  const handleConfirm = async () => {
    if (!pending) return;
    setChanging(true);
    try {
      await setUserType(pending.user.id, pending.to);
      notifySuccess(planChangedMessage(pending.user.email, PLAN_NAMES[pending.to]));
    } catch (error) {
      notifyFailure(ADMIN_MESSAGES.planChangeFailed, error);
    } finally {
      setChanging(false);
      setPending(undefined);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== undefined}
      title={pending ? changePlanTitle(nameOf(pending.user)) : ''}
      description={pending ? changePlanDescription(nameOf(pending.user), pending.user.email, PLAN_NAMES[pending.user.userType], PLAN_NAMES[pending.to]) : ''}
      cancelLabel={ADMIN_MESSAGES.changePlanCancel}
      confirmLabel={ADMIN_MESSAGES.changePlanConfirm}
      busy={changing}
      onCancel={() => setPending(undefined)}
      onConfirm={() => void handleConfirm()}
    />
  );
  const ask = (user: AdminUserRow, to: UserType) => {
    if (to !== user.userType) setPending({ user, to });
  };
  return { ask, dialog };
}

/**
 * "Registered Users" (issue 39, 5): a search of names and e-mails and pages of 20, both on the server;
 * changing a person's plan asks first, naming the person and both plans.
 */
export function UsersSection({ labelledBy }: { labelledBy: string }) {
  const [search, setSearch] = useState({ query: '', page: 1 });
  const users = useAdminUsersPage(search.query, search.page);
  const usage = useUsersUsage();
  const planChange = usePlanChange();
  useErrorToast(users.error, ADMIN_MESSAGES.fetchUsersFailed);

  const secondsById = usage.data ? new Map(usage.data.users.map((row) => [row.userId, row.usedSeconds])) : undefined;
  // While the next page loads, the one on screen stays (marked busy) rather than blinking away.
  const shown = users.data?.usersPage ?? users.previousData?.usersPage;

  return (
    <>
      <UsersSearch onSearch={(query) => setSearch({ query, page: 1 })} />
      {!shown && users.loading && <Spinner label="Loading users" size={24} />}
      {!shown && !users.loading && <Muted>The user list is unavailable.</Muted>}
      {shown && shown.total === 0 && <Muted role="status">{search.query ? ADMIN_MESSAGES.noUsersFound : 'No registered users yet.'}</Muted>}
      {shown && shown.users.length > 0 && (
        <div aria-busy={users.loading || undefined}>
          <UsersTable users={shown.users} labelledBy={labelledBy} secondsById={secondsById} onSetUserType={planChange.ask} />
        </div>
      )}
      {shown && shown.total > 0 && <UsersPager shown={shown} busy={users.loading} onPage={(page) => setSearch((now) => ({ ...now, page }))} />}
      {planChange.dialog}
    </>
  );
}

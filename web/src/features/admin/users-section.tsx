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
import { Button } from '../../components/button.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Label, compactControlStyles } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useErrorToast } from '../../hooks/use-error-toast.ts';
import { useUsersUsage } from '../usage/index.ts';
import { useAdminUsersPage, useSetUserType } from './api/admin.api.ts';
import type { AdminUserRow } from './api/admin.graphql.ts';
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
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
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

/**
 * "Registered Users" (issue 39, 5): a search of names and e-mails and pages of 20, both on the server;
 * changing a person's plan asks first, naming the person and both plans.
 */
export function UsersSection({ labelledBy }: { labelledBy: string }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState({ query: '', page: 1 });
  const users = useAdminUsersPage(search.query, search.page);
  const usage = useUsersUsage();
  const setUserType = useSetUserType();
  const [pending, setPending] = useState<PendingChange | undefined>();
  const [changing, setChanging] = useState(false);
  useErrorToast(users.error, ADMIN_MESSAGES.fetchUsersFailed);

  const secondsById = usage.data ? new Map(usage.data.users.map((row) => [row.userId, row.usedSeconds])) : undefined;
  // While the next page loads, the one on screen stays (marked busy) rather than blinking away.
  const shown = users.data?.usersPage ?? users.previousData?.usersPage;

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ query: typed.trim(), page: 1 });
  };

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

  const pages = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1;
  const first = shown && shown.users.length > 0 ? (shown.page - 1) * shown.pageSize + 1 : 0;
  const last = shown ? first + shown.users.length - (shown.users.length > 0 ? 1 : 0) : 0;

  return (
    <>
      <SearchForm role="search" aria-label={ADMIN_MESSAGES.searchLabel} onSubmit={handleSearch}>
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

      {!shown && users.loading && <Spinner label="Loading users" size={24} />}
      {!shown && !users.loading && <Muted>The user list is unavailable.</Muted>}
      {shown && shown.total === 0 && <Muted role="status">{search.query ? ADMIN_MESSAGES.noUsersFound : 'No registered users yet.'}</Muted>}
      {shown && shown.users.length > 0 && (
        <div aria-busy={users.loading || undefined}>
          <UsersTable
            users={shown.users}
            labelledBy={labelledBy}
            secondsById={secondsById}
            onSetUserType={(user, to) => {
              if (to !== user.userType) setPending({ user, to });
            }}
          />
        </div>
      )}
      {shown && shown.total > 0 && (
        <Pager aria-label="Pages of users">
          <span role="status">{usersRangeText(first, last, shown.total)}</span>
          <div>
            <Button $variant="secondary" disabled={shown.page <= 1 || users.loading} onClick={() => setSearch((now) => ({ ...now, page: now.page - 1 }))}>
              {ADMIN_MESSAGES.previousPage}
            </Button>
            <span>{usersPageText(shown.page, pages)}</span>
            <Button $variant="secondary" disabled={shown.page >= pages || users.loading} onClick={() => setSearch((now) => ({ ...now, page: now.page + 1 }))}>
              {ADMIN_MESSAGES.nextPage}
            </Button>
          </div>
        </Pager>
      )}

      <ConfirmDialog
        open={pending !== undefined}
        title={pending ? changePlanTitle(nameOf(pending.user)) : ''}
        description={
          pending ? changePlanDescription(nameOf(pending.user), pending.user.email, PLAN_NAMES[pending.user.userType], PLAN_NAMES[pending.to]) : ''
        }
        cancelLabel={ADMIN_MESSAGES.changePlanCancel}
        confirmLabel={ADMIN_MESSAGES.changePlanConfirm}
        busy={changing}
        onCancel={() => setPending(undefined)}
        onConfirm={() => void handleConfirm()}
      />
    </>
  );
}

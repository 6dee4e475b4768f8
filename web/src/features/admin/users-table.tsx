import { PLAN_NAMES, USER_TYPES, usedMinutes, type UserType } from '@story/proto';
import { styled } from 'styled-components';
import { Select } from '../../components/form-field.tsx';
import { CardLabel, narrowScreen } from '../../components/card-layout.ts';
import { formatDateTime24 } from '../../lib/date-format.ts';
import type { AdminUserRow } from './api/admin.graphql.ts';
import { Muted, Table, TableScroll } from './admin-table.ts';

/** On a card, the first and last name side by side as its title; the other cells below, full width. */
const UsersTableLayout = styled(Table)`
  td:nth-child(3) {
    overflow-wrap: anywhere;
    min-width: 12rem;
  }
  @media ${narrowScreen} {
    && tr {
      grid-template-columns: auto minmax(0, 1fr);
    }
    && tbody tr > :nth-child(2) {
      font-size: ${({ theme }) => theme.fontSizes.lg};
      font-weight: 700;
    }
    && tbody tr > :nth-child(n + 3) {
      grid-column: 1 / -1;
    }
  }
`;

interface UsersTableProps {
  users: readonly AdminUserRow[];
  labelledBy: string;
  /** Seconds each user transcribed this month, by id (issue 21); undefined while unknown. */
  secondsById?: ReadonlyMap<number, number> | undefined;
  /** A plan chosen in a row's select (the row keeps showing the current plan until the change is made). */
  onSetUserType: (user: AdminUserRow, userType: UserType) => void;
}

const planName = (userType: UserType | null) => (userType ? `${PLAN_NAMES[userType]} (${userType})` : '—');

/**
 * Registered users, their plan (editable), the plan asked for at sign-up and this month's minutes (a
 * minute begun counts); created time as "MMM dd, yyyy HH:mm". Long e-mails wrap, so the table fits 1280 px.
 */
export function UsersTable({ users, labelledBy, secondsById, onSetUserType }: UsersTableProps) {
  if (users.length === 0) return <Muted>No registered users yet.</Muted>;
  return (
    <TableScroll role="group" aria-labelledby={labelledBy}>
      <UsersTableLayout>
        <thead>
          <tr>
            <th scope="col">First name</th>
            <th scope="col">Last name</th>
            <th scope="col">Email</th>
            <th scope="col">User type</th>
            <th scope="col">Requested plan</th>
            <th scope="col">Minutes this month</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>{user.firstName}</td>
              <td>{user.lastName}</td>
              <td>
                <CardLabel>Email</CardLabel>
                {user.email}
              </td>
              <td>
                <CardLabel>User type</CardLabel>
                <Select
                  aria-label={`User type of ${user.email}`}
                  value={user.userType}
                  onChange={(e) => onSetUserType(user, USER_TYPES.find((type) => type === e.target.value) ?? user.userType)}
                >
                  {USER_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {planName(type)}
                    </option>
                  ))}
                </Select>
              </td>
              <td>
                <CardLabel>Requested plan</CardLabel>
                {planName(user.requestedPlan)}
              </td>
              <td>
                <CardLabel>Minutes this month</CardLabel>
                {secondsById ? usedMinutes(secondsById.get(Number(user.id)) ?? 0) : '…'}
              </td>
              <td>
                <CardLabel>Created</CardLabel>
                <time dateTime={user.createdAt}>{formatDateTime24(user.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </UsersTableLayout>
    </TableScroll>
  );
}

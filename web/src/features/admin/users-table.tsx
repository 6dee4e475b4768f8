import { styled } from 'styled-components';
import { CardLabel, narrowScreen } from '../../components/card-layout.ts';
import { formatDateTime24 } from '../../lib/date-format.ts';
import type { AdminUserRow } from './api/admin.graphql.ts';
import { capitalize } from './admin-settings.ts';
import { Muted, Table, TableScroll } from './admin-table.ts';

/** On a card, the first and last name side by side as its title; the other cells below, full width. */
const UsersTableLayout = styled(Table)`
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

/** Every registered user, created time as "MMM dd, yyyy HH:mm". */
export function UsersTable({ users, labelledBy }: { users: readonly AdminUserRow[]; labelledBy: string }) {
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
                {capitalize(user.userType)}
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

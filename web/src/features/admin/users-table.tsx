import { formatDateTime24 } from '../../lib/date-format.ts';
import type { AdminUserRow } from './admin.graphql.ts';
import { capitalize } from './admin-settings.ts';
import { Muted, Table, TableScroll } from './admin-table.ts';

/** Every registered user, created time as "MMM dd, yyyy HH:mm". */
export function UsersTable({ users }: { users: readonly AdminUserRow[] }) {
  if (users.length === 0) return <Muted>No registered users yet.</Muted>;
  return (
    <TableScroll>
      <Table>
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
              <td>{user.email}</td>
              <td>{capitalize(user.userType)}</td>
              <td>
                <time dateTime={user.createdAt}>{formatDateTime24(user.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

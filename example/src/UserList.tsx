import { useSuspense } from 'rtk-entities/react';
import { getUsers } from './endpoints';
import { UserRow } from './UserRow';

/** GET /users as `schema.All(User)`: every cached user, a new one included with no refetch. */
export function UserList() {
  const users = useSuspense(getUsers);
  return (
    <ul className="users" data-testid="user-list">
      {users.map((user) => (
        <UserRow key={user.pk()} user={user} />
      ))}
    </ul>
  );
}

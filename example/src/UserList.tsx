import { useSuspense } from 'rtk-entities/react';
import { getUsers } from './endpoints';

export function UserList() {
  const users = useSuspense(getUsers);
  return (
    <ul className="users" data-testid="user-list">
      {users.map((user) => (
        <li key={user.pk()} data-testid="user">
          <span className="avatar" aria-hidden="true">
            {user.name.slice(0, 1).toUpperCase()}
          </span>
          <span data-testid="user-name">{user.name}</span>
        </li>
      ))}
    </ul>
  );
}

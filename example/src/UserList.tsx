import { useSuspense } from 'rtk-entities/react';
import { getUsers } from './endpoints';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A name's first character as a reader sees it: a whole emoji (👩‍💻, 🇫🇷), never half of one. */
function initial(name: string): string {
  const [first] = graphemes.segment(name);
  return first === undefined ? '' : first.segment.toUpperCase();
}

export function UserList() {
  const users = useSuspense(getUsers);
  return (
    <ul className="users" data-testid="user-list">
      {users.map((user) => (
        <li key={user.pk()} data-testid="user">
          <span className="avatar" aria-hidden="true" data-testid="user-avatar">
            {initial(user.name)}
          </span>
          <span className="user-text" data-testid="user-name">
            {user.name}
          </span>
        </li>
      ))}
    </ul>
  );
}

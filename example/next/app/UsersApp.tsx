'use client';
// The browser's store, made once from the server's state: the users show with no request, and a
// new user joins the list after one POST.
import { useState, type FormEvent } from 'react';
import { Provider } from 'react-redux';
import { useController, useSuspense } from 'rtk-entities/react';
import { makeStore, type ServerState } from '../src/makeStore';
import { createUser, getUsers } from '../src/users';

function Users() {
  const users = useSuspense(getUsers);
  const ctrl = useController();
  const [name, setName] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    void ctrl.fetch(createUser, { name }).then(() => setName(''));
  };
  return (
    <>
      <ul data-testid="users">
        {users.map((user) => (
          <li key={user.pk()} data-testid="user-name">
            {user.name}
          </li>
        ))}
      </ul>
      <form onSubmit={add}>
        <input data-testid="user-input" value={name} onChange={(event) => setName(event.target.value)} />
        <button data-testid="user-submit" type="submit">
          Add user
        </button>
      </form>
    </>
  );
}

export function UsersApp({ state }: { state: ServerState }) {
  const [store] = useState(() => makeStore({ preloadedState: state }));
  return (
    <Provider store={store}>
      <Users />
    </Provider>
  );
}

'use client';
// The browser's store, made once from the server's state: the users show with no request, and a
// new user joins the list after one POST. A name the server refuses shows its reason.
import { useState, type FormEvent } from 'react';
import { Provider } from 'react-redux';
import { NetworkError } from 'rtk-entities';
import { useController, useSuspense } from 'rtk-entities/react';
import { makeStore, type ServerState } from '../src/makeStore';
import { createUser, getUsers } from '../src/users';

/** What to show for a failed POST: the API's `{ message }`, else the error's own. */
async function reasonOf(error: unknown): Promise<string> {
  if (error instanceof NetworkError) {
    const body: unknown = await error.response.json().catch(() => undefined);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
      return body.message;
  }
  return error instanceof Error ? error.message : 'The user could not be added.';
}

function Users() {
  const users = useSuspense(getUsers);
  const ctrl = useController();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await ctrl.fetch(createUser, { name });
      setName('');
    } catch (caught) {
      setError(await reasonOf(caught));
    }
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
        <input
          aria-label="Name"
          data-testid="user-input"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <button data-testid="user-submit" type="submit">
          Add user
        </button>
        {error === undefined ? null : (
          <p role="alert" data-testid="user-error" style={{ color: '#b42318' }}>
            {error}
          </p>
        )}
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

// A server component: fetches the users through the library on the server, and hands the store's
// state to the client component, which shows them without a request of its own.
import { headers } from 'next/headers';
import { fetchEndpoint } from 'rtk-entities';
import { makeStore } from '../src/makeStore';
import { getUsers } from '../src/users';
import { UsersApp } from './UsersApp';

// every request renders anew: the users change
export const dynamic = 'force-dynamic';

export default async function Page() {
  const host = (await headers()).get('host') ?? '127.0.0.1';
  const origin = `http://${host}`;
  const store = makeStore({ fetch: (input, init) => fetch(new URL(String(input), origin), init) });
  await store.dispatch(fetchEndpoint(getUsers));
  return (
    <main>
      <h1>rtk-entities with Next.js</h1>
      <p>The list was fetched on the server; the browser shows it from the server&apos;s state.</p>
      <UsersApp state={store.getState()} />
    </main>
  );
}

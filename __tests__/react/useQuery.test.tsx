/** @jest-environment jsdom */
/**
 * useQuery: reads a queryable schema (schema.All, an Entity by key, a Lazy field's query) from the
 * store, never fetching, re-rendering only for what it shows.
 */
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { Entity, Lazy, RestEndpoint, schema } from '../../src/index';
import { useQuery } from '../../src/react/index';
import { Link, Post, User, feedResponse, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';
import { renderCounter, renderWithStore } from './harness';

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });
const getFeed = new RestEndpoint({
  urlPrefix: API,
  path: '/feed',
  schema: new schema.All({ link: Link, post: Post }, 'type'),
});
const allUsers = new schema.All(User);

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

describe('useQuery', () => {
  test('lists every cached entity of a schema.All, and never fetches', () => {
    const { store, ctrl } = makeStore();
    function Count() {
      const users = useQuery(allUsers);
      return <p>{users?.length === 0 ? 'none' : users?.map((user) => user.name).join(', ')}</p>;
    }
    const view = renderWithStore(store, <Count />);
    expect(screen.getByText('none')).toBeTruthy();
    expect(store.getState().entities.meta).toEqual({});
    act(() => void ctrl.setResponse(getUsers, usersResponse));
    expect(screen.getByText('Ann, Bo')).toBeTruthy();
    view.unmount();
  });

  test('a polymorphic All lists links and posts', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getFeed, feedResponse);
    const feed = new schema.All({ link: Link, post: Post }, 'type');
    function Feed() {
      const items = useQuery(feed);
      return <p>{items?.map((item) => item.type).join(' ')}</p>;
    }
    renderWithStore(store, <Feed />);
    expect(screen.getByText('link link post')).toBeTruthy();
  });

  test('finds an Entity by primary key; equal arguments in a new object keep the selector', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const counter = renderCounter();
    const seen: (User | undefined)[] = [];
    function One() {
      counter.hit();
      const [, setTick] = useState(0);
      const user = useQuery(User, { id: '2' });
      seen.push(user);
      return <button onClick={() => setTick((tick) => tick + 1)}>{user?.name}</button>;
    }
    renderWithStore(store, <One />);
    act(() => screen.getByText('Bo').click());
    expect(counter.count).toBe(2);
    expect(seen[1]).toBe(seen[0]);
  });

  test('a write to an unrelated entity does not re-render a list; a write to a listed entity does', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    const counter = renderCounter();
    function List() {
      counter.hit();
      const users = useQuery(allUsers);
      return (
        <ul>
          {users?.map((user) => (
            <li key={user.id}>{user.name}</li>
          ))}
        </ul>
      );
    }
    renderWithStore(store, <List />);
    expect(counter.count).toBe(1);
    act(() => void ctrl.setResponse(getFeed, feedResponse));
    act(() => ctrl.invalidate(getUsers));
    expect(counter.count).toBe(1);
    act(() => void ctrl.setResponse(getUser, { id: '3' }, { id: '3', name: 'Cy' }));
    expect(screen.getByText('Cy')).toBeTruthy();
    expect(counter.count).toBe(2);
  });

  test('null skips', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(getUsers, usersResponse);
    function Maybe() {
      return <p>{useQuery(User, null) === undefined ? 'skipped' : 'read'}</p>;
    }
    renderWithStore(store, <Maybe />);
    expect(screen.getByText('skipped')).toBeTruthy();
  });

  test("a Lazy field's entities, read on demand with useQuery(lazy.query, pks): a change of one re-renders the reader, not the holder", () => {
    class Room extends Entity {
      id = '';
      name = '';
      pk() {
        return this.id;
      }
      static override key = 'Room';
    }
    class Floor extends Entity {
      id = '';
      rooms: string[] = [];
      pk() {
        return this.id;
      }
      static override key = 'Floor';
      static override schema = { rooms: new Lazy([Room]) };
    }
    const { store, ctrl } = makeStore();
    ctrl.set(Floor, {
      id: 'f1',
      rooms: [
        { id: 'r1', name: 'Lab' },
        { id: 'r2', name: 'Office' },
      ],
    });
    const floorRenders = renderCounter();
    const roomRenders = renderCounter();
    function Rooms({ ids }: { ids: string[] }) {
      roomRenders.hit();
      const rooms = useQuery(Floor.schema.rooms.query, ids);
      return <p>{rooms?.map((room) => room.name).join(', ')}</p>;
    }
    function FloorView() {
      floorRenders.hit();
      const floor = useQuery(Floor, 'f1');
      return floor === undefined ? null : <Rooms ids={floor.rooms} />;
    }
    renderWithStore(store, <FloorView />);
    expect(screen.getByText('Lab, Office')).toBeTruthy();
    const before = floorRenders.count;

    act(() => void ctrl.set(Room, { id: 'r2', name: 'Kitchen' }));

    expect(screen.getByText('Lab, Kitchen')).toBeTruthy();
    expect(floorRenders.count).toBe(before);
    expect(roomRenders.count).toBe(2);
  });
});

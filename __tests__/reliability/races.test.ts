/**
 * Issue 7, concurrency scenarios that fail on the current library (see the report of issue 7).
 */
import nock from 'nock';
import { Entity, createResource, fetchEndpoint, getEntitySelectors, selectResponse } from '../../src/index';
import { assertNetworkDone, strictNetwork } from '../fixtures/store';
import { API, buildStore, held, tickingClock } from './helpers';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Todo extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Todo';
}
const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo });

class Note extends Entity {
  id = 0;
  text = '';
  done = false;
  pinned = false;
  pk() {
    return `${this.id}`;
  }
  static override key = 'Note';
}
const NoteResource = createResource({ urlPrefix: API, path: '/notes/:id', schema: Note, optimistic: true });

const ids = (items: readonly { pk(): unknown }[] | undefined) => items?.map((item) => item.pk());

test('a push resolving while a read of the same list is in flight: the older list response does not drop the new item', async () => {
  const { store } = buildStore({ now: tickingClock().now });
  nock(API)
    .get('/todos')
    .reply(200, [
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ]);
  await store.dispatch(fetchEndpoint(TodoResource.getList));
  const list = () => selectResponse(TodoResource.getList)(store.getState()).data;

  const read = held('get', '/todos', 200, [
    { id: 1, title: 'a' },
    { id: 2, title: 'b' },
  ]); // the server's list as it was when the read started
  const refetch = store.dispatch(fetchEndpoint(TodoResource.getList));
  await read.arrived;
  nock(API).post('/todos', { id: 3, title: 'c' }).reply(201, { id: 3, title: 'c' });
  await store.dispatch(fetchEndpoint(TodoResource.getList.push, { id: 3, title: 'c' }));
  expect(ids(list())).toEqual(['1', '2', '3']);

  read.release();
  await refetch;
  expect(ids(list())).toEqual(['1', '2', '3']);
});

test('three overlapping optimistic updates; the first fails while the others are pending: its change disappears at once', async () => {
  const { store, slice } = buildStore({ now: tickingClock().now });
  nock(API).get('/notes').reply(200, [{ id: 1, text: 'one', done: false, pinned: false }]);
  await store.dispatch(fetchEndpoint(NoteResource.getList));
  const note = () => getEntitySelectors(Note).selectById(store.getState(), 1);

  const first = held('patch', '/notes/1', 403, { detail: 'read only' });
  const second = held('patch', '/notes/1', 200, { id: 1, text: 'B' });
  const third = held('patch', '/notes/1', 200, { id: 1, pinned: true });
  const one = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { done: true }));
  const two = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'B' }));
  const three = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { pinned: true }));
  expect(note()).toMatchObject({ done: true, text: 'B', pinned: true });
  await Promise.all([first.arrived, second.arrived, third.arrived]);

  first.release();
  await expect(one).rejects.toMatchObject({ status: 403 });
  // the server refused `done: true`; nothing else asked for it
  expect(note()).toMatchObject({ done: false, text: 'B', pinned: true });

  second.release();
  await two;
  expect(note()).toMatchObject({ done: false, text: 'B', pinned: true });
  third.release();
  await three;
  expect(note()).toMatchObject({ done: false, text: 'B', pinned: true });
  expect(slice().optimistic).toEqual([]);
  expect(slice().entities.Note?.['1']).toEqual({ id: 1, text: 'B', done: false, pinned: true });
});

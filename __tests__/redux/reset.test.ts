/**
 * resetEntireStore() with requests in flight: the slice empties at once, every pending promise
 * rejects with ResetError, the late responses are dropped (nothing is dispatched for them), and a
 * read started after the reset makes its own request.
 */
import nock from 'nock';
import {
  Entity,
  RestEndpoint,
  ResetError,
  createResource,
  fetchEndpoint,
  getEntitySelectors,
  schema,
  selectResponse,
} from '../../src/index';
import { User } from '../fixtures/spec';
import {
  API,
  assertNetworkDone,
  deferred,
  held,
  makeStore,
  rejectionOf,
  strictNetwork,
  tickingClock,
} from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });
const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User });

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

describe('reset with requests in flight', () => {
  test('a reset drops late responses and rejects their promises', async () => {
    const { store, ctrl, slice } = makeStore();
    const late = deferred();
    const received = deferred();
    nock(API)
      .get('/users')
      .reply(200, async () => {
        received.resolve();
        await late.promise;
        return [{ id: '1', name: 'Ann' }];
      });
    const request = store.dispatch(fetchEndpoint(getUsers));
    await received.promise; // the server has the request
    ctrl.resetEntireStore();
    late.resolve();
    await expect(request).rejects.toBeInstanceOf(ResetError);
    expect(slice().entities).toEqual({});
    expect(selectResponse(getUsers)(store.getState()).status).toBe('uninitialized');
  });

  test('late responses are dropped and every promise rejects with ResetError, at once', async () => {
    const { store, ctrl, slice } = makeStore({ now: tickingClock().now });
    nock(API)
      .get('/notes')
      .reply(200, [{ id: 1, text: 'one', done: false, pinned: false }]);
    await store.dispatch(fetchEndpoint(NoteResource.getList));

    const read = held('get', '/users', 200, [{ id: '1', name: 'late' }]);
    const failing = held('get', '/users/2', 500, { detail: 'late failure' });
    const mutation = held('patch', '/notes/1', 200, { id: 1, text: 'late' });
    const requests = [
      store.dispatch(fetchEndpoint(getUsers)),
      store.dispatch(fetchEndpoint(getUser, { id: 2 })),
      store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'optimistic' })),
    ];
    expect(slice().optimistic).toHaveLength(1);
    await Promise.all([read.arrived, failing.arrived, mutation.arrived]);

    ctrl.resetEntireStore();
    const afterReset = slice();
    expect(afterReset).toMatchObject({
      entities: {},
      entitiesMeta: {},
      indexes: {},
      endpoints: {},
      meta: {},
      optimistic: [],
    });
    expect(afterReset.committed).toBeUndefined();

    // rejected before any server answers: the requests were aborted
    const errors = await Promise.all(requests.map(rejectionOf));
    for (const [error, name] of errors.map(
      (error, i) => [error, ['GET /users', 'GET /users/:id', 'Note.partialUpdate'][i]] as const,
    )) {
      expect(error).toBeInstanceOf(ResetError);
      expect((error as Error).message).toBe(
        `${name}: the store was reset while this request was in flight, so its response was dropped.`,
      );
    }
    read.release();
    failing.release();
    mutation.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(slice()).toBe(afterReset); // nothing was dispatched for them

    nock(API)
      .get('/users')
      .reply(200, [{ id: '3', name: 'fresh' }]);
    await store.dispatch(fetchEndpoint(getUsers));
    expect(
      getEntitySelectors(User)
        .selectAll(store.getState())
        .map((user) => user.name),
    ).toEqual(['fresh']);
  });

  test('a read started right after the reset does not share the dropped request, it makes its own', async () => {
    const { store, ctrl } = makeStore({ now: tickingClock().now });
    const dropped = held('get', '/users', 200, [{ id: '1', name: 'late' }]);
    const before = store.dispatch(fetchEndpoint(getUsers));
    await dropped.arrived;

    ctrl.resetEntireStore();
    nock(API)
      .get('/users')
      .reply(200, [{ id: '2', name: 'after reset' }]);
    const after = store.dispatch(fetchEndpoint(getUsers)); // same key, the dropped request has not settled yet

    await expect(rejectionOf(before)).resolves.toBeInstanceOf(ResetError);
    await expect(after).resolves.toEqual([expect.objectContaining({ id: '2', name: 'after reset' })]);
    dropped.release();
    expect(getEntitySelectors(User).selectIds(store.getState())).toEqual(['2']);
  });
});

/**
 * A state that arrived from elsewhere (adoptState.ts, middleware/arrivals.ts): preloadedState taken
 * from another store of this process keeps none of its requests once the store's first action
 * passes; saved states that look like ours but are broken give an error and an empty, working slice.
 */
import nock from 'nock';
import { Entity, createResource } from '../../src/index';
import { API, assertNetworkDone, held, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Note extends Entity {
  id = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Note';
  static override indexes = ['text'];
}
const NoteResource = createResource({ urlPrefix: API, path: '/notes/:id', schema: Note, optimistic: true });
const notes = [{ id: '1', text: 'one' }];

test('preloadedState taken from another store in this process (server store per request) drops its request in flight on its first action', async () => {
  const warm = makeStore();
  const server = held('get', '/notes', 200, notes);
  const request = warm.ctrl.fetch(NoteResource.getList);
  expect(warm.ctrl.getResponse(NoteResource.getList).isFetching).toBe(true);

  const perRequest = makeStore({ preloadedState: { entities: warm.slice() } });
  perRequest.store.dispatch({ type: 'app/started' });
  // the request belongs to `warm`: nothing in `perRequest` will ever settle it
  expect(perRequest.ctrl.getResponse(NoteResource.getList).isFetching).toBe(false);
  server.release();
  await request;
});

describe('a state that passes the shape check but breaks the next action', () => {
  const base = () => ({
    entities: {},
    entitiesMeta: {},
    indexes: {},
    endpoints: {},
    meta: {},
    lastReset: 0,
    optimistic: [],
  });
  test.each([
    ['committed is a string', { ...base(), committed: 'x' }],
    ['committed is an empty object', { ...base(), committed: {} }],
    ['a table is null', { ...base(), entities: { Note: null } }],
    ['a meta stamp is null', { ...base(), entitiesMeta: { Note: [null] } }],
    ['a meta stamp has no pks', { ...base(), entitiesMeta: { Note: [{ meta: { fetchedAt: 1 } }] } }],
    ['an index is null', { ...base(), indexes: { Note: null } }],
  ])('%s: error and an empty working slice, not a crash', async (_name, saved) => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { ctrl, slice } = makeStore({ preloadedState: { entities: saved as never } });
    nock(API).get('/notes').times(2).reply(200, notes);
    await ctrl.fetch(NoteResource.getList);
    await ctrl.fetch(NoteResource.getList); // (a second write reads the stored record's meta)
    expect(slice().entities).toMatchObject({ Note: { 1: { id: '1', text: 'one' } } });
    errors.mockRestore();
  });

  test('a meta entry with only fetchedAt: the key refetches, not fresh forever', async () => {
    const saved = {
      ...base(),
      endpoints: { [NoteResource.getList.key()]: '{}' },
      meta: { [NoteResource.getList.key()]: { fetchedAt: 1 } },
      entities: { Note: { 1: { id: '1', text: 'one' } } },
      entitiesMeta: { Note: [{ meta: { fetchedAt: 1, date: 1, expiresAt: 2 }, pks: ['1'] }] },
    };
    const { ctrl } = makeStore({ preloadedState: { entities: saved as never } });
    const scope = nock(API).get('/notes').reply(200, notes);
    await ctrl.fetchIfStale(NoteResource.getList);
    expect(scope.isDone()).toBe(true);
  });
});

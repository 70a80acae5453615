import nock from 'nock';
import { Entity, createResource, fetchEndpoint, getEntitySelectors, selectResponse } from '../../src/index';
import { API, assertNetworkDone, deferred, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

class Note extends Entity {
  id = 0;
  text = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Note';
}

const NoteResource = createResource({ urlPrefix: API, path: '/notes/:id', schema: Note, optimistic: true });

/** A store holding notes 1 and 2, and a server whose answers the test releases. */
async function setup() {
  let clock = 1000;
  const store = makeStore({ now: () => (clock += 10) });
  nock(API).get('/notes').reply(200, [
    { id: 1, text: 'one' },
    { id: 2, text: 'two' },
  ]);
  await store.store.dispatch(fetchEndpoint(NoteResource.getList));
  const read = () => getEntitySelectors(Note).selectAll(store.store.getState());
  return { ...store, read };
}

function held<T>(method: 'put' | 'patch' | 'post' | 'delete', path: string, status: number, body: T) {
  const release = deferred();
  const scope = nock(API)
    [method](path)
    .reply(status, async () => {
      await release.promise;
      return body as never;
    });
  return { release: release.resolve, scope };
}

describe('optimistic updates', () => {
  test('the optimistic result shows in every selector at once; the server response replaces it', async () => {
    const { store, read } = await setup();
    const server = held('patch', '/notes/1', 200, { id: 1, text: 'ONE (server)' });
    const request = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'ONE' }));
    expect(read()[0]?.text).toBe('ONE');
    expect(selectResponse(NoteResource.getList)(store.getState()).data?.[0]?.text).toBe('ONE');
    expect(store.getState().entities.optimistic).toHaveLength(1);
    server.release();
    await request;
    expect(read()[0]?.text).toBe('ONE (server)');
    expect(store.getState().entities.optimistic).toHaveLength(0);
    expect(store.getState().entities.committed).toBeUndefined();
  });

  test('on failure the optimistic layer is rolled back exactly: selected objects are === to before', async () => {
    const { store, read } = await setup();
    const before = read();
    const tables = store.getState().entities.entities;
    const server = held('patch', '/notes/1', 500, { detail: 'no' });
    const request = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'ONE' }));
    expect(read()[0]?.text).toBe('ONE');
    server.release();
    await expect(request).rejects.toMatchObject({ status: 500 });
    expect(store.getState().entities.entities).toBe(tables);
    expect(read()).toBe(before);
  });

  test('an optimistic delete hides the item, and comes back when the server refuses', async () => {
    const { store, read } = await setup();
    const before = read();
    const server = held('delete', '/notes/2', 403, { detail: 'forbidden' });
    const request = store.dispatch(fetchEndpoint(NoteResource.delete, { id: 2 }));
    expect(read().map((note) => note.pk())).toEqual(['1']);
    expect(selectResponse(NoteResource.getList)(store.getState()).data?.map((note) => note.pk())).toEqual(['1']);
    server.release();
    await expect(request).rejects.toMatchObject({ status: 403 });
    expect(read()).toBe(before);
  });

  test('an optimistic push shows the new item in its lists', async () => {
    const { store } = await setup();
    const server = held('post', '/notes', 201, { id: 3, text: 'three' });
    const request = store.dispatch(fetchEndpoint(NoteResource.getList.push, { id: 3, text: 'three' }));
    expect(selectResponse(NoteResource.getList)(store.getState()).data?.map((note) => note.pk())).toEqual(['1', '2', '3']);
    server.release();
    await request;
    expect(selectResponse(NoteResource.getList)(store.getState()).data?.map((note) => note.pk())).toEqual(['1', '2', '3']);
  });

  test('overlapping updates apply in request order, whatever order the server answers in', async () => {
    const { store, read } = await setup();
    const first = held('patch', '/notes/1', 200, { id: 1, text: 'first (server)' });
    const second = held('patch', '/notes/1', 200, { id: 1, text: 'second (server)' });
    const third = held('patch', '/notes/1', 500, { detail: 'no' });
    const one = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'first' }));
    const two = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'second' }));
    const three = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'third' }));
    expect(read()[0]?.text).toBe('third');
    second.release();
    await two;
    expect(read()[0]?.text).toBe('third'); // the later optimistic layer stays on top
    third.release();
    await expect(three).rejects.toMatchObject({ status: 500 });
    expect(read()[0]?.text).toBe('second (server)');
    first.release();
    await one;
    expect(read()[0]?.text).toBe('second (server)'); // the older response does not overwrite the newer one
    expect(store.getState().entities.optimistic).toHaveLength(0);
  });

  test('the optimistic queue is plain data: it survives JSON', async () => {
    const { store } = await setup();
    const server = held('patch', '/notes/1', 200, { id: 1, text: 'x' });
    const request = store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text: 'y' }));
    const { optimistic } = store.getState().entities;
    expect(JSON.parse(JSON.stringify(optimistic))).toEqual(JSON.parse(JSON.stringify(optimistic)));
    expect(optimistic[0]).toMatchObject({ key: NoteResource.partialUpdate.key({ id: 1 }, { text: 'y' }) });
    server.release();
    await request;
  });
});

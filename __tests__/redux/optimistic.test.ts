/**
 * Optimistic updates (`src/redux/middleware/optimistic.ts`): an endpoint's optimistic response shows
 * in every selector at once, on a layer over the committed tables; the server's answer replaces it
 * and a failure rolls it back; overlapping layers apply in the order their requests started,
 * whatever order the answers come in; the queue is plain data; an optimistic response that throws or
 * does not normalize is left out with a warning. That a rollback gives back the very objects read
 * before is in guarantees/rollbackIdentity.test.ts.
 */
import nock from 'nock';
import { Entity, createResource, fetchEndpoint, getEntitySelectors, selectResponse } from '../../src/index';
import type { Snapshot } from '../../src/index';
import { API, assertNetworkDone, held, makeStore, strictNetwork, tickingClock } from '../fixtures/store';
import { recordOf } from '../../src/storage/table.js';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

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

/** A store holding notes 1 and 2, and a server whose answers the test releases. */
async function setup() {
  const store = makeStore({ now: tickingClock().now });
  nock(API)
    .get('/notes')
    .reply(200, [
      { id: 1, text: 'one' },
      { id: 2, text: 'two' },
    ]);
  await store.store.dispatch(fetchEndpoint(NoteResource.getList));
  const read = () => getEntitySelectors(Note).selectAll(store.store.getState());
  return { ...store, read };
}

/** A store holding note 1 alone, and a reader of it. */
async function withNote() {
  const setup = makeStore({ now: tickingClock().now });
  nock(API)
    .get('/notes')
    .reply(200, [{ id: 1, text: 'one', done: false, pinned: false }]);
  await setup.store.dispatch(fetchEndpoint(NoteResource.getList));
  const note = () => getEntitySelectors(Note).selectById(setup.store.getState(), 1);
  return { ...setup, note };
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
    expect(selectResponse(NoteResource.getList)(store.getState()).data?.map((note) => note.pk())).toEqual([
      '1',
      '2',
      '3',
    ]);
    server.release();
    await request;
    expect(selectResponse(NoteResource.getList)(store.getState()).data?.map((note) => note.pk())).toEqual([
      '1',
      '2',
      '3',
    ]);
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
    expect(optimistic).toHaveLength(1);
    // the round trip keeps every field: nothing is a class instance, function, undefined or symbol
    expect(JSON.parse(JSON.stringify(optimistic))).toStrictEqual(plainCopy(optimistic));
    expect(optimistic[0]).toMatchObject({
      key: NoteResource.partialUpdate.key({ id: 1 }, { text: 'y' }),
      entities: { Note: { '1': { id: 1, text: 'y' } } },
    });
    server.release();
    await request;
  });

  test('getOptimisticResponse reads the store through snapshot.get', async () => {
    const { store, read } = await setup();
    const like = NoteResource.partialUpdate.extend({
      name: 'Note.like',
      getOptimisticResponse: (snapshot, params) => {
        const note = (snapshot as Snapshot).get(Note, params.id);
        return { id: params.id, text: `${note?.text ?? '?'} ♥` };
      },
    });
    const server = held('patch', '/notes/2', 200, { id: 2, text: 'two ♥' });
    const request = store.dispatch(fetchEndpoint(like, { id: 2 }, {}));
    expect(read().map((note) => note.text)).toEqual(['one', 'two ♥']);
    server.release();
    await request;
  });

  test('a getOptimisticResponse that throws: a warning, and the request goes on without the optimistic view', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, read } = await setup();
    const broken = NoteResource.partialUpdate.extend({
      name: 'Note.broken',
      getOptimisticResponse: () => {
        throw new Error('no snapshot for you');
      },
    });
    const before = read();
    const server = held('patch', '/notes/1', 200, { id: 1, text: 'ONE (server)' });
    const request = store.dispatch(fetchEndpoint(broken, { id: 1 }, { text: 'ONE' }));
    expect(read()).toBe(before);
    expect(store.getState().entities.optimistic).toEqual([]);
    server.release();
    await expect(request).resolves.toMatchObject({ text: 'ONE (server)' });
    expect(read()[0]?.text).toBe('ONE (server)');
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      'rtk-entities: Note.broken: getOptimisticResponse threw (no snapshot for you); the request goes on without it.',
    ]);
    warn.mockRestore();
  });

  test('an optimistic response that does not normalize: a warning, and the request goes on without it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, read } = await setup();
    const noId = NoteResource.partialUpdate.extend({
      name: 'Note.noId',
      getOptimisticResponse: () => ({ text: 'no id' }),
    });
    const server = held('patch', '/notes/1', 200, { id: 1, text: 'ONE (server)' });
    const request = store.dispatch(fetchEndpoint(noId, { id: 1 }, { text: 'ONE' }));
    expect(store.getState().entities.optimistic).toEqual([]);
    server.release();
    await expect(request).resolves.toMatchObject({ text: 'ONE (server)' });
    expect(read()[0]?.text).toBe('ONE (server)');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^rtk-entities: Note\.noId: its optimistic response could not be shown \(Note\.pk\(\) returned "undefined"/,
    );
    warn.mockRestore();
  });

  test('an optimistic response that no longer normalizes once other data lands is dropped with a warning; both requests go on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    class LockedNote extends Note {
      locked = false;
      static override key = 'LockedNote';
      /** A locked note refuses changes shown ahead of the server (they carry `draft: true`), whichever side is newer. */
      static override merge(existing: Record<string, unknown>, incoming: Record<string, unknown>) {
        const [locked, draft] = existing.locked === true ? [existing, incoming] : [incoming, existing];
        if (locked.locked === true && draft.draft === true) throw new TypeError(`note ${String(locked.id)} is locked`);
        return { ...existing, ...incoming };
      }
    }
    const Locked = createResource({ urlPrefix: API, path: '/locked/:id', schema: LockedNote });
    const edit = Locked.partialUpdate.extend({
      name: 'LockedNote.edit',
      getOptimisticResponse: (_snapshot, params, body) => ({ ...params, ...body, draft: true }),
    });
    const { store } = makeStore({ now: tickingClock().now });
    nock(API).get('/locked/1').reply(200, { id: 1, text: 'one', locked: false });
    await store.dispatch(fetchEndpoint(Locked.get, { id: 1 }));
    const select = () => getEntitySelectors(LockedNote).selectById(store.getState(), 1);

    const server = held('patch', '/locked/1', 200, { id: 1, text: 'one (server)', locked: true });
    const request = store.dispatch(fetchEndpoint(edit, { id: 1 }, { text: 'draft' }));
    expect(select()?.text).toBe('draft');
    nock(API).get('/locked/1').reply(200, { id: 1, text: 'one', locked: true });
    await store.dispatch(fetchEndpoint(Locked.get, { id: 1 })); // the layer is rebuilt over a locked note
    expect(store.getState().entities.optimistic).toEqual([]);
    expect(select()).toMatchObject({ text: 'one', locked: true });
    server.release();
    // the edit resolves; its fields lose to the refetch that started after it (DESIGN §5.9)
    await expect(request).resolves.toMatchObject({ text: 'one', locked: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^rtk-entities: LockedNote\.edit: its optimistic response could not be shown \(.*note 1 is locked\)/,
    );
    warn.mockRestore();
  });

  test('three overlapping updates of one field, answered in reverse order: the last-started wins throughout', async () => {
    const { store, slice, note } = await withNote();
    const answers = ['A', 'B', 'C'].map((text) => held('patch', '/notes/1', 200, { id: 1, text: `${text} (server)` }));
    const requests = ['A', 'B', 'C'].map((text) =>
      store.dispatch(fetchEndpoint(NoteResource.partialUpdate, { id: 1 }, { text })),
    );
    expect(note()?.text).toBe('C');
    expect(slice().optimistic).toHaveLength(3);
    await Promise.all(answers.map((answer) => answer.arrived));

    answers[2]?.release();
    await requests[2];
    expect(note()?.text).toBe('C (server)');
    answers[0]?.release();
    await requests[0];
    expect(note()?.text).toBe('C (server)');
    answers[1]?.release();
    await requests[1];
    expect(note()?.text).toBe('C (server)');
    expect(slice().optimistic).toEqual([]);
    expect(slice().committed).toBeUndefined();
    expect(recordOf(slice().entities.Note, '1')).toEqual({ id: 1, text: 'C (server)', done: false, pinned: false });
  });

  test('three overlapping optimistic updates; the first fails while the others are pending: its change disappears at once', async () => {
    const { store, slice } = makeStore({ now: tickingClock().now });
    nock(API)
      .get('/notes')
      .reply(200, [{ id: 1, text: 'one', done: false, pinned: false }]);
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
    expect(recordOf(slice().entities.Note, '1')).toEqual({ id: 1, text: 'B', done: false, pinned: true });
  });
});

/** A deep copy of plain data (own enumerable fields, prototypes dropped), to compare with a JSON round trip. */
function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainCopy(item)]));
}

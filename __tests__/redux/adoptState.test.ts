/**
 * A state that arrived from elsewhere (adoptState.ts, middleware/arrivals.ts): preloadedState taken
 * from another store of this process keeps none of its requests once the store's first action
 * passes; saved states that look like ours but are broken give an error and an empty, working slice.
 */
import nock from 'nock';
import { Entity, createEntities, createResource, getEntitySelectors, type EntitiesState } from '../../src/index';
import { MAX_CLOCK_SKEW } from '../../src/redux/slice/clockSkew';
import { adoptState, showsOwnRequests, withoutForeignRequests } from '../../src/redux/slice/adoptState';
import { API, assertNetworkDone, held, makeStore, ourWarnings, strictNetwork } from '../fixtures/store';
import { tabs } from '../../src/tabs/index';
import { rehydrate } from '../../src/rehydrate/index';

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

test('taken from another store in this process, when the first action is this store’s own (a fetch), the other store’s request still goes', async () => {
  const warm = makeStore();
  const server = held('get', '/notes', 200, notes);
  const request = warm.ctrl.fetch(NoteResource.getList);

  const perRequest = makeStore({ preloadedState: { entities: warm.slice() } });
  nock(API).get('/notes/1').reply(200, notes[0]);
  await perRequest.ctrl.fetch(NoteResource.get, { id: '1' });
  expect(perRequest.ctrl.getResponse(NoteResource.getList).isFetching).toBe(false);
  server.release();
  await request;
});

test('taken from another store in this process during its optimistic update: the update stays in that store', async () => {
  const warm = makeStore();
  nock(API).get('/notes').reply(200, notes);
  await warm.ctrl.fetch(NoteResource.getList);
  const server = held('patch', '/notes/1', 200, { id: '1', text: 'ONE' });
  const update = warm.ctrl.fetch(NoteResource.partialUpdate, { id: '1' }, { text: 'ONE (optimistic)' });
  expect(warm.ctrl.get(Note, '1')?.text).toBe('ONE (optimistic)');

  const perRequest = makeStore({ preloadedState: { entities: warm.slice() } });
  perRequest.store.dispatch({ type: 'app/started' });
  expect(perRequest.ctrl.get(Note, '1')?.text).toBe('one');
  expect(perRequest.slice().optimistic).toEqual([]);
  server.release();
  await update;
});

test('a store without the entities slice adopts nothing: no entities/adopt action', () => {
  const { store, actions } = makeStore({ slice: false, logActions: true });
  store.dispatch({ type: 'app/started' });
  store.dispatch({ type: 'app/ticked' });
  expect(actions.map((action) => action.type)).toEqual(['app/started', 'app/ticked']);
});

/** An empty slice state, as another store would save it. */
const base = () => ({
  entities: {},
  entitiesMeta: {},
  indexes: {},
  endpoints: {},
  meta: {},
  lastReset: 0,
  optimistic: [],
});

describe('a state that passes the shape check but breaks the next action', () => {
  test.each([
    ['committed is a string', { ...base(), committed: 'x' }],
    ['committed is an empty object', { ...base(), committed: {} }],
    ['a table is null', { ...base(), entities: { Note: null } }],
    ['a meta stamp is null', { ...base(), entitiesMeta: { Note: [null] } }],
    ['a meta stamp has no pks', { ...base(), entitiesMeta: { Note: [{ meta: { fetchedAt: 1 } }] } }],
    ['an index is null', { ...base(), indexes: { Note: null } }],
  ])('%s: error and an empty working slice, not a crash', async (_name, saved) => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { ctrl, slice } = makeStore({ preloadedState: { entities: saved as never }, rehydrate });
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
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { ctrl } = makeStore({ preloadedState: { entities: saved as never }, rehydrate });
    expect(String(ourWarnings(warn)[0])).toContain(
      `dropped while the rest is kept: the call ${NoteResource.getList.key()} (date is undefined, not a finite number)`,
    );
    const scope = nock(API).get('/notes').reply(200, notes);
    await ctrl.fetchIfStale(NoteResource.getList);
    expect(scope.isDone()).toBe(true);
  });
});

describe('a saved state with bad parts: each is dropped alone, the rest kept, and a development warning names it', () => {
  const NOW = Date.now();
  const fresh = { fetchedAt: NOW - 1_000, date: NOW - 900, expiresAt: NOW + 60_000 };
  const listKey = NoteResource.getList.key();
  /** A saved state holding notes 1 and 2 and the list of both, fresh; `change` spoils one part of it. */
  const saved = (change: (state: ReturnType<typeof sound>) => void = () => {}) => {
    const state = sound();
    change(state);
    return state;
  };
  const sound = () => ({
    entities: { Note: { 1: { id: '1', text: 'one' }, 2: { id: '2', text: 'two' } } as Record<string, unknown> },
    entitiesMeta: { Note: [[{ meta: { ...fresh } as Record<string, unknown>, pks: ['1', '2'] }]] },
    indexes: { Note: { text: { one: '1', two: '2' } as Record<string, unknown> } },
    endpoints: { [listKey]: '{}' } as Record<string, unknown>,
    meta: { [listKey]: { ...fresh } as Record<string, unknown> },
    lastReset: 0,
    optimistic: [] as unknown[],
  });
  const cyclic: Record<string, unknown> = { id: '2', text: 'two' };
  cyclic.self = cyclic;

  /** A store from `state` (as JSON when `json`); returns it and the one warning it gave. */
  function adopted(state: object, json = true) {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const preloaded = json ? JSON.parse(JSON.stringify(state)) : state;
    const made = makeStore({ preloadedState: { entities: preloaded }, rehydrate });
    made.store.dispatch({ type: 'app/started' });
    // (ours only: Redux Toolkit's own checks warn when the loaded machine makes them slow)
    const warnings = warn.mock.calls
      .map(([message]) => String(message))
      .filter((message) => message.startsWith('rtk-entities:'));
    warn.mockRestore();
    return { ...made, warnings };
  }
  const note = (made: ReturnType<typeof adopted>, id: string) => made.ctrl.get(Note, id);

  test.each([
    ['null', null, 'Note "2" (its record is null)'],
    ['a number', 5, 'Note "2" (its record is a number)'],
    ['a string', 'two', 'Note "2" (its record is a string)'],
    ['an array', ['two'], 'Note "2" (its record is an array)'],
  ])('a record that is %s: dropped with its index entry; the other notes read', (_name, record, named) => {
    const made = adopted(saved((state) => (state.entities.Note[2] = record)));
    expect(made.warnings).toEqual([expect.stringContaining(`dropped while the rest is kept: ${named}`)]);
    expect(note(made, '1')?.text).toBe('one');
    expect(note(made, '2')).toBeUndefined();
    expect(made.slice().indexes.Note?.text).toEqual({ one: '1' });
    expect(
      getEntitySelectors(Note)
        .selectAll(made.store.getState())
        .map((item) => item.id),
    ).toEqual(['1']);
    expect(made.slice().entitiesMeta.Note).toEqual([[{ meta: fresh, pks: ['1'] }]]);
  });

  test.each([
    ['contains itself', cyclic, 'Note "2" (record.self contains itself (a circular reference))'],
    ['holds a BigInt', { id: '2', text: 'two', size: 2n }, 'Note "2" (record.size is a BigInt (2n))'],
  ])('a record that %s (preloaded in this process): dropped; the state stays JSON', (_name, record, named) => {
    const made = adopted(
      saved((state) => (state.entities.Note[2] = record)),
      false,
    );
    expect(made.warnings).toEqual([expect.stringContaining(named)]);
    expect(note(made, '2')).toBeUndefined();
    expect(note(made, '1')?.text).toBe('one');
    expect(() => JSON.stringify(made.store.getState())).not.toThrow();
  });

  test.each([
    ['far ahead', 9e15, 'fetchedAt is 9000000000000000, more than 5 minutes ahead'],
    ['one millisecond past the skew', NOW + 10_000 + MAX_CLOCK_SKEW, 'more than 5 minutes ahead'],
    ['Infinity (null in JSON)', Infinity, 'fetchedAt is null, not a finite number'],
  ])('a write stamped %s: dropped with the records it wrote; later writes of them land', async (_name, at, named) => {
    const made = adopted(
      saved((state) => {
        state.entitiesMeta.Note = [
          [
            { meta: { ...fresh }, pks: ['1'] },
            { meta: { ...fresh, fetchedAt: at }, pks: ['2'] },
          ],
        ];
      }),
    );
    expect(made.warnings).toEqual([expect.stringContaining(named)]);
    expect(note(made, '2')).toBeUndefined();
    made.ctrl.set(Note, { id: '2', text: 'pushed' });
    expect(note(made, '2')?.text).toBe('pushed');
    expect(note(made, '1')?.text).toBe('one');
  });

  test('a deletion stamped far ahead is forgotten: the id can be written again', () => {
    const made = adopted(
      saved((state) =>
        state.entitiesMeta.Note[0]!.push({ meta: { ...fresh, fetchedAt: 9e15, deleted: true }, pks: ['3'] }),
      ),
    );
    expect(made.warnings).toEqual([expect.stringContaining('a write of Note (fetchedAt is 9000000000000000')]);
    made.ctrl.set(Note, { id: '3', text: 'three' });
    expect(note(made, '3')?.text).toBe('three');
  });

  test.each([
    ['started far ahead', { fetchedAt: 9e15 }, 'fetchedAt is 9000000000000000, more than 5 minutes ahead'],
    ['answered far ahead', { date: 9e15 }, 'date is 9000000000000000, more than 5 minutes ahead'],
    ['started at Infinity (null in JSON)', { fetchedAt: Infinity }, 'fetchedAt is null, not a finite number'],
    ['expiring at NaN (null in JSON)', { expiresAt: NaN }, 'expiresAt is null, not a finite number'],
  ])('a call %s: its meta and result go, and a fetch of it shows the new data', async (_name, change, named) => {
    const made = adopted(saved((state) => Object.assign(state.meta[listKey] as object, change)));
    expect(made.warnings).toEqual([expect.stringContaining(`the call ${listKey} (${named}`)]);
    expect(made.ctrl.getResponse(NoteResource.getList).status).toBe('uninitialized');
    nock(API)
      .get('/notes')
      .reply(200, [{ id: '1', text: 'one, fetched' }]);
    const fetched = await made.ctrl.fetch(NoteResource.getList);
    expect(fetched.map((item) => item.text)).toEqual(['one, fetched']);
    expect(made.ctrl.getResponse(NoteResource.getList).data?.map((item) => item.text)).toEqual(['one, fetched']);
    expect(note(made, '2')?.text).toBe('two');
  });

  test('a result that contains itself (preloaded in this process) goes with its call', () => {
    const result: Record<string, unknown> = {};
    result.self = result;
    const made = adopted(
      saved((state) => (state.endpoints[listKey] = result)),
      false,
    );
    expect(made.warnings).toEqual([expect.stringContaining(`the call ${listKey} (result.self contains itself`)]);
    expect(made.slice().endpoints).toEqual({});
    expect(() => JSON.stringify(made.store.getState())).not.toThrow();
  });

  test.each([
    ['far ahead', 9e15],
    ['Infinity (null in JSON)', Infinity],
  ])('a lastReset %s becomes 0: writes from other tabs are applied', async (_name, lastReset) => {
    const channel = `adopt-last-reset-${lastReset}`;
    const stop = new AbortController();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const preloaded = JSON.parse(JSON.stringify(saved((state) => (state.lastReset = lastReset))));
    const tab = makeStore({
      preloadedState: { entities: preloaded },
      rehydrate,
      broadcastChannel: tabs(channel),
      signal: stop.signal,
    });
    const other = makeStore({ broadcastChannel: tabs(channel), signal: stop.signal });
    try {
      expect(String(ourWarnings(warn)[0])).toContain('lastReset (it is');
      expect(tab.slice().lastReset).toBe(0);
      other.ctrl.set(Note, { id: '4', text: 'from the other tab' });
      await new Promise<void>((resolve) => {
        const unsubscribe = tab.store.subscribe(
          () => note({ ...tab, warnings: [] }, '4') && (unsubscribe(), resolve()),
        );
      });
      expect(tab.ctrl.get(Note, '4')?.text).toBe('from the other tab');
    } finally {
      stop.abort();
      warn.mockRestore();
    }
  });

  test('a state with no lastReset (an older version’s) takes 0 and keeps its data', () => {
    const made = adopted(saved((state) => delete (state as { lastReset?: number }).lastReset));
    expect(made.warnings).toEqual([expect.stringContaining('lastReset (it is undefined, not a finite number; now 0)')]);
    expect(made.slice().lastReset).toBe(0);
    expect(note(made, '2')?.text).toBe('two');
  });

  test('optimistic layers with no committed tables: the records they wrote go, never promoted to committed', () => {
    const made = adopted(
      saved((state) => {
        state.entities.Note[2] = { id: '2', text: 'two, guessed' };
        state.optimistic = [
          {
            key: 'PATCH /notes/2',
            fetchedAt: NOW - 10,
            entities: { Note: { 2: { id: '2', text: 'two, guessed' } } },
            entitiesMeta: { Note: [{ meta: { ...fresh, fetchedAt: NOW - 10 }, pks: ['2'] }] },
            indexes: {},
          },
        ];
      }),
    );
    expect(made.warnings).toEqual([expect.stringContaining('Note "2" (an optimistic update wrote it, unconfirmed)')]);
    expect(note(made, '2')).toBeUndefined();
    expect(note(made, '1')?.text).toBe('one');
    expect(made.slice().optimistic).toEqual([]);
  });

  test('a result its schema could not have produced (an older version’s) reads as invalidated; the next read fetches', async () => {
    const made = adopted(saved((state) => (state.endpoints[listKey] = 12345)));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const response = made.ctrl.getResponse(NoteResource.getList);
    expect(ourWarnings(warn)).toEqual([
      expect.stringContaining(`${NoteResource.getList.name}: the result stored for ${listKey} is not one its schema`),
    ]);
    warn.mockRestore();
    expect(response.data).toBeUndefined();
    expect(response.expiresAt).toBe(0);
    nock(API)
      .get('/notes')
      .reply(200, [{ id: '1', text: 'one, fetched' }]);
    const fetched = await made.ctrl.fetchIfStale(NoteResource.getList);
    expect(fetched.map((item) => item.text)).toEqual(['one, fetched']);
  });

  test('a call whose meta is not an object goes with its result', () => {
    const made = adopted(saved((state) => (state.meta[listKey] = 'fresh' as never)));
    expect(made.warnings).toEqual([expect.stringContaining(`the call ${listKey} (its meta is not an object)`)]);
    expect(made.slice().endpoints).toEqual({});
    expect(note(made, '1')?.text).toBe('one');
  });

  test('a bad record in the committed tables of a state saved mid-update goes from them', () => {
    const state = saved((value) => (value.entities.Note[2] = { id: '2', text: 'two, guessed' }));
    // (a record of its own: the warning is given once per message)
    const committed = { ...sound(), entities: { Note: { 1: { id: '1', text: 'one' }, 2: null, 3: null } } };
    const made = adopted({
      ...state,
      committed,
      optimistic: [{ key: 'x', fetchedAt: NOW, entities: {}, entitiesMeta: {}, indexes: {} }],
    });
    expect(made.warnings).toEqual([
      expect.stringContaining('Note "2" (its record is null); Note "3" (its record is null)'),
    ]);
    expect(note(made, '2')).toBeUndefined();
    expect(note(made, '1')?.text).toBe('one');
  });

  test('a flat list of stamps saved before pages: read, and kept in pages', () => {
    const made = adopted(saved((state) => (state.entitiesMeta.Note = state.entitiesMeta.Note.flat() as never)));
    expect(made.warnings).toEqual([]);
    expect(made.slice().entitiesMeta.Note).toEqual([[{ meta: fresh, pks: ['1', '2'] }]]);
    expect([note(made, '1')?.text, note(made, '2')?.text]).toEqual(['one', 'two']);
  });

  test('a record both bad and written by a bad write is named once', () => {
    const made = adopted(
      saved((state) => {
        state.entities.Note[2] = null;
        state.entitiesMeta.Note = [
          [
            { meta: { ...fresh }, pks: ['1'] },
            { meta: { ...fresh, fetchedAt: 9.5e15 }, pks: ['2'] },
          ],
        ];
      }),
    );
    expect(made.warnings).toHaveLength(1);
    expect(made.warnings[0]?.match(/Note "2"/g)).toHaveLength(1);
    expect(made.warnings[0]).toContain('Note "2" (that write wrote it)');
  });

  test('a write listing a primary key that is not a string goes, with the records it wrote', () => {
    const made = adopted(
      saved((state) => {
        state.entitiesMeta.Note = [
          [
            { meta: { ...fresh }, pks: ['1'] },
            { meta: { ...fresh }, pks: ['2', 3 as never] },
          ],
        ];
      }),
    );
    expect(made.warnings).toEqual([expect.stringContaining('a write of Note (a primary key is not a string)')]);
    expect(note(made, '2')).toBeUndefined();
    expect(made.slice().entitiesMeta.Note).toEqual([[{ meta: fresh, pks: ['1'] }]]);
  });

  test('a bad write whose record a later write wrote again: the record stays, with the later write', () => {
    const made = adopted(
      saved((state) => {
        state.entitiesMeta.Note = [
          [
            { meta: { ...fresh, fetchedAt: 9.1e15 }, pks: ['1', '2'] },
            { meta: { ...fresh }, pks: ['1'] },
          ],
        ];
      }),
    );
    expect(note(made, '1')?.text).toBe('one');
    expect(note(made, '2')).toBeUndefined();
    expect(made.slice().entitiesMeta.Note).toEqual([[{ meta: fresh, pks: ['1'] }]]);
  });

  test('a bad write that no longer owns any record goes from the meta all the same', () => {
    const made = adopted(
      saved((state) => {
        state.entitiesMeta.Note = [
          [
            { meta: { ...fresh, fetchedAt: 9.1e15 }, pks: ['1'] },
            { meta: { ...fresh }, pks: ['1', '2'] },
          ],
        ];
      }),
    );
    expect(made.warnings).toEqual([expect.stringContaining('a write of Note (fetchedAt is 9100000000000000')]);
    expect([note(made, '1')?.text, note(made, '2')?.text]).toEqual(['one', 'two']);
    expect(made.slice().entitiesMeta.Note).toEqual([[{ meta: fresh, pks: ['1', '2'] }]]);
  });

  test('optimistic layers that are not objects, with no committed tables, drop nothing', () => {
    const made = adopted(saved((state) => (state.optimistic = [null, { entities: 'x' }, { key: 'k' }])));
    expect(made.warnings).toEqual([]);
    expect(note(made, '2')?.text).toBe('two');
    expect(made.slice().optimistic).toEqual([]);
  });

  test('a sound state is taken as it is, with no warning', () => {
    const made = adopted(saved());
    expect(made.warnings).toEqual([]);
    expect(made.slice().entities).toEqual(sound().entities);
    expect(made.slice().meta).toEqual(sound().meta);
  });
});

describe('adoptState, called directly', () => {
  const slice = base;
  /** What adoptState says of `value` with console.error, and what it returns. */
  function adopt(value: unknown) {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const adopted = adoptState(value, 'entities', rehydrate.adopt);
    const said = errors.mock.calls.map(([message]) => String(message));
    errors.mockRestore();
    return { adopted, said };
  }

  test.each([
    ['null', null, 'it is null, not an object'],
    ['an array', [], 'it is an array, not an object'],
    ['a string', 'nonsense', 'it is a string, not an object'],
    ['endpoints that are no object', { ...slice(), endpoints: [] }, "its 'endpoints' is not an object"],
    ['meta that is no object', { ...slice(), meta: null }, "its 'meta' is not an object"],
    ['optimistic that is no list', { ...slice(), optimistic: {} }, "its 'optimistic' is not an array"],
    ['entities that are no object', { ...slice(), entities: 'x' }, "its 'entities' is not an object"],
    ['a table that is a list', { ...slice(), entities: { Note: [] } }, "its entities for 'Note' is not a table"],
    [
      'stamps that are no list',
      { ...slice(), entitiesMeta: { Note: {} } },
      "its entitiesMeta for 'Note' is not a list of writes",
    ],
    [
      'a stamp with no meta',
      { ...slice(), entitiesMeta: { Note: [{ pks: [] }] } },
      "its entitiesMeta for 'Note' is not a list of writes",
    ],
    [
      'an index field that is no table',
      { ...slice(), indexes: { Note: { text: 'x' } } },
      "its indexes for 'Note' is not a table",
    ],
    ['committed that is no object', { ...slice(), committed: 5 }, "its 'committed' is not an object"],
    [
      'committed tables of the wrong shape',
      { ...slice(), committed: { ...slice(), indexes: [] } },
      "its committed 'indexes' is not an object",
    ],
  ])('%s: the error says so, naming the slice, and the slice starts empty', (_name, value, problem) => {
    const { adopted, said } = adopt(value);
    expect(said).toEqual([
      `rtk-entities: the state given to the 'entities' slice (preloadedState or a rehydration) is not one this version ` +
        `of rtk-entities made: ${problem}. The slice starts empty; clear the saved state (for redux-persist, raise its ` +
        'version or purge it) to stop seeing this.',
    ]);
    expect(adopted).toEqual(slice());
  });

  test('index fields that are tables, and an empty committed shape, pass', () => {
    const value = { ...slice(), indexes: { Note: { text: { one: '1' } } }, optimistic: [{}], committed: slice() };
    expect(adopt(value).said).toEqual([]);
  });

  test('a state this process’s reducer made, or a shallow copy of it, is taken as it is', () => {
    const made = makeStore().slice();
    expect(adoptState(made, 'entities', rehydrate.adopt)).toBe(made);
    const copy = { ...made };
    expect(adoptState(copy, 'entities', rehydrate.adopt)).toBe(copy);
    const unknown = { ...slice(), meta: {} };
    expect(adoptState(unknown, 'entities', rehydrate.adopt)).not.toBe(unknown);
  });

  test('a sound state from elsewhere keeps its objects; only its bad parts are new', () => {
    const value = {
      ...slice(),
      entities: { Note: { 1: { id: '1' } } },
      meta: { k: { fetchedAt: 1, date: 1, expiresAt: 2 } },
    };
    const adopted = adoptState(value, 'entities', rehydrate.adopt);
    expect(adopted.entities).toBe(value.entities);
    expect(adopted.meta).toBe(value.meta);
    expect(adopted.entitiesMeta).toBe(value.entitiesMeta);
  });

  test('the development warning lists five parts, then how many more', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const six = Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((pk) => [pk, null]));
    adoptState({ ...slice(), entities: { Listed: six } }, 'entities', rehydrate.adopt);
    const five = Object.fromEntries(['1', '2', '3', '4', '5'].map((pk) => [pk, 7]));
    adoptState({ ...slice(), entities: { Five: five } }, 'entities', rehydrate.adopt);
    expect(ourWarnings(warn)).toEqual([
      `rtk-entities: the state given to the 'entities' slice (preloadedState or a rehydration) held parts this store ` +
        `cannot keep, dropped while the rest is kept: ${['1', '2', '3', '4', '5'].map((pk) => `Listed "${pk}" (its record is null)`).join('; ')}; ` +
        'and 1 more. What was dropped is fetched again when read.',
      expect.stringMatching(
        /kept: Five "1" \(its record is a number\); .*Five "5" \(its record is a number\)\. What was dropped/,
      ),
    ]);
    warn.mockRestore();
  });
});

describe('without rehydrate (an app that gave the data middleware no checks)', () => {
  /** A saved state of note 1, fresh, with another page's request in flight for the list. */
  const savedElsewhere = () => {
    const now = Date.now();
    const fresh = { fetchedAt: now - 1_000, date: now - 900, expiresAt: now + 60_000 };
    return JSON.parse(
      JSON.stringify({
        ...base(),
        entities: { Note: { 1: { id: '1', text: 'one' } } },
        entitiesMeta: { Note: [{ meta: fresh, pks: ['1'] }] },
        meta: { [NoteResource.getList.key()]: { ...fresh, pending: 1 } },
      }),
    ) as EntitiesState;
  };

  test('a state from elsewhere is taken as it is, without its requests in flight, and development says once how to check it', () => {
    // a mount point of its own: no middleware of it was given rehydrate
    const entities = createEntities();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const first = makeStore({ entities, preloadedState: { entities: savedElsewhere() } });
    const second = makeStore({ entities, preloadedState: { entities: savedElsewhere() } });
    const said = errors.mock.calls.map(([message]) => String(message));
    errors.mockRestore();
    expect(said).toEqual([
      "rtk-entities: the 'entities' slice was given a state from elsewhere (preloadedState, a rehydration) and takes " +
        'it unchecked: a part this store cannot keep (an older version’s shape, a time far ahead, a record that is ' +
        "not JSON) would break it. Check it: import { rehydrate } from 'rtk-entities/rehydrate' and pass " +
        'createDataMiddleware({ rehydrate }).',
    ]);
    for (const { ctrl } of [first, second]) {
      expect(ctrl.get(Note, '1')?.text).toBe('one');
      // the request belonged to the page that saved the state: nothing here will settle it
      expect(ctrl.getResponse(NoteResource.getList).isFetching).toBe(false);
    }
  });

  test('a createEntities mount point is told to use its own createDataMiddleware', () => {
    const cache = createEntities({ reducerPath: 'cache' });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    makeStore({ entities: cache, preloadedState: { cache: savedElsewhere() } });
    const said = errors.mock.calls.map(([message]) => String(message));
    errors.mockRestore();
    expect(said).toEqual([expect.stringContaining("the 'cache' slice was given a state from elsewhere")]);
    expect(said[0]).toContain('pass cache.createDataMiddleware({ rehydrate }).');
  });

  test('once a data middleware of the mount point was given rehydrate, every store of it checks what it is given', () => {
    const entities = createEntities();
    makeStore({ entities, rehydrate });
    const saved = savedElsewhere();
    (saved.entities.Note as Record<string, unknown>)[7] = null;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const later = makeStore({ entities, preloadedState: { entities: saved } });
    const warnings = ourWarnings(warn);
    warn.mockRestore();
    expect(warnings).toEqual([
      expect.stringContaining('dropped while the rest is kept: Note "7" (its record is null)'),
    ]);
    expect(later.slice().entities.Note).toEqual({ 1: { id: '1', text: 'one' } });
  });

  test('a state this process made needs no checks: taken from another store, nothing is said', () => {
    const entities = createEntities();
    const warm = makeStore({ entities });
    warm.ctrl.set(Note, { id: '1', text: 'one' });
    const perRequest = makeStore({ entities, preloadedState: { entities: warm.slice() } });
    expect(perRequest.ctrl.get(Note, '1')?.text).toBe('one');
  });
});

describe('the requests in flight of a state from elsewhere', () => {
  const entry = (fields: object) => ({ fetchedAt: 1, date: 0, expiresAt: 0, ...fields });
  const state = (meta: object, optimistic: unknown[] = []) =>
    ({ entities: {}, entitiesMeta: {}, indexes: {}, endpoints: {}, meta, lastReset: 0, optimistic }) as never;

  test('withoutForeignRequests: this store’s marks come back, the others’ go, entries that held only them too', () => {
    const meta = {
      ours: entry({ pending: 2 }),
      ourMissing: undefined,
      theirsWithData: entry({ date: 5, expiresAt: 9, pending: 1 }),
      theirsOnly: entry({ pending: 1 }),
      settled: entry({ date: 5 }),
    };
    const adopted = withoutForeignRequests(state(meta), ['ours', 'ours', 'mine', 'ours2']);
    expect(adopted.meta).toEqual({
      ours: entry({ pending: 2 }),
      ourMissing: undefined,
      theirsWithData: entry({ date: 5, expiresAt: 9 }),
      settled: entry({ date: 5 }),
      mine: { fetchedAt: 0, date: 0, expiresAt: 0, pending: 1 },
      ours2: { fetchedAt: 0, date: 0, expiresAt: 0, pending: 1 },
    });
    expect(withoutForeignRequests(state(meta), ['ours']).meta.ours).toEqual(entry({ pending: 1 }));
    const own = { a: entry({ pending: 1 }) };
    expect(withoutForeignRequests(state(own), ['a']).meta).toBe(own);
  });

  test('showsOwnRequests: exactly this store’s marks, and layers only while it has some', () => {
    const meta = { a: entry({ pending: 1 }), b: entry({}) };
    expect(showsOwnRequests(state(meta), ['a'], false)).toBe(true);
    expect(showsOwnRequests(state(meta), ['a', 'a'], false)).toBe(false);
    expect(showsOwnRequests(state(meta), [], false)).toBe(false);
    expect(showsOwnRequests(state(meta), ['a', 'c'], false)).toBe(false);
    expect(showsOwnRequests(state(meta, [{}]), ['a'], false)).toBe(false);
    expect(showsOwnRequests(state(meta, [{}]), ['a'], true)).toBe(true);
  });
});

/**
 * Reads of changing data (fast-check): random sequences of writes, deletes, optimistic layers,
 * rollbacks and commits, applied by the entities reducer, read through one long-lived memo give
 * exactly what a fresh read gives; within a read each entity is one instance, and an entity whose
 * records are the same as at one of the last reads (a rollback returns to them) is that very
 * instance again, as are the lists that hold only such instances.
 */
import fc from 'fast-check';
import { Entity, MemoCache, entitiesSlice, normalize, schema } from '../../src/index';
import type { EntitiesState, EntityRecord, EntityTables, OptimisticLayer } from '../../src/index';
import { metaOf } from '../../src/redux/slice/metaStamps';
import { keysOf, recordOf, type StoredTables } from '../../src/storage/table.js';

class Writer extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Writer';
}

class Remark extends Entity {
  id = '';
  text = '';
  author: Writer | undefined = undefined;
  pk() {
    return this.id;
  }
  static override key = 'Remark';
  static override schema = { author: Writer };
}

class Story extends Entity {
  id = '';
  title = '';
  author: Writer | undefined = undefined;
  remarks: Remark[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Story';
  static override schema = { author: Writer, remarks: [Remark] };
}

/** One per store: lists every Writer wherever it came from (a schema.All nested in an Entity). */
class Masthead extends Entity {
  id = '';
  everyone: Writer[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Masthead';
  static override schema = { everyone: new schema.All(Writer) };
}

const WRITERS = ['w0', 'w1', 'w2'];
const REMARKS = ['r0', 'r1', 'r2', 'r3'];
const STORIES = ['s0', 's1', 's2'];
const NAMES = ['Ann', 'Bo', 'Cy'];
const STORY_LIST = [...STORIES];
const allRemarks = new schema.All(Remark);
const stories = [Story];
const deletions = {
  Writer: new schema.Invalidate(Writer),
  Remark: new schema.Invalidate(Remark),
  Story: new schema.Invalidate(Story),
};

const writer = fc.record({ id: fc.constantFrom(...WRITERS), name: fc.constantFrom(...NAMES) });
const remark = fc.record({ id: fc.constantFrom(...REMARKS), text: fc.constantFrom('+1', 'no'), author: writer });
const story = fc.record({
  id: fc.constantFrom(...STORIES),
  title: fc.constantFrom('A', 'B'),
  author: writer,
  remarks: fc.uniqueArray(remark, { maxLength: 3, selector: (item) => item.id }),
});

/** What a response writes: a story with its remarks and writers, a renamed writer, or a deletion. */
const write = fc.oneof(
  story.map((value) => ({ schema: Story as unknown, value })),
  writer.map((value) => ({ schema: Writer as unknown, value })),
  fc
    .record({
      kind: fc.constantFrom('Writer', 'Remark', 'Story') as fc.Arbitrary<keyof typeof deletions>,
      id: fc.nat(3),
    })
    .map(({ kind, id }) => ({ schema: deletions[kind] as unknown, value: { id: `${kind[0]?.toLowerCase()}${id}` } })),
);

const step = fc.oneof(
  write.map((response) => ({ op: 'commit' as const, response })),
  write.map((response) => ({ op: 'layer' as const, response })),
  fc.constant({ op: 'rollback' as const }),
  fc.constant({ op: 'confirm' as const }),
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
type Response = Extract<Step, { response: unknown }>['response'];

const { reducer, actions } = entitiesSlice;
const initial = (): EntitiesState => {
  const empty = reducer(undefined, { type: 'init' });
  return apply(empty, { schema: Masthead, value: { id: 'm' } }, 1);
};

/** A committed response, normalized against the committed tables, with the layers shown over it. */
function apply(state: EntitiesState, response: Response, time: number): EntitiesState {
  const tables = state.committed ?? state;
  const meta = { fetchedAt: time, date: time, expiresAt: Number.MAX_SAFE_INTEGER };
  const written = normalize(response.schema, response.value, [], {
    store: {
      getEntity: (key, pk) => recordOf(tables.entities[key], pk),
      getPks: (key) => keysOf(tables.entities[key]),
      indexes: tables.indexes,
      getMeta: (key, pk) => metaOf(tables.entitiesMeta, key, pk),
    },
    meta,
  });
  return reducer(
    state,
    actions.fetchFulfilled({
      key: `write ${time}`,
      result: written.result,
      entities: written.entities,
      entitiesMeta: written.entitiesMeta,
      indexes: written.indexes,
      meta,
      layers: state.optimistic,
    }),
  );
}

function layer(state: EntitiesState, response: Response, time: number): EntitiesState {
  const tables = state.committed ?? state;
  const meta = { fetchedAt: time, date: time, expiresAt: Number.MAX_SAFE_INTEGER };
  const written = normalize(response.schema, response.value, [], {
    store: {
      getEntity: (key, pk) => recordOf(tables.entities[key], pk),
      getPks: (key) => keysOf(tables.entities[key]),
      indexes: tables.indexes,
      getMeta: (key, pk) => metaOf(tables.entitiesMeta, key, pk),
    },
    meta,
  });
  const added: OptimisticLayer = {
    key: `layer ${time}`,
    fetchedAt: time,
    entities: written.entities,
    entitiesMeta: written.entitiesMeta,
    indexes: written.indexes,
  };
  return reducer(state, actions.optimisticSet({ layers: [...state.optimistic, added] }));
}

/** Everything read, through `memo`. */
function readAll(memo: MemoCache, tables: StoredTables) {
  return {
    stories: memo.denormalize(stories, STORY_LIST, tables) as Story[],
    remarks: memo.denormalize(allRemarks, undefined, tables) as Remark[],
    masthead: memo.denormalize(Masthead, 'm', tables) as Masthead | undefined,
    first: memo.denormalize(Writer, 'w0', tables) as Writer | undefined,
  };
}

/** The records an entity is read from, its own first, in the order a read takes them. */
function recordsOf(kind: string, pk: string, tables: StoredTables, into: unknown[] = []): unknown[] {
  const record = recordOf(tables[kind], pk);
  into.push(record);
  if (record === undefined) return into;
  if (kind === 'Remark' && typeof record.author === 'string') recordsOf('Writer', record.author, tables, into);
  if (kind === 'Story') {
    if (typeof record.author === 'string') recordsOf('Writer', record.author, tables, into);
    for (const id of record.remarks as string[]) recordsOf('Remark', id, tables, into);
  }
  // a nested All reads the whole table: the table object stands for its key list
  if (kind === 'Masthead') into.push(tables.Writer, ...Object.values(tables.Writer ?? {}));
  return into;
}

const KINDS = new Map<Function, string>([
  [Writer, 'Writer'],
  [Remark, 'Remark'],
  [Story, 'Story'],
  [Masthead, 'Masthead'],
]);

/** Every entity instance a read holds, by kind and primary key. */
function instancesOf(read: ReturnType<typeof readAll>): Map<string, Set<Entity>> {
  const found = new Map<string, Set<Entity>>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!(value instanceof Entity)) return;
    const key = `${KINDS.get(value.constructor) ?? '?'}:${value.pk()}`;
    let instances = found.get(key);
    if (instances === undefined) found.set(key, (instances = new Set()));
    if (instances.has(value)) return;
    instances.add(value);
    for (const field of Object.values(value)) visit(field);
  };
  Object.values(read).forEach(visit);
  return found;
}

const sameRecords = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

interface Seen {
  readonly records: unknown[];
  readonly instance: Entity;
}

test('random writes, deletes, layers and rollbacks read as a fresh read does, keeping the instances of unchanged records', () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), (steps) => {
      const memo = new MemoCache();
      let state = initial();
      let time = 1;
      /** The instances of the last three reads, by kind and primary key, with the records each was read from. */
      const recent: Array<Map<string, Seen>> = [];
      let previous: ReturnType<typeof readAll> | undefined;
      for (const next of steps) {
        time++;
        if (next.op === 'commit') state = apply(state, next.response, time);
        else if (next.op === 'layer') state = layer(state, next.response, time);
        else if (next.op === 'rollback')
          state = reducer(state, actions.optimisticSet({ layers: state.optimistic.slice(0, -1) }));
        else if (state.optimistic.length > 0) {
          // the first layer's request succeeded with what it showed
          const [confirmed, ...rest] = state.optimistic;
          state = reducer(
            state,
            actions.fetchFulfilled({
              key: confirmed?.key ?? '',
              result: undefined,
              entities: confirmed?.entities ?? {},
              entitiesMeta: confirmed?.entitiesMeta ?? {},
              indexes: confirmed?.indexes ?? {},
              meta: { fetchedAt: confirmed?.fetchedAt ?? 0, date: time, expiresAt: Number.MAX_SAFE_INTEGER },
              layers: rest,
            }),
          );
        }

        const tables = state.entities;
        const read = readAll(memo, tables);
        expect(read).toStrictEqual(readAll(new MemoCache(), tables));

        const seen = new Map<string, Seen>();
        for (const [key, instances] of instancesOf(read)) {
          expect([key, instances.size]).toEqual([key, 1]); // one instance per entity within a read
          const [kind = '', pk = ''] = key.split(':');
          const instance = [...instances][0] as Entity;
          const records = recordsOf(kind, pk, tables);
          for (const before of recent) {
            const then = before.get(key);
            if (then !== undefined && sameRecords(then.records, records)) expect(instance).toBe(then.instance);
          }
          seen.set(key, { records, instance });
        }
        if (previous !== undefined) {
          const kept = (list: readonly Entity[], before: readonly Entity[]) =>
            list.length === before.length && list.every((item, i) => item === before[i]);
          if (kept(read.stories, previous.stories)) expect(read.stories).toBe(previous.stories);
          if (kept(read.remarks, previous.remarks)) expect(read.remarks).toBe(previous.remarks);
        }
        previous = read;
        recent.unshift(seen);
        recent.length = Math.min(recent.length, 3);
      }
    }),
    { numRuns: 150 },
  );
});

/**
 * The same guarantees over tables made by hand rather than by the reducer (from the hostile review of
 * the memo kept by position): tables copied with the same content, reordered, keys deleted and added
 * back with their very records (a rollback), two stores alternating on one memo, ids that are
 * Object.prototype's property names or array indexes, a subclass sharing a table, a cycle, a
 * Collection and a Query with arguments.
 */
describe('hand-made tables and two stores on one memo', () => {
  class Author extends Entity {
    id = '';
    name = '';
    fav: unknown = undefined;
    pk() {
      return this.id;
    }
    static override key = 'HandAuthor';
  }
  /** A subclass: inherits the key, so it reads Author's table and records. */
  class LoudAuthor extends Author {
    get loud() {
      return this.name.toUpperCase();
    }
  }
  class Reply extends Entity {
    id = '';
    text = '';
    author: Author | undefined = undefined;
    pk() {
      return this.id;
    }
    static override key = 'HandReply';
    static override schema = { author: Author };
  }
  class Post extends Entity {
    id = '';
    title = '';
    author: Author | undefined = undefined;
    replies: Reply[] = [];
    pk() {
      return this.id;
    }
    static override key = 'HandPost';
    static override schema = { author: Author, replies: [Reply] };
  }
  Author.schema = { fav: Post }; // a cycle: an author's favourite post may be their own
  class Roster extends Entity {
    id = '';
    everyone: Author[] = [];
    pk() {
      return this.id;
    }
    static override key = 'HandRoster';
    static override schema = { everyone: new schema.All(Author) };
  }
  const replyList = new schema.Collection([Reply], { key: 'HandReplies' });
  const byName = new schema.Query(new schema.All(Author), (authors: Author[], name: string) =>
    authors.filter((author) => author.name === name),
  );

  const IDS = ['a', '__proto__', '10', 'constructor', '0'];
  type Kind = 'HandAuthor' | 'HandReply' | 'HandPost';
  type Table = Record<string, EntityRecord>;
  type Tables = Partial<Record<Kind | 'HandRoster' | 'HandReplies', Table>>;

  /** One record object per content: writing the same content again is a rollback to the very record. */
  const interned = new Map<string, EntityRecord>();
  const intern = (record: Record<string, unknown>): EntityRecord => {
    const key = JSON.stringify(record);
    let found = interned.get(key);
    if (found === undefined) interned.set(key, (found = Object.freeze({ ...record }) as EntityRecord));
    return found;
  };
  /** A new table holding `entries`, each an own property (`__proto__` too). */
  const tableOf = (entries: ReadonlyArray<readonly [string, EntityRecord]>): Table => {
    const table = Object.setPrototypeOf(Object.create(null), Object.prototype) as Table;
    for (const [pk, record] of entries)
      Object.defineProperty(table, pk, { value: record, enumerable: true, writable: true, configurable: true });
    return table;
  };
  const entriesOf = (table: Table | undefined) =>
    table === undefined ? [] : Object.keys(table).map((pk) => [pk, table[pk] as EntityRecord] as const);

  const id = fc.constantFrom(...IDS);
  const kind = fc.constantFrom<Kind>('HandAuthor', 'HandReply', 'HandPost');
  const op = fc.oneof(
    fc.record({ op: fc.constant('author' as const), id, name: fc.constantFrom('Ann', 'Bo'), fav: fc.option(id) }),
    fc.record({ op: fc.constant('reply' as const), id, text: fc.constantFrom('+1', 'no'), author: id }),
    fc.record({
      op: fc.constant('post' as const),
      id,
      title: fc.constantFrom('A', 'B'),
      author: id,
      replies: fc.uniqueArray(id, { maxLength: 3 }),
    }),
    fc.record({ op: fc.constant('list' as const), items: fc.uniqueArray(id, { maxLength: 3 }) }),
    fc.record({ op: fc.constant('delete' as const), kind, id }),
    fc.record({ op: fc.constant('copy' as const), kind }),
    fc.record({ op: fc.constant('reverse' as const), kind }),
    fc.record({ op: fc.constant('switch' as const) }),
    fc.record({ op: fc.constant('undo' as const) }),
    fc.record({ op: fc.constant('args' as const) }),
  );
  type Op = typeof op extends fc.Arbitrary<infer O> ? O : never;

  function apply(tables: Tables, next: Op): Tables {
    const put = (key: Kind, pk: string, record: EntityRecord) => {
      const table = tables[key];
      const entries = entriesOf(table);
      return {
        ...tables,
        [key]: tableOf(
          table !== undefined && Object.hasOwn(table, pk)
            ? entries.map(([k, v]) => [k, k === pk ? record : v] as const)
            : [...entries, [pk, record] as const],
        ),
      };
    };
    switch (next.op) {
      case 'author':
        return put(
          'HandAuthor',
          next.id,
          intern(
            next.fav === null ? { id: next.id, name: next.name } : { id: next.id, name: next.name, fav: next.fav },
          ),
        );
      case 'reply':
        return put('HandReply', next.id, intern({ id: next.id, text: next.text, author: next.author }));
      case 'post':
        return put(
          'HandPost',
          next.id,
          intern({ id: next.id, title: next.title, author: next.author, replies: next.replies }),
        );
      case 'list':
        return { ...tables, HandReplies: tableOf([['{}', intern({ items: next.items })]]) };
      case 'delete': {
        const table = tables[next.kind];
        if (table === undefined || !Object.hasOwn(table, next.id)) return tables;
        return { ...tables, [next.kind]: tableOf(entriesOf(table).filter(([pk]) => pk !== next.id)) };
      }
      case 'copy':
        return { ...tables, [next.kind]: tableOf(entriesOf(tables[next.kind])) };
      case 'reverse':
        return { ...tables, [next.kind]: tableOf(entriesOf(tables[next.kind]).reverse()) };
      default:
        return tables;
    }
  }

  function readEverything(memo: MemoCache, tables: EntityTables, name: string) {
    return {
      replies: memo.denormalize(replyList, '{}', tables) as Reply[] | undefined,
      named: memo.denormalize(byName, undefined, tables, [name]) as Author[],
      posts: memo.denormalize([Post], IDS, tables) as Post[],
      roster: memo.denormalize(Roster, 'r', tables) as Roster | undefined,
      loud: memo.denormalize([LoudAuthor], IDS, tables) as LoudAuthor[],
      first: memo.denormalize(Author, IDS[0], tables) as Author | undefined,
      proto: memo.denormalize(Author, '__proto__', tables) as Author | undefined,
    };
  }

  const NAMES = new Map<Function, string>([
    [Author, 'HandAuthor'],
    [LoudAuthor, 'Loud'],
    [Reply, 'HandReply'],
    [Post, 'HandPost'],
    [Roster, 'HandRoster'],
  ]);

  function instancesIn(read: object): Map<string, Set<Entity>> {
    const found = new Map<string, Set<Entity>>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (!(value instanceof Entity)) return;
      const key = `${NAMES.get(value.constructor) ?? '?'}:${value.pk()}`;
      let instances = found.get(key);
      if (instances === undefined) found.set(key, (instances = new Set()));
      if (instances.has(value)) return;
      instances.add(value);
      for (const field of Object.values(value)) visit(field);
    };
    Object.values(read).forEach(visit);
    return found;
  }

  /** The records an entity is read from, its own first, each entity once (cycles). */
  function recordsOf(kind: string, pk: string, tables: Tables, into: unknown[] = [], seen = new Set<string>()) {
    const table = tables[(kind === 'Loud' ? 'HandAuthor' : kind) as Kind | 'HandRoster'];
    const mark = `${kind === 'Loud' ? 'HandAuthor' : kind}:${pk}`;
    if (seen.has(mark)) return into;
    seen.add(mark);
    const record = table !== undefined && Object.hasOwn(table, pk) ? table[pk] : undefined;
    into.push(record);
    if (record === undefined) return into;
    if ((kind === 'HandAuthor' || kind === 'Loud') && typeof record.fav === 'string')
      recordsOf('HandPost', record.fav, tables, into, seen);
    if (kind === 'HandReply' && typeof record.author === 'string')
      recordsOf('HandAuthor', record.author, tables, into, seen);
    if (kind === 'HandPost') {
      if (typeof record.author === 'string') recordsOf('HandAuthor', record.author, tables, into, seen);
      for (const reply of record.replies as string[]) recordsOf('HandReply', reply, tables, into, seen);
    }
    if (kind === 'HandRoster') {
      // a nested All reads the whole table: the table object stands for its key list
      into.push(tables.HandAuthor);
      for (const author of Object.keys(tables.HandAuthor ?? {})) recordsOf('HandAuthor', author, tables, into, seen);
    }
    return into;
  }

  const sameRecords = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((item, i) => item === b[i]);

  test('random writes, deletes, copies, rollbacks and store switches read as a fresh read does, keeping the instances of unchanged records', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 20 }), (ops) => {
        const memo = new MemoCache();
        const start: Tables = { HandRoster: tableOf([['r', intern({ id: 'r' })]]) };
        /** Each store's tables, newest last (undo goes back one). */
        const stores: Tables[][] = [[start], [start]];
        let current = 0;
        let name = 'Ann';
        const recent: Array<Map<string, { records: unknown[]; instance: Entity }>> = [];
        for (const next of ops) {
          const history = stores[current] as Tables[];
          if (next.op === 'switch') current = 1 - current;
          else if (next.op === 'args') name = name === 'Ann' ? 'Bo' : 'Ann';
          else if (next.op === 'undo') {
            if (history.length > 1) history.pop();
          } else history.push(apply(history[history.length - 1] as Tables, next));
          const shown = stores[current] as Tables[];
          const tables = shown[shown.length - 1] as Tables;

          const read = readEverything(memo, tables as EntityTables, name);
          expect(read).toStrictEqual(readEverything(new MemoCache(), tables as EntityTables, name));
          const seen = new Map<string, { records: unknown[]; instance: Entity }>();
          for (const [key, instances] of instancesIn(read)) {
            expect([key, instances.size]).toEqual([key, 1]); // one instance per entity within a read
            const [kindName = '', ...rest] = key.split(':');
            const instance = [...instances][0] as Entity;
            const records = recordsOf(kindName, rest.join(':'), tables);
            recent.forEach((before, readsAgo) => {
              const then = before.get(key);
              // the same records as one of the last three reads: that very instance
              if (then !== undefined && sameRecords(then.records, records))
                expect([key, readsAgo + 1, instance === then.instance]).toEqual([key, readsAgo + 1, true]);
            });
            seen.set(key, { records, instance });
          }
          recent.unshift(seen);
          recent.length = Math.min(recent.length, 3);
        }
      }),
      { numRuns: 300 },
    );
  });
});

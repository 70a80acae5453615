/**
 * Properties (fast-check): for random data drawn from a hostile id pool, the round trip
 * through normalize/denormalize loses nothing, the generated selectors list exactly the live
 * stored entities, rejected writes change nothing, and no prototype is ever touched.
 */
import fc from 'fast-check';
import { Entity, RestEndpoint, denormalize, getEntitySelectors, normalize, schema } from '../../src/index';
import { prototypeSnapshot } from '../fixtures/prototypeSnapshot';
import { API, makeStore, tickingClock } from '../fixtures/store';

/** Ids that are special somewhere: prototype names, numbers, path-ish and percent-ish strings. */
const ID_POOL = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '0',
  '1',
  '10',
  'a/b',
  '..',
  '%2e',
  ' ',
  'ü',
  '1?x=1',
  'length',
];
/** Field names and values that are special too. */
const NAME_POOL = ['', '__proto__', 'constructor', 'prototype', 'polluted', 'Ann', '0', 'null', 'undefined'];

class PAuthor extends Entity {
  id = '';
  name = 'anonymous';
  pk() {
    return this.id;
  }
  static override key = 'PAuthor';
}

class PComment extends Entity {
  id = '';
  text = '';
  author: PAuthor | null = null;
  pk() {
    return this.id;
  }
  static override key = 'PComment';
  static override schema = { author: PAuthor };
}

class PArticle extends Entity {
  id = '';
  title = 'untitled';
  tags: string[] = [];
  author: PAuthor | null = null;
  comments: PComment[] = [];
  pk() {
    return this.id;
  }
  static override key = 'PArticle';
  static override schema = { author: PAuthor, comments: [PComment] };
}

const feedSchema = { articles: [PArticle], featured: PArticle };

interface AuthorData {
  id: string;
  name?: string;
}
interface CommentData {
  id: string;
  text: string;
  author: number;
}
interface ArticleData {
  id: string;
  title?: string;
  tags: string[];
  author: number | null;
  comments: number[];
  hostileField: boolean;
}

/** Each kind's entities, ids unique per kind, so every occurrence of one id carries the same data. */
const worldArbitrary = fc
  .record({
    authors: fc.uniqueArray(
      fc.record(
        { id: fc.constantFrom(...ID_POOL), name: fc.option(fc.constantFrom(...NAME_POOL), { nil: undefined }) },
        { requiredKeys: ['id'] },
      ),
      {
        minLength: 1,
        maxLength: 4,
        selector: (author) => author.id,
      },
    ),
    comments: fc.uniqueArray(
      fc.record({ id: fc.constantFrom(...ID_POOL), text: fc.constantFrom(...NAME_POOL), author: fc.nat() }),
      { maxLength: 5, selector: (comment) => comment.id },
    ),
    articles: fc.uniqueArray(
      fc.record(
        {
          id: fc.constantFrom(...ID_POOL),
          title: fc.constantFrom(...NAME_POOL),
          tags: fc.array(fc.constantFrom(...NAME_POOL), { maxLength: 3 }),
          author: fc.option(fc.nat(), { nil: null }),
          comments: fc.array(fc.nat(), { maxLength: 4 }),
          hostileField: fc.boolean(),
        },
        { requiredKeys: ['id', 'tags', 'author', 'comments', 'hostileField'] },
      ),
      { minLength: 1, maxLength: 5, selector: (article) => article.id },
    ),
    featured: fc.option(fc.nat(), { nil: null }),
  })
  .map(
    (world) =>
      world as { authors: AuthorData[]; comments: CommentData[]; articles: ArticleData[]; featured: number | null },
  );

type World = typeof worldArbitrary extends fc.Arbitrary<infer W> ? W : never;

/** A field named `__proto__` as JSON.parse makes it: an own data property. */
function withOwnProto<T extends object>(target: T, value: unknown): T {
  Object.defineProperty(target, '__proto__', { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** The response (`defaults` false) or what reading it back must give (`defaults` true: Entity defaults filled in). */
function build(world: World, defaults: boolean) {
  const pick = <T>(list: readonly T[], index: number) => list[index % list.length] as T;
  const author = (data: AuthorData) => ({
    id: data.id,
    ...(data.name !== undefined ? { name: data.name } : defaults ? { name: 'anonymous' } : {}),
  });
  const comment = (data: CommentData) => ({
    id: data.id,
    text: data.text,
    author: author(pick(world.authors, data.author)),
  });
  const article = (data: ArticleData) => {
    const out: Record<string, unknown> = {
      id: data.id,
      ...(data.title !== undefined ? { title: data.title } : defaults ? { title: 'untitled' } : {}),
      tags: [...data.tags],
      author: data.author === null ? null : author(pick(world.authors, data.author)),
      comments: world.comments.length === 0 ? [] : data.comments.map((index) => comment(pick(world.comments, index))),
    };
    return data.hostileField ? withOwnProto(out, { polluted: true }) : out;
  };
  return {
    articles: world.articles.map(article),
    featured: world.featured === null ? null : article(pick(world.articles, world.featured)),
  };
}

const PROTOTYPES = () => prototypeSnapshot(Entity.prototype, PAuthor.prototype, PComment.prototype, PArticle.prototype);
const prototypesBefore = PROTOTYPES();

afterAll(() => {
  // no prototype changes, whatever ran
  expect(PROTOTYPES()).toEqual(prototypesBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test('denormalize(normalize(x)) equals x up to Entity defaults, for data drawn from a hostile id pool', () => {
  fc.assert(
    fc.property(worldArbitrary, (world) => {
      const input = build(world, false);
      const { result, entities } = normalize(feedSchema, input);
      const output = denormalize(feedSchema, result, entities) as { articles: PArticle[]; featured: PArticle | null };

      expect(output).toEqual(build(world, true));
      for (const item of output.articles) {
        expect(Object.getPrototypeOf(item)).toBe(PArticle.prototype);
        for (const comment of item.comments) expect(comment).toBeInstanceOf(PComment);
        if (item.author !== null) expect(item.author).toBeInstanceOf(PAuthor);
      }
      // every entity is stored once, under its own id, in a table of its own kind
      expect(Object.keys(entities.PArticle ?? {}).sort()).toEqual(world.articles.map((a) => a.id).sort());
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(PROTOTYPES()).toEqual(prototypesBefore);
    }),
    { numRuns: 150 },
  );
});

class Item extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static override key = 'Item';
  static override validate(processed: Record<string, unknown>) {
    return typeof processed.name === 'string' ? undefined : 'name must be a string';
  }
}

// the id goes to the query string: '..' and '%2e' are valid ids but are rejected as path segments
const getItem = new RestEndpoint({ urlPrefix: API, path: '/item', schema: Item });
const deleteItem = new RestEndpoint({
  urlPrefix: API,
  path: '/item',
  method: 'DELETE',
  schema: new schema.Invalidate(Item),
});
const getItems = new RestEndpoint({ urlPrefix: API, path: '/items', schema: new schema.All(Item) });
const itemSelectors = getEntitySelectors(Item);

type Command =
  | { kind: 'list'; items: { id: string; name: string }[] }
  | { kind: 'one'; id: string; name: string }
  | { kind: 'delete'; id: string }
  | { kind: 'bad'; write: number; id: string }
  | { kind: 'reset' };

const idArbitrary = fc.constantFrom(...ID_POOL);
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('list' as const),
      items: fc.array(fc.record({ id: idArbitrary, name: fc.constantFrom(...NAME_POOL) }), { maxLength: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('one' as const), id: idArbitrary, name: fc.constantFrom(...NAME_POOL) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: idArbitrary }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('bad' as const), write: fc.nat({ max: 6 }), id: idArbitrary }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
);

/** Writes that must be rejected: each throws and must leave the tables as they were. */
function badWrite(ctrl: ReturnType<typeof makeStore>['ctrl'], write: number, id: string): void {
  switch (write) {
    case 0:
      ctrl.setResponse(getItems, [{ id, name: 'ok' }, { name: 'no id' }]);
      return;
    case 1:
      ctrl.setResponse(getItems, [
        { id, name: 'ok' },
        { id: `${id}!`, name: 42 },
      ]); // validate() fails
      return;
    case 2:
      ctrl.setResponse(getItem, { id }, [{ id, name: 'array, not an item' }]);
      return;
    case 3:
      ctrl.setResponse(getItems, JSON.stringify([{ id, name: 'double encoded' }]));
      return;
    case 4:
      ctrl.setResponse(getItem, { id }, null);
      return;
    case 5:
      ctrl.setResponse(deleteItem, { id }, {}); // names no item
      return;
    default:
      ctrl.setResponse(getItems, { id, name: 'an item, not a list' });
  }
}

test('after random setResponse / delete / rejected writes / resets: the selectors list exactly the live stored entities, and a rejected write changes no table', () => {
  fc.assert(
    fc.property(fc.array(commandArbitrary, { minLength: 1, maxLength: 25 }), (commands) => {
      const { ctrl, store, slice } = makeStore({ now: tickingClock().now });
      const live = new Map<string, string>();
      for (const command of commands) {
        if (command.kind === 'list') {
          ctrl.setResponse(getItems, command.items);
          for (const item of command.items) live.set(item.id, item.name);
        } else if (command.kind === 'one') {
          ctrl.setResponse(getItem, { id: command.id }, { id: command.id, name: command.name });
          live.set(command.id, command.name);
        } else if (command.kind === 'delete') {
          ctrl.setResponse(deleteItem, { id: command.id }, { id: command.id });
          live.delete(command.id);
        } else if (command.kind === 'reset') {
          ctrl.resetEntireStore();
          live.clear();
        } else {
          const before = slice();
          expect(() => badWrite(ctrl, command.write, command.id)).toThrow(TypeError);
          const after = slice();
          expect(after.entities).toBe(before.entities);
          expect(after.entitiesMeta).toBe(before.entitiesMeta);
          expect(after.indexes).toBe(before.indexes);
          expect(after.endpoints).toBe(before.endpoints);
          expect(after.optimistic).toBe(before.optimistic);
        }

        const state = store.getState();
        const expected = [...live.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const all = itemSelectors.selectAll(state);
        expect(
          all
            .map((item) => [item.id, item.name])
            .sort(([a], [b]) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0)),
        ).toEqual(expected);
        for (const item of all) expect(Object.getPrototypeOf(item)).toBe(Item.prototype);
        expect([...itemSelectors.selectIds(state)].sort()).toEqual(expected.map(([id]) => id));
        expect(itemSelectors.selectTotal(state)).toBe(live.size);
        // the table holds the live records and nothing else; deleted ones are only in meta
        expect(Object.keys(slice().entities.Item ?? {}).sort()).toEqual(expected.map(([id]) => id));
        for (const id of ID_POOL) {
          const selected = itemSelectors.selectById(state, id);
          if (live.has(id)) expect(selected).toMatchObject({ id, name: live.get(id) });
          else expect(selected).toBeUndefined();
          expect(Object.prototype.hasOwnProperty.call(itemSelectors.selectEntities(state), id)).toBe(live.has(id));
        }
      }
      expect(PROTOTYPES()).toEqual(prototypesBefore);
    }),
    { numRuns: 60 },
  );
});

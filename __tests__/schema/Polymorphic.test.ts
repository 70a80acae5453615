/**
 * The polymorphic mapping that schema.All, schema.Array, schema.Union and schema.Values share
 * (`src/schema/Polymorphic.ts`): a schemaAttribute, an attribute name or a function of
 * (value, parent, key), picks each item's schema from a mapping, and define() adds to the mapping.
 * Shown on All and Array, alone and through the store; Union's own rules are in Union.test.ts.
 */
import nock from 'nock';
import {
  Entity,
  RestEndpoint,
  denormalize,
  fetchEndpoint,
  getEntitySelectors,
  normalize,
  schema,
  selectQuery,
} from '../../src/index';
import type { EntityTables } from '../../src/index';
import { Link, Post, User, feedByAttribute, feedByFunction, feedResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const getFeed = new RestEndpoint({ urlPrefix: API, path: '/feed', schema: feedByAttribute });
const getFeed2 = getFeed.extend({ schema: feedByFunction });

describe('schema.All with a mapping (spec 2.1, 4.2 item 3)', () => {
  test('schemaAttribute as an attribute name routes items to Link and Post', () => {
    const { result, entities } = normalize(feedByAttribute, feedResponse);
    expect(result).toEqual([
      { id: '1', schema: 'link' },
      { id: '2', schema: 'post' },
      { id: '3', schema: 'link' },
    ]);
    expect(Object.keys(entities.Link ?? {})).toEqual(['1', '3']);
    expect(Object.keys(entities.Post ?? {})).toEqual(['2']);
  });

  test('lists every kind, table by table, in table order, leaving out a key whose record is absent', () => {
    const { result, entities } = normalize(feedByAttribute, feedResponse);
    // a key listed with no record (as a partly restored table may hold): no hole is left in the list
    const tables = { ...entities, Post: { ...entities.Post, gone: undefined } } as unknown as EntityTables;
    const feed = denormalize(feedByAttribute, result, tables) as Array<Link | Post>;
    expect(feed.map((item) => [item.constructor, item.pk()])).toEqual([
      [Link, '1'],
      [Link, '3'],
      [Post, '2'],
    ]);
    expect(feed).toHaveLength(3);
  });

  test('schemaAttribute as a function gets (value, parent, key)', () => {
    const calls: Array<[unknown, unknown, unknown]> = [];
    const feed = new schema.All(
      { links: Link, posts: Post },
      (value: { type: string }, parent: unknown, key: string | undefined) => {
        calls.push([value, parent, key]);
        return `${value.type}s`;
      },
    );
    const response = { feed: feedResponse, next: null };
    normalize({ feed }, response);
    expect(calls).toHaveLength(3);
    calls.forEach(([value, parent, key], index) => {
      expect(value).toBe(feedResponse[index]);
      expect(parent).toBe(response);
      expect(key).toBe('feed');
    });
  });

  test('at the top level the function gets the array itself as parent and key undefined', () => {
    const parents = new Set<unknown>();
    const keys = new Set<unknown>();
    const feed = new schema.All(
      { links: Link, posts: Post },
      (value: { type: string }, parent: unknown, key: string | undefined) => {
        parents.add(parent);
        keys.add(key);
        return `${value.type}s`;
      },
    );
    normalize(feed, feedResponse);
    expect([...parents]).toEqual([feedResponse]);
    expect([...keys]).toEqual([undefined]);
  });

  test('both feed variants store the same entities and read the same list', () => {
    const byAttribute = normalize(feedByAttribute, feedResponse);
    const byFunction = normalize(feedByFunction, feedResponse);
    expect(JSON.stringify(byFunction.entities)).toBe(JSON.stringify(byAttribute.entities));
    const read = (items: unknown[]) => items.map((item) => [item?.constructor, JSON.stringify(item)]);
    expect(read(denormalize(feedByFunction, byFunction.result, byFunction.entities) as unknown[])).toEqual(
      read(denormalize(feedByAttribute, byAttribute.result, byAttribute.entities) as unknown[]),
    );
  });

  test('lists table by table in mapping order, records in table order, as instances with defaults', () => {
    const { result, entities } = normalize(feedByAttribute, feedResponse);
    const feed = denormalize(feedByAttribute, result, entities) as Array<Link | Post>;
    expect(feed.map((item) => [item.constructor, item.pk()])).toEqual([
      [Link, '1'],
      [Link, '3'],
      [Post, '2'],
    ]);
    const third = feed[1] as Link;
    expect(third.title).toBe(''); // default for the missing field
    expect(third.url).toBe('https://redux.js.org');
  });

  test('an item with no matching mapping is kept as it is and creates no entity (spec 2.1 rule 4)', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const video = { id: 9, type: 'video', src: 'v.mp4' };
    const { result, entities } = normalize(feedByAttribute, [...feedResponse, video]);
    expect((result as unknown[])[3]).toBe(video);
    expect(Object.keys(entities)).toEqual(['Link', 'Post']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("'video'");
    // the read lists stored entities only: the raw item never leaks (DESIGN §5.4)
    expect((denormalize(feedByAttribute, result, entities) as unknown[]).includes(video)).toBe(false);
    warn.mockRestore();
  });

  test('a mapping without schemaAttribute is rejected when constructed', () => {
    expect(() => new schema.All({ link: Link, post: Post })).toThrow(/schemaAttribute/);
  });

  test('a mapping key shared by two names lists the table once', () => {
    const all = new schema.All({ link: Link, links: Link }, 'type');
    const { entities } = normalize(all, [{ id: 1, type: 'link' }]);
    expect((denormalize(all, null, entities) as Link[]).map((item) => item.pk())).toEqual(['1']);
  });

  test('an unknown schemaAttribute type is rejected', () => {
    expect(() => new schema.All(User, 42 as never)).toThrow(/schemaAttribute must be a string or a function/);
  });
});

describe('define() (spec 2.2)', () => {
  test('merges into the definition given to the constructor', () => {
    const feed = new schema.All({ link: Link }, 'type');
    feed.define({ post: Post });
    expect(Object.keys(feed.schema as object)).toEqual(['link', 'post']);
    const { entities } = normalize(feed, feedResponse);
    expect(Object.keys(entities)).toEqual(['Link', 'Post']);
  });

  test('builds circular schemas: a Folder lists all Folders and Files', () => {
    class File extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'File';
    }
    class Folder extends Entity {
      id = '';
      children: Array<Folder | File> = [];
      pk() {
        return this.id;
      }
      static override key = 'Folder';
    }
    const children = new schema.Array({}, 'kind');
    Folder.schema = { children };
    children.define({ folder: Folder }).define({ file: File });
    const { entities, result } = normalize(Folder, {
      id: 'root',
      kind: 'folder',
      children: [
        { id: 'a', kind: 'file' },
        { id: 'sub', kind: 'folder', children: [{ id: 'b', kind: 'file' }] },
      ],
    });
    expect(Object.keys(entities.Folder ?? {}).sort()).toEqual(['root', 'sub']);
    expect(Object.keys(entities.File ?? {})).toEqual(['a', 'b']);
    const root = denormalize(Folder, result, entities) as Folder;
    const sub = root.children[1] as Folder;
    expect(sub).toBeInstanceOf(Folder);
    expect((sub.children[0] as File).pk()).toBe('b');
  });
});

describe('the spec feed (4.2 item 3) through the store', () => {
  test.each([
    ['attribute name', getFeed],
    ['function', getFeed2],
  ])('schemaAttribute as %s: Links and Posts land in their tables', async (_label, endpoint) => {
    const { store } = makeStore();
    nock(API).get('/feed').reply(200, feedResponse);
    const feed = await store.dispatch(fetchEndpoint(endpoint));
    expect(feed.map((item) => [item.constructor, item.pk()])).toEqual([
      [Link, '1'],
      [Link, '3'],
      [Post, '2'],
    ]);
    expect(getEntitySelectors(Link).selectIds(store.getState())).toEqual(['1', '3']);
    expect(getEntitySelectors(Post).selectAll(store.getState())[0]?.content).toBe('Hello');
  });

  test('both variants read the same entities from one store', async () => {
    const { store } = makeStore();
    nock(API).get('/feed').reply(200, feedResponse);
    await store.dispatch(fetchEndpoint(getFeed));
    const one = selectQuery(feedByAttribute)(store.getState());
    const two = selectQuery(feedByFunction)(store.getState());
    expect(two).toEqual(one);
    expect(two?.[0]).toBe(one?.[0]); // the same memoized instances
  });
});

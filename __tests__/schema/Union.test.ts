/** schema.Union: one item that may be any of several Entity kinds, picked by an attribute or a function. */
import nock from 'nock';
import { RestEndpoint, denormalize, fetchEndpoint, normalize, schema, selectQuery } from '../../src/index';
import { Link, Post, feedResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork } from '../fixtures/store';

beforeEach(strictNetwork);
afterEach(assertNetworkDone);

const byType = new schema.Union({ link: Link, post: Post }, 'type');
const byFunction = new schema.Union({ link: Link, post: Post }, (value: { type: string }) => value.type);

describe('schema.Union', () => {
  test('Union picks the kind of one item', () => {
    const item = new schema.Union({ link: Link, post: Post }, 'type');
    const { result, entities } = normalize(item, { id: 2, type: 'post', content: 'Hi' });
    expect(result).toEqual({ id: '2', schema: 'post' });
    expect(denormalize(item, result, entities)).toBeInstanceOf(Post);
  });

  test.each([
    ['an attribute', byType],
    ['a function', byFunction],
  ])('picks the kind by %s and reads the item back as an instance of it', (_label, union) => {
    const { result, entities } = normalize(union, feedResponse[1]);
    expect(result).toEqual({ id: '2', schema: 'post' });
    const post = denormalize(union, result, entities);
    expect(post).toBeInstanceOf(Post);
    expect(post).toMatchObject({ id: 2, content: 'Hello' });
  });

  test('needs a schemaAttribute: without one it would not know which kind an item is', () => {
    expect(() => new schema.Union({ link: Link, post: Post } as never, undefined as never)).toThrow(
      new TypeError(
        "schema.Union needs a schemaAttribute: the attribute name (e.g. 'type') or (value, parent, key) => mapping key.",
      ),
    );
  });

  test('selectQuery finds a stored item from the attribute and the primary key, with no stored response', () => {
    const { store, ctrl } = makeStore();
    ctrl.setResponse(new RestEndpoint({ urlPrefix: API, path: '/feed', schema: [byType] }), feedResponse);
    const post = selectQuery(byType, { type: 'post', id: 2 })(store.getState());
    expect(post).toBeInstanceOf(Post);
    expect(post).toMatchObject({ id: 2, content: 'Hello' });
    expect(selectQuery(byType, { type: 'link', id: 2 })(store.getState())).toBeUndefined(); // no Link 2
    expect(selectQuery(byType, { type: 'video', id: 2 })(store.getState())).toBeUndefined(); // no such kind
    expect(selectQuery(byFunction, { type: 'post', id: 2 })(store.getState())).toBeUndefined(); // a function cannot be asked
  });

  test('inside a list, each item is picked on its own', () => {
    const { result, entities } = normalize([byType], feedResponse);
    const items = denormalize([byType], result, entities) as (Link | Post)[];
    expect(items.map((item) => item.constructor)).toEqual([Link, Post, Link]);
  });

  test.each([
    ['an attribute', byType],
    ['a function', byFunction],
  ])('given an array (schema by %s), throws naming the schema and the fix, and writes nothing', (_label, union) => {
    expect(() => normalize(union, feedResponse, [], { source: 'GET /feed/latest' })).toThrow(
      new TypeError(
        `schema.Union (link, post) expected one item while normalizing GET /feed/latest, but received an array. ` +
          `For a list of them, use [union] or new schema.Array(union). Received: ${JSON.stringify(feedResponse)}`,
      ),
    );
  });

  test('an array in a field that holds a Union names the field', () => {
    expect(() => normalize({ pinned: byType }, { pinned: [feedResponse[0]] })).toThrow(
      /^schema\.Union \(link, post\) expected one item while normalizing a response \(field 'pinned'\), but received an array\./,
    );
  });

  test('an endpoint answered with an array rejects and stores nothing but the error', async () => {
    const { store, slice } = makeStore();
    const getLatest = new RestEndpoint({ urlPrefix: API, path: '/feed/latest', schema: byType });
    nock(API).get('/feed/latest').reply(200, feedResponse);
    const before = slice();
    await expect(store.dispatch(fetchEndpoint(getLatest))).rejects.toThrow(
      /^schema\.Union \(link, post\) expected one item while normalizing GET \/feed\/latest, but received an array/,
    );
    expect(slice().entities).toBe(before.entities);
    expect(slice().endpoints).toBe(before.endpoints);
    expect(slice().meta[getLatest.key()]?.error?.name).toBe('TypeError');
  });
});

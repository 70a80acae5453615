/**
 * Schema mismatches: responses that do not fit their schema reject naming the Entity key, the
 * endpoint and the value, and write nothing but the request's error. The scenarios run twice, on a
 * library loaded with NODE_ENV=development and on one loaded with NODE_ENV=production
 * (jest.isolateModules, so each test gets fresh module state, e.g. for warn-once). Production
 * behaves as development; only development warns. The last one runs on the library as imported.
 */
import nock from 'nock';
import { RestEndpoint, fetchEndpoint, schema, selectResponse } from '../../src/index';
import { User, usersResponse } from '../fixtures/spec';
import { API, assertNetworkDone, makeStore, strictNetwork, tickingClock } from '../fixtures/store';
import { keysOf, recordOf } from '../../src/storage/table.js';

type Lib = typeof import('../../src/index');
type Env = 'development' | 'production';

const originalEnv = process.env.NODE_ENV;

/** The library as a build for `env` sees it: loaded fresh with NODE_ENV set (it stays set for the test). */
function loadLibrary(env: Env): Lib {
  process.env.NODE_ENV = env;
  let lib: Lib | undefined;
  jest.isolateModules(() => {
    lib = require('../../src/index') as Lib;
  });
  return lib as Lib;
}

/** The entities and endpoints of these scenarios, on one copy of the library. */
function model(lib: Lib) {
  const { Entity, RestEndpoint, schema } = lib;

  class User extends Entity {
    id = '';
    name = '';
    pk() {
      return this.id;
    }
    static override key = 'User';
  }

  /** A pk written as a template: a missing id would read "undefined". */
  class Ticket extends Entity {
    id = 0;
    title = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'Ticket';
  }

  class Post extends Entity {
    id = 0;
    title = '';
    author: User | null = User.fromJS();
    pk() {
      return `${this.id}`;
    }
    static override key = 'Post';
    static override schema = { author: User };
  }

  class Link extends Entity {
    id = 0;
    type = 'link' as const;
    url = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'Link';
  }

  class Note extends Entity {
    id = 0;
    type = 'note' as const;
    text = '';
    pk() {
      return `${this.id}`;
    }
    static override key = 'Note';
  }

  class Person extends Entity {
    id = '';
    name = '';
    bestFriend: Person | null = null;
    friends: Person[] = [];
    pk() {
      return this.id;
    }
    static override key = 'Person';
    static override schema: Record<string, unknown> = { bestFriend: Person, friends: [Person] };
  }

  class Author extends Entity {
    id = 0;
    name = '';
    books: Book[] = [];
    pk() {
      return `${this.id}`;
    }
    static override key = 'Author';
  }
  class Book extends Entity {
    id = 0;
    title = '';
    author: Author | null = null;
    pk() {
      return `${this.id}`;
    }
    static override key = 'Book';
    static override schema = { author: Author };
  }
  Author.schema = { books: [Book] };

  class Product extends Entity {
    id = 0;
    price = 0;
    pk() {
      return `${this.id}`;
    }
    static override key = 'Product';
    static override validate(processed: Record<string, unknown>) {
      return typeof processed.price === 'number' && processed.price >= 0
        ? undefined
        : `price must be a number >= 0, got ${JSON.stringify(processed.price)}`;
    }
  }

  return {
    User,
    Ticket,
    Post,
    Link,
    Note,
    Person,
    Author,
    Book,
    Product,
    getUsers: new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) }),
    getUser: new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User }),
    getTickets: new RestEndpoint({ urlPrefix: API, path: '/tickets', schema: [Ticket] }),
    getPost: new RestEndpoint({ urlPrefix: API, path: '/posts/:id', schema: Post }),
    getPage: new RestEndpoint({ urlPrefix: API, path: '/page', schema: { user: User, next: Post } }),
    getFeed: new RestEndpoint({
      urlPrefix: API,
      path: '/feed',
      schema: new schema.Array({ link: Link, note: Note }, 'type'),
    }),
    getFeedAll: new RestEndpoint({
      urlPrefix: API,
      path: '/feed-all',
      schema: new schema.All({ link: Link, note: Note }, 'type'),
    }),
    getPerson: new RestEndpoint({ urlPrefix: API, path: '/people/:id', schema: Person }),
    getAuthor: new RestEndpoint({ urlPrefix: API, path: '/authors/:id', schema: Author }),
    getProducts: new RestEndpoint({ urlPrefix: API, path: '/products', schema: new schema.All(Product) }),
  };
}

/** A user's store on this copy of the library. */
const storeOf = (lib: Lib) => makeStore({ entities: lib, now: tickingClock().now });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each<Env>(['development', 'production'])('bad input, NODE_ENV=%s', (env) => {
  let lib: Lib;
  let m: ReturnType<typeof model>;
  let warnings: string[];

  beforeEach(() => {
    strictNetwork();
    lib = loadLibrary(env);
    m = model(lib);
    warnings = [];
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
  });
  afterEach(() => {
    process.env.NODE_ENV = originalEnv;
    jest.restoreAllMocks();
    assertNetworkDone();
  });

  /** A store with users 1 and 2 already cached. */
  async function withUsers() {
    const setup = storeOf(lib);
    nock(API)
      .get('/users')
      .reply(200, [
        { id: '1', name: 'Ann' },
        { id: '2', name: 'Bo' },
      ]);
    await setup.store.dispatch(lib.fetchEndpoint(m.getUsers));
    return setup;
  }

  describe('missing or empty primary keys', () => {
    test.each([
      ['a missing', { name: 'No Id' }, 'undefined'],
      ['an empty', { id: '', name: 'No Id' }, '""'],
      ['a null', { id: null, name: 'No Id' }, 'null'],
    ])(
      '%s pk in a list rejects naming the Entity key, the endpoint and the item; nothing is stored',
      async (_label, item, shown) => {
        const { store, slice } = await withUsers();
        const before = slice();
        nock(API)
          .get('/users')
          .reply(200, [{ id: '3', name: 'Cy' }, item]);

        const error = (await store.dispatch(lib.fetchEndpoint(m.getUsers)).then(
          () => undefined,
          (reason: unknown) => reason,
        )) as Error;
        expect(error).toBeInstanceOf(TypeError);
        expect(error.message).toMatch(
          new RegExp(`^User\\.pk\\(\\) returned ${escape(shown)} while normalizing GET /users\\b`),
        );
        expect(error.message).toContain(JSON.stringify(item));
        expect(slice().entities).toBe(before.entities);
        expect(slice().entitiesMeta).toBe(before.entitiesMeta);
        expect(slice().endpoints).toBe(before.endpoints);
        expect(Object.keys(slice().entities.User ?? {})).toEqual(['1', '2']); // no 'undefined', '' or invented key; Cy not half-written
        expect(slice().meta[m.getUsers.key()]?.error).toEqual({ name: 'TypeError', message: error.message });
        expect(lib.getEntitySelectors(m.User).selectIds(store.getState())).toEqual(['1', '2']);
      },
    );

    test('a template pk (`${this.id}`) of a missing id is rejected, not stored under "undefined"', async () => {
      const { store, slice } = storeOf(lib);
      nock(API)
        .get('/tickets')
        .reply(200, [{ id: 1, title: 'ok' }, { title: 'no id' }]);
      await expect(store.dispatch(lib.fetchEndpoint(m.getTickets))).rejects.toThrow(
        /^Ticket\.pk\(\) returned "undefined" while normalizing GET \/tickets.*\{"title":"no id"\}/,
      );
      expect(slice().entities).toEqual({});
      expect(slice().endpoints).toEqual({});
    });

    test('through ctrl.setResponse too: it throws, stores the error, writes nothing', async () => {
      const { ctrl, slice } = await withUsers();
      const before = slice();
      expect(() => ctrl.setResponse(m.getUser, { id: 5 }, { name: 'No Id' })).toThrow(
        /^User\.pk\(\) returned undefined while normalizing GET \/users\/:id/,
      );
      expect(slice().entities).toBe(before.entities);
      expect(ctrl.getError(m.getUser, { id: 5 })?.message).toMatch(/User\.pk\(\).*\{"name":"No Id"\}/);
    });
  });

  test('ids 0 and "0" are valid ids: stored under "0", read and listed', async () => {
    const { store, slice } = storeOf(lib);
    nock(API).get('/users/0').reply(200, { id: 0, name: 'Zero' });
    const user = await store.dispatch(lib.fetchEndpoint(m.getUser, { id: 0 }));
    expect(user).toBeInstanceOf(m.User);
    expect(user.pk()).toBe(0);
    expect(Object.keys(slice().entities.User ?? {})).toEqual(['0']);
    const selectors = lib.getEntitySelectors(m.User);
    expect(selectors.selectById(store.getState(), 0)).toBe(user);
    expect(selectors.selectById(store.getState(), '0')).toBe(user);
    expect(selectors.selectIds(store.getState())).toEqual(['0']);

    nock(API).get('/users/0').reply(200, { id: '0', name: 'Zero again' });
    await store.dispatch(lib.fetchEndpoint(m.getUser, { id: '0' }));
    expect(selectors.selectAll(store.getState()).map((item) => item.name)).toEqual(['Zero again']);
  });

  describe('null', () => {
    test('null at the top level of a schema endpoint is rejected with a clear message; nothing is stored', async () => {
      const { store, slice } = await withUsers();
      const before = slice();
      nock(API).get('/users/1').reply(200, 'null', { 'Content-Type': 'application/json' });
      await expect(store.dispatch(lib.fetchEndpoint(m.getUser, { id: 1 }))).rejects.toThrow(
        /^User expected an object or array while normalizing GET \/users\/:id, but received null\. Received: null$/,
      );
      expect(slice().entities).toBe(before.entities);
      expect(slice().endpoints).toBe(before.endpoints);
    });

    test('null in a nested entity field or object field is a value: stored and read back as null', async () => {
      const { store, slice } = storeOf(lib);
      nock(API).get('/posts/1').reply(200, { id: 1, title: 'Orphan', author: null });
      const post = await store.dispatch(lib.fetchEndpoint(m.getPost, { id: 1 }));
      expect(post).toBeInstanceOf(m.Post);
      expect(post.author).toBeNull(); // not the class default
      expect(recordOf(slice().entities.Post, '1')).toEqual({ id: 1, title: 'Orphan', author: null });
      expect(slice().entities.User).toBeUndefined();

      nock(API).get('/page').reply(200, { user: null, next: null });
      await expect(store.dispatch(lib.fetchEndpoint(m.getPage))).resolves.toEqual({ user: null, next: null });
    });
  });

  describe('the wrong shape', () => {
    test('an array where an entity is expected', async () => {
      const { store, slice } = await withUsers();
      const before = slice();
      nock(API)
        .get('/users/1')
        .reply(200, [{ id: '1', name: 'Ann' }]);
      await expect(store.dispatch(lib.fetchEndpoint(m.getUser, { id: 1 }))).rejects.toThrow(
        'User expected an object while normalizing GET /users/:id, but received an array. Received: [{"id":"1","name":"Ann"}]',
      );
      expect(slice().entities).toBe(before.entities);
      expect(slice().meta[m.getUser.key({ id: 1 })]?.error?.message).toMatch(/^User expected an object/);
    });

    test('an entity where an array is expected', async () => {
      const { store, slice } = await withUsers();
      const before = slice();
      nock(API).get('/users').reply(200, { id: '3', name: 'Cy' });
      await expect(store.dispatch(lib.fetchEndpoint(m.getUsers))).rejects.toThrow(
        'schema.All expected an array while normalizing GET /users, but received an object. Received: {"id":"3","name":"Cy"}',
      );
      expect(slice().entities).toBe(before.entities);
      // a failed refetch of the list keeps the old list readable only if soft; this one is hard
      expect(lib.selectResponse(m.getUsers)(store.getState())).toMatchObject({ status: 'rejected', data: undefined });
    });

    test('a double-encoded JSON string is recognised as an unparsed response', async () => {
      const { store, slice } = await withUsers();
      const before = slice();
      nock(API)
        .get('/users')
        .reply(200, JSON.stringify(JSON.stringify([{ id: '3', name: 'Cy' }])), { 'Content-Type': 'application/json' });
      await expect(store.dispatch(lib.fetchEndpoint(m.getUsers))).rejects.toThrow(
        /^schema\.All\(User\) expected an object or array while normalizing GET \/users, but received a string: a string that is itself JSON\. .*Received: "\[\{\\"id\\":\\"3\\"/,
      );
      expect(slice().entities).toBe(before.entities);
    });
  });

  describe('a polymorphic item with an unknown type', () => {
    const feed = [
      { id: 1, type: 'link', url: 'https://example.com' },
      { id: 7, type: 'video', src: 'a.mp4' },
      { id: 2, type: 'note', text: 'hi' },
      { id: 8, type: 'video', src: 'b.mp4' },
    ];

    test('in a schema.Array: kept as it is, no entity, one warning (development only)', async () => {
      const { store, slice } = storeOf(lib);
      nock(API).get('/feed').times(2).reply(200, feed);
      const items = await store.dispatch(lib.fetchEndpoint(m.getFeed));
      await store.dispatch(lib.fetchEndpoint(m.getFeed)); // a second response with the same unknown type
      expect(items).toHaveLength(4);
      expect(items[0]).toBeInstanceOf(m.Link);
      expect(items[2]).toBeInstanceOf(m.Note);
      expect(items[1]).toEqual(feed[1]);
      expect(items[3]).toEqual(feed[3]);
      expect(items[1]).not.toBeInstanceOf(lib.Entity);
      expect(Object.keys(slice().entities).sort()).toEqual(['Link', 'Note']);
      expect(Object.keys(slice().entities.Link ?? {})).toEqual(['1']);
      expect(Object.keys(slice().entities.Note ?? {})).toEqual(['2']);
      if (env === 'production') {
        expect(warnings).toEqual([]);
      } else {
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/no schema for 'video'.*kept as it is/);
      }
    });

    test('in a schema.All: kept in the stored result, not listed, no entity, one warning (development only)', async () => {
      const { store, slice } = storeOf(lib);
      nock(API).get('/feed-all').reply(200, feed);
      const items = await store.dispatch(lib.fetchEndpoint(m.getFeedAll));
      expect(items.map((item) => [item.constructor, item.id])).toEqual([
        [m.Link, 1],
        [m.Note, 2],
      ]);
      expect(slice().endpoints[m.getFeedAll.key()]).toEqual([
        { id: '1', schema: 'link' },
        feed[1],
        { id: '2', schema: 'note' },
        feed[3],
      ]);
      expect(Object.keys(slice().entities).sort()).toEqual(['Link', 'Note']);
      expect(warnings).toHaveLength(env === 'production' ? 0 : 1);
    });
  });

  describe('self- and mutually-referential entities', () => {
    test('a self-referential response normalizes and reads back as a cycle-safe graph', async () => {
      const { store, slice } = storeOf(lib);
      nock(API)
        .get('/people/a')
        .reply(200, {
          id: 'a',
          name: 'A',
          bestFriend: { id: 'b', name: 'B', bestFriend: { id: 'a' }, friends: [{ id: 'a' }] },
          friends: [{ id: 'b' }, { id: 'a' }],
        });
      const a = await store.dispatch(lib.fetchEndpoint(m.getPerson, { id: 'a' }));
      expect(slice().entities.Person).toEqual({
        a: { id: 'a', name: 'A', bestFriend: 'b', friends: ['b', 'a'] },
        b: { id: 'b', name: 'B', bestFriend: 'a', friends: ['a'] },
      });
      const b = a.bestFriend as InstanceType<typeof m.Person>;
      expect(b).toBeInstanceOf(m.Person);
      expect(b.name).toBe('B');
      expect(b.bestFriend).toBe(a);
      expect(b.friends[0]).toBe(a);
      expect(a.friends[0]).toBe(b);
      expect(a.friends[1]).toBe(a);
      expect(lib.getEntitySelectors(m.Person).selectById(store.getState(), 'b')).toBe(b);
    });

    test('an input object that contains itself (made by process or by hand) terminates', () => {
      const { ctrl } = storeOf(lib);
      const a: Record<string, unknown> = { id: 'a', name: 'A' };
      a.bestFriend = a;
      a.friends = [a, a];
      const read = ctrl.setResponse(m.getPerson, { id: 'a' }, a);
      expect(read.bestFriend).toBe(read);
      expect(read.friends).toEqual([read, read]);
      expect(read.friends[0]).toBe(read);
    });

    test('mutually referential entities (Author.books ↔ Book.author) read back with shared instances', async () => {
      const { store, slice } = storeOf(lib);
      nock(API)
        .get('/authors/1')
        .reply(200, {
          id: 1,
          name: 'Le Guin',
          books: [
            { id: 10, title: 'Earthsea', author: 1 },
            { id: 11, title: 'The Dispossessed', author: { id: 1, name: 'Le Guin' } },
          ],
        });
      const author = await store.dispatch(lib.fetchEndpoint(m.getAuthor, { id: 1 }));
      expect(slice().entities.Book).toEqual({
        '10': { id: 10, title: 'Earthsea', author: '1' },
        '11': { id: 11, title: 'The Dispossessed', author: '1' },
      });
      expect(author.books.map((book) => book.title)).toEqual(['Earthsea', 'The Dispossessed']);
      expect(author.books[0]?.author).toBe(author);
      expect(author.books[1]?.author).toBe(author);
      expect(author.books[1]?.author?.books[0]).toBe(author.books[0]);
    });

    test('a 10,000-deep chain normalizes and denormalizes without overflowing the stack, and re-reads after a change at the far end', () => {
      const { Entity } = lib;
      class Link10k extends Entity {
        id = 0;
        next: Link10k | null = null;
        pk() {
          return `${this.id}`;
        }
        static override key = 'Link10k';
        static override schema: Record<string, unknown> = { next: Link10k };
      }
      const depth = 10_000;
      let input: { id: number; next: unknown } | null = null;
      for (let i = depth - 1; i >= 0; i--) input = { id: i, next: input };
      const { ctrl, slice } = storeOf(lib);
      const getChain = new lib.RestEndpoint({ urlPrefix: API, path: '/chain', schema: Link10k });

      /** A printable summary: a failing assertion on the chain itself would overflow Jest's reporter. */
      const summary = (first: Link10k) => {
        let count = 0;
        let inOrder = true;
        let last = first;
        for (let node: Link10k | null = first; node !== null; node = node.next) {
          if (node.id !== count) inOrder = false;
          count++;
          last = node;
        }
        return { count, inOrder, last: { id: last.id, tail: (last as Link10k & { tail?: boolean }).tail } };
      };

      const head = ctrl.setResponse(getChain, input);
      expect(keysOf(slice().entities.Link10k)).toHaveLength(depth);
      expect(summary(head)).toEqual({ count: depth, inOrder: true, last: { id: depth - 1, tail: undefined } });

      // the far end changes: the whole chain is rebuilt on the next read (freshness check recurses too)
      const getOne = new lib.RestEndpoint({ urlPrefix: API, path: '/chain/:id', schema: Link10k });
      ctrl.setResponse(getOne, { id: depth - 1 }, { id: depth - 1, next: null, tail: true });
      const again = ctrl.getResponse(getChain).data as Link10k;
      expect(again === head).toBe(false);
      expect(summary(again)).toEqual({ count: depth, inOrder: true, last: { id: depth - 1, tail: true } });
    });
  });

  test('validate() failing for 1 of 50 items rejects the whole response and writes none of it', async () => {
    const { store, slice } = storeOf(lib);
    nock(API)
      .get('/products')
      .reply(200, [{ id: 1000, price: 1 }]);
    await store.dispatch(lib.fetchEndpoint(m.getProducts));
    const before = slice();
    const items = Array.from({ length: 50 }, (_, i) => ({ id: i, price: i === 37 ? 'free' : i }));
    nock(API).get('/products').reply(200, items);

    await expect(store.dispatch(lib.fetchEndpoint(m.getProducts))).rejects.toThrow(
      /^Product 37 failed validate\(\) while normalizing GET \/products: price must be a number >= 0, got "free"\. Received: \{"id":37,"price":"free"\}$/,
    );
    expect(slice().entities).toBe(before.entities);
    expect(slice().entitiesMeta).toBe(before.entitiesMeta);
    expect(slice().endpoints).toBe(before.endpoints);
    expect(Object.keys(slice().entities.Product ?? {})).toEqual(['1000']);
    expect(lib.getEntitySelectors(m.Product).selectTotal(store.getState())).toBe(1);
  });
});

describe('on the library as the other tests import it', () => {
  beforeEach(strictNetwork);
  afterEach(assertNetworkDone);

  const getUsers = new RestEndpoint({ urlPrefix: API, path: '/users', schema: new schema.All(User) });

  /** A store holding users 1 and 2. */
  async function loadUsers() {
    const setup = makeStore();
    nock(API).get('/users').reply(200, usersResponse);
    await setup.store.dispatch(fetchEndpoint(getUsers));
    return setup;
  }

  test('a missing pk rejects naming the Entity and endpoint, and writes nothing', async () => {
    const { store, slice } = await loadUsers();
    const before = slice().entities;
    nock(API)
      .get('/users')
      .reply(200, [{ id: '5', name: 'Ok' }, { name: 'no id' }]);
    await expect(store.dispatch(fetchEndpoint(getUsers))).rejects.toThrow(
      /User\.pk\(\) returned undefined while normalizing GET .*\/users/,
    );
    expect(slice().entities).toBe(before);
    expect(selectResponse(getUsers)(store.getState()).error?.message).toMatch(/User\.pk\(\)/);
  });
});

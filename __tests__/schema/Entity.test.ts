/**
 * Entity: the spec's entity shapes, the class hooks (nested schema, process, validate, merge,
 * shouldReorder, shouldUpdate) and indexes, which follow their values through the store; what a
 * constructor sees of nested defaults that a read overwrites, and of a nested field declared with
 * none; a JavaScript class without pk().
 */
import {
  Entity,
  MemoCache,
  RestEndpoint,
  denormalize,
  normalize,
  schema,
  selectQuery,
  storeView,
} from '../../src/index';
import { Account, FeedItem, Link, Post, Trade, User } from '../fixtures/spec';
import { API, held, makeStore } from '../fixtures/store';
import { appendMeta, metaOf } from '../../src/redux/slice/metaStamps';

describe('Entity shapes (spec 2.3)', () => {
  test('User: id and name, pk() is the id', () => {
    const user = User.fromJS({ id: '7', name: 'Ann' });
    expect(user).toBeInstanceOf(User);
    expect(user.pk()).toBe('7');
    expect(User.fromJS()).toMatchObject({ id: '', name: '' });
  });

  test('FeedItem, Link and Post carry their defaults and pk() is the id as a string', () => {
    expect(Link.fromJS()).toMatchObject({ id: 0, type: 'link', url: '', title: '' });
    expect(Post.fromJS()).toMatchObject({ id: 0, type: 'post', content: '' });
    const link = Link.fromJS({ id: 4 });
    expect(link).toBeInstanceOf(FeedItem);
    expect(link.pk()).toBe('4');
  });

  test('Trade and Account keep the response field types', () => {
    const trade = { id: 1, user: 1, amount: '5.5', coin: 'btc', created_at: '2026-11-22T10:00:00Z' };
    const account = { id: 3, user: 1, balance: '94.5', coin_value: '1.25' };
    const { entities } = normalize({ trade: Trade, account: Account }, { trade, account });
    expect(entities.Trade?.['1']).toEqual(trade);
    expect(entities.Account?.['3']).toEqual(account);
  });

  test('the store keeps plain records; reads are instances', () => {
    const { result, entities } = normalize(User, { id: '1', name: 'Ann' });
    const record = entities.User?.['1'];
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(denormalize(User, result, entities)).toBeInstanceOf(User);
  });
  test('a record is never the caller’s object, unless it is a frozen plain object no one can change', () => {
    const loose = { id: '1', name: 'Ann' };
    const frozen = Object.freeze({ id: '2', name: 'Bo' });
    class Row {
      id = '3';
      name = 'Cy';
    }
    const instance = Object.freeze(new Row());
    const { entities } = normalize([User], [loose, frozen, instance]);
    expect(entities.User?.['1']).toEqual(loose);
    expect(entities.User?.['1']).not.toBe(loose);
    expect(entities.User?.['2']).toBe(frozen);
    // not plain: copied into a plain record
    expect(entities.User?.['3']).not.toBe(instance);
    expect(Object.getPrototypeOf(entities.User?.['3'])).toBe(Object.prototype);
    loose.name = 'changed';
    expect(entities.User?.['1']?.name).toBe('Ann');
  });
});

describe('Entity hooks', () => {
  test('nested entities through static schema are stored flat and read back as instances', () => {
    class Article extends Entity {
      id = '';
      author = User.fromJS();
      pk() {
        return this.id;
      }
      static override key = 'Article';
      static override schema = { author: User };
    }
    const { result, entities } = normalize([Article], [{ id: 'a', author: { id: '1', name: 'Ann' } }]);
    expect(entities.Article?.['a']).toEqual({ id: 'a', author: '1' });
    const [article] = denormalize([Article], result, entities) as Article[];
    expect(article?.author).toBeInstanceOf(User);
    expect(article?.author.name).toBe('Ann');
  });

  test('process shapes the item and validate rejects the whole response', () => {
    class Priced extends Entity {
      id = '';
      cents = 0;
      pk() {
        return this.id;
      }
      static override key = 'Priced';
      static override process(input: Record<string, unknown>) {
        return { ...input, cents: Math.round(Number(input.price) * 100) };
      }
      static override validate(processed: Record<string, unknown>) {
        return Number.isNaN(processed.cents) ? `price is not a number` : undefined;
      }
    }
    expect(normalize(Priced, { id: 'x', price: '1.25' }).entities.Priced?.['x']).toMatchObject({ cents: 125 });
    expect(() =>
      normalize(
        [Priced],
        [
          { id: 'a', price: '1' },
          { id: 'b', price: 'abc' },
        ],
      ),
    ).toThrow(/Priced b failed validate\(\).*price is not a number/);
  });

  test('merge combines two copies of one entity in one response', () => {
    const { entities } = normalize(
      [User],
      [
        { id: '1', name: 'Ann' },
        { id: '1', email: 'ann@x' },
      ],
    );
    expect(entities.User?.['1']).toEqual({ id: '1', name: 'Ann', email: 'ann@x' });
  });

  test('an older response does not overwrite newer stored fields (shouldReorder)', () => {
    const newer = normalize(User, { id: '1', name: 'New' }, [], {
      meta: { fetchedAt: 200, date: 200, expiresAt: 300 },
    });
    const older = normalize(User, { id: '1', name: 'Old', email: 'e' }, [], {
      store: storeView(newer),
      meta: { fetchedAt: 100, date: 250, expiresAt: 350 },
    });
    expect(older.entities.User?.['1']).toEqual({ id: '1', name: 'New', email: 'e' });
    // the record keeps the newer stored meta: the older response lists it in no stamp
    expect(older.entitiesMeta.User).toBeUndefined();
    expect(metaOf(appendMeta(appendMeta({}, newer.entitiesMeta), older.entitiesMeta), 'User', '1')?.fetchedAt).toBe(
      200,
    );
  });

  test('shouldUpdate false keeps the stored record', () => {
    class Frozen extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'Frozen';
      static override shouldUpdate() {
        return false;
      }
    }
    const first = normalize(Frozen, { id: '1', v: 1 });
    const second = normalize(Frozen, { id: '1', v: 2 }, [], { store: storeView(first) });
    expect(second.entities.Frozen?.['1']).toBe(first.entities.Frozen?.['1']);
  });

  test('a merge that changes nothing keeps the stored record reference', () => {
    const first = normalize(User, { id: '1', name: 'Ann' });
    const again = normalize(User, { id: '1', name: 'Ann' }, [], { store: storeView(first) });
    expect(again.entities.User?.['1']).toBe(first.entities.User?.['1']);
  });

  test('an entity repeated in one response that changes nothing keeps the stored record reference', () => {
    const first = normalize(User, { id: '1', name: 'Ann' });
    const again = normalize(
      [User],
      [
        { id: '1', name: 'Ann' },
        { id: '1', name: 'Ann' },
      ],
      [],
      { store: storeView(first) },
    );
    expect(again.entities.User?.['1']).toBe(first.entities.User?.['1']);
  });

  test('indexes record the pk of each indexed value, and queryKey finds it', () => {
    class Member extends Entity {
      id = '';
      username = '';
      pk() {
        return this.id;
      }
      static override key = 'Member';
      static override indexes = ['username'];
    }
    const { indexes } = normalize([Member], [{ id: '1', username: 'ann' }]);
    expect(indexes.Member?.username?.ann).toBe('1');
    const found = Member.queryKey([{ username: 'ann' }], {
      getEntity: () => undefined,
      getIndex: (key, field, value) => indexes[key]?.[field]?.[value],
    });
    expect(found).toBe('1');
  });
});

describe('nested entities in one response: references, depth, cycles and repeats', () => {
  class Node extends Entity {
    id = '';
    name = '';
    next: Node | null = null;
    pk() {
      return this.id;
    }
    static override key = 'WrittenNode';
    static override schema: Record<string, unknown> = { next: Node };
  }

  test('a primary key in place of a nested entity is a reference: numbers and bigints become keys, booleans stay', () => {
    const { result, entities } = normalize(
      { byString: User, byNumber: User, byBigint: User, flag: User },
      { byString: 'u1', byNumber: 7, byBigint: 9n, flag: false },
    );
    expect(result).toEqual({ byString: 'u1', byNumber: '7', byBigint: '9', flag: false });
    expect(entities.User).toBeUndefined();
  });

  test('an entity nested deeper than the call stack allows is written at every level, each naming the next', () => {
    const depth = 10_000;
    let input: { id: string; next: unknown } | null = null;
    for (let i = depth - 1; i >= 0; i--) input = { id: `n${i}`, next: input };
    const { result, entities } = normalize(Node, input);
    const table = entities.WrittenNode ?? {};
    expect(result).toBe('n0');
    expect(Object.keys(table)).toHaveLength(depth);
    // compared as a count, not the table itself: a failing report of 10,000 records would be unreadable
    const broken = Array.from({ length: depth }, (_, i) => `n${i}`).filter(
      (pk, i) => table[pk]?.next !== (i === depth - 1 ? null : `n${i + 1}`),
    );
    expect(broken).toHaveLength(0);
  });

  test('an input that contains itself writes each entity of the cycle once, naming the next', () => {
    const loop: { id: string; next: unknown } = { id: 'a', next: null };
    loop.next = { id: 'b', next: loop };
    const { result, entities } = normalize(Node, loop);
    expect(result).toBe('a');
    expect(entities.WrittenNode).toEqual({ a: { id: 'a', next: 'b' }, b: { id: 'b', next: 'a' } });
  });

  test('in a list longer than the nesting limit, an entity repeated in it ends with its last occurrence', () => {
    // 300 items written side by side, not nested: none of them is deep
    const items = Array.from({ length: 300 }, (_, i): { id: string; next: { id: string; name?: string } } => ({
      id: `n${i}`,
      next: { id: `leaf${i}` },
    }));
    items[250] = { id: 'n250', next: { id: 'shared', name: 'first' } };
    items[299] = { id: 'n299', next: { id: 'shared', name: 'last' } };
    const { entities } = normalize([Node], items);
    expect(entities.WrittenNode?.['shared']).toEqual({ id: 'shared', name: 'last' });
  });
});

describe('Entity.indexes follow the values', () => {
  class Member extends Entity {
    id = '';
    username = '';
    pk() {
      return this.id;
    }
    static override key = 'Member';
    static override indexes = ['username'];
  }
  const getMember = new RestEndpoint({ path: '/members/:id', schema: Member });
  const getMembers = new RestEndpoint({ path: '/members', schema: [Member] });

  function store() {
    const { store: built, ctrl } = makeStore();
    return { store: built, ctrl, find: (username: string) => selectQuery(Member, { username })(built.getState()) };
  }

  test('after a rename, the old value finds nothing and the new one finds the entity', () => {
    const { store: built, ctrl, find } = store();
    ctrl.setResponse(getMember, { id: '1' }, { id: '1', username: 'bo' });
    expect(find('bo')?.pk()).toBe('1');
    ctrl.setResponse(getMember, { id: '1' }, { id: '1', username: 'bob' });
    expect(find('bo')).toBeUndefined();
    expect(find('bob')?.pk()).toBe('1');
    // plain JSON: the old entry is gone, not left as undefined
    expect(Object.keys(built.getState().entities.indexes.Member?.username ?? {})).toEqual(['bob']);
  });

  test('two entities swapping values in one response each keep their own', () => {
    const { ctrl, find } = store();
    ctrl.setResponse(getMembers, [
      { id: '1', username: 'ann' },
      { id: '2', username: 'bo' },
    ]);
    ctrl.setResponse(getMembers, [
      { id: '1', username: 'bo' },
      { id: '2', username: 'ann' },
    ]);
    expect([find('ann')?.pk(), find('bo')?.pk()]).toEqual(['2', '1']);
  });

  test('a value another entity took since is not removed by the first one leaving it', () => {
    const { ctrl, find } = store();
    ctrl.setResponse(getMember, { id: '1' }, { id: '1', username: 'bo' });
    ctrl.setResponse(getMember, { id: '2' }, { id: '2', username: 'bo' }); // the server moved the name to 2
    ctrl.setResponse(getMember, { id: '1' }, { id: '1', username: 'bob' });
    expect(find('bo')?.pk()).toBe('2');
    expect(find('bob')?.pk()).toBe('1');
  });

  test('a deleted entity takes its entries with it: re-created with another value, the old one finds nothing', () => {
    const { store: built, ctrl, find } = store();
    ctrl.set(Member, { id: '1', username: 'bug' });
    ctrl.set(new schema.Invalidate(Member), { id: '1' });
    expect(find('bug')).toBeUndefined();
    ctrl.set(Member, { id: '1', username: 'feature' });
    expect(find('bug')).toBeUndefined();
    expect(find('feature')?.pk()).toBe('1');
    expect(Object.keys(built.getState().entities.indexes.Member?.username ?? {})).toEqual(['feature']);
  });

  test('an older write of a value does not take the entry from the record a later-started write gave it', async () => {
    const { ctrl, find } = store();
    const getRemote = new RestEndpoint({ urlPrefix: API, path: '/members/:id', schema: Member });
    const answer = held('get', '/members/1', 200, { id: '1', username: 'bo' });
    const read = ctrl.fetch(getRemote, { id: '1' });
    await answer.arrived;
    ctrl.set(Member, { id: '2', username: 'bo' }); // the name moved to member 2 after the read started
    answer.release();
    await read;
    expect(find('bo')?.pk()).toBe('2');
    // member 1 leaving the value later does not take it from member 2
    ctrl.set(Member, { id: '1', username: 'bob' });
    expect(find('bo')?.pk()).toBe('2');
    expect(find('bob')?.pk()).toBe('1');
  });

  test('normalize alone writes the removal as an undefined entry (read as not found) over the stored index', () => {
    const first = normalize(Member, { id: '1', username: 'bo' });
    const renamed = normalize(Member, { id: '1', username: 'bob' }, [], { store: storeView(first) });
    expect(Object.entries(renamed.indexes.Member?.username ?? {}).sort()).toEqual([
      ['bo', undefined],
      ['bob', '1'],
    ]);
  });

  test('normalize alone, with no store or a store that keeps no meta: of two records with one value, the later names it', () => {
    const both = [
      { id: '1', username: 'bo' },
      { id: '2', username: 'bo' },
    ];
    const stored = normalize(Member, { id: '3', username: 'ann' });
    for (const store of [undefined, { entities: stored.entities, indexes: stored.indexes }]) {
      expect(normalize([Member], both, [], { store }).indexes.Member?.username).toEqual({ bo: '2' });
    }
  });
});

describe('what a constructor sees during a read', () => {
  /** Counts its constructions. */
  class Writer extends Entity {
    static made = 0;
    id = '';
    name = 'nobody';
    constructor() {
      super();
      Writer.made++;
    }
    pk() {
      return this.id;
    }
    static override key = 'Writer';
  }
  /** What each constructor saw of itself. */
  const seen: Array<{ id: string; author: string }> = [];
  class Note extends Entity {
    id = '';
    author = Writer.fromJS();
    firstAuthor = this.author;
    pk() {
      return this.id;
    }
    constructor() {
      super();
      seen.push({ id: this.id, author: this.author.name });
    }
    static override key = 'Note';
    static override schema = { author: Writer };
  }

  /** Two records by one author, and one with none. */
  const twoByWuAndOneAlone = [
    { id: '1', author: { id: 'w', name: 'Wu' } },
    { id: '2', author: { id: 'w', name: 'Wu' } },
    { id: '3' },
  ];

  test('class defaults only, nested defaults new instances of their own; the record comes after', () => {
    const { result, entities } = normalize([Note], twoByWuAndOneAlone);
    seen.length = 0;
    Writer.made = 0;
    const [first, second, third] = new MemoCache().denormalize([Note], result, entities) as Note[];
    expect(seen).toEqual([
      { id: '', author: 'nobody' },
      { id: '', author: 'nobody' },
      { id: '', author: 'nobody' },
    ]);
    expect(Writer.made).toBe(4); // one default per note, and the author read
    expect(first?.author.name).toBe('Wu');
    expect(first?.author).toBe(second?.author);
    expect(first?.firstAuthor.name).toBe('nobody');
    expect(first?.firstAuthor).not.toBe(second?.firstAuthor);
    expect(third?.author).toBeInstanceOf(Writer);
    expect(third?.author).toBe(third?.firstAuthor);
  });

  test('a nested field declared with no default (`author!: Writer`) builds no extra instance and is filled by the read', () => {
    class Memo extends Entity {
      id = '';
      author!: Writer;
      pk() {
        return this.id;
      }
      static override key = 'Memo';
      static override schema = { author: Writer };
    }
    const { result, entities } = normalize([Memo], twoByWuAndOneAlone);
    Writer.made = 0;
    const [first, second, third] = new MemoCache().denormalize([Memo], result, entities) as Memo[];
    expect(Writer.made).toBe(1); // the author read, and nothing else
    expect(first?.author).toBeInstanceOf(Writer);
    expect(first?.author.name).toBe('Wu');
    expect(first?.author).toBe(second?.author);
    // a record with no author reads as the class declares it: the field is there, undefined
    expect(third).toHaveProperty('author', undefined);
  });
});

describe('an Entity class without pk(), as JavaScript allows', () => {
  // `class Task extends Entity { id = ''; static key = 'Task'; }` in JavaScript: nothing requires pk()
  abstract class Task extends Entity {
    id = '';
    title = '';
    static override key = 'Task';
  }
  const JsTask = Task as unknown as typeof User;
  const message =
    /^Entity class Task has no pk\(\) method\. Add `pk\(\) \{ return this\.id; \}` .* or `static pk\(item\) \{ return item\.id; \}` to it\. Received: \{"id":"1","title":"a"\}$/;

  test('normalizing names the class and the fix, and shows the item', () => {
    expect(() => normalize([JsTask], [{ id: '1', title: 'a' }])).toThrow(message);
    expect(() => normalize({ task: JsTask }, { task: { id: '1', title: 'a' } })).toThrow(message);
  });

  test('a response for it fails with that message and writes nothing', () => {
    const { ctrl, slice } = makeStore();
    const getUser = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users/:id', schema: User });
    ctrl.setResponse(getUser, { id: '1' }, { id: '1', name: 'Ann' });
    const before = slice();
    const getTasks = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/tasks', schema: [JsTask] });
    expect(() => ctrl.setResponse(getTasks, [{ id: '1', title: 'a' }])).toThrow(message);
    expect(ctrl.getError(getTasks)?.message).toMatch(message);
    expect(slice().entities).toBe(before.entities);
    expect(slice().entitiesMeta).toBe(before.entitiesMeta);
    expect(slice().indexes).toBe(before.indexes);
  });

  test('the static pk the message offers works in its place', () => {
    // JavaScript's `class StaticTask extends Task { static pk(item) { return item.id; } }`
    class JsStaticTask extends JsTask {
      static override key = 'StaticTask';
      static override pk(item: Record<string, unknown>) {
        return item.id as string;
      }
    }
    expect(normalize([JsStaticTask], [{ id: '1', title: 'a' }]).entities.StaticTask).toEqual({
      '1': { id: '1', title: 'a' },
    });
  });
});

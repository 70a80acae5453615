/**
 * Type tests for the schema layer: compiled by `tsc --noEmit` (see tsconfig.json), never run.
 * Each `expectType<Equal<A, B>>()` fails compilation unless `A` and `B` are identical, and each
 * `@ts-expect-error` fails compilation unless the line below it is rejected.
 */
import { Entity, schema } from '../../src/index';
import type { Denormalize, EntityClass, EntityInstance, SchemaAttribute } from '../../src/index';
import {
  Account,
  FeedItem,
  Link,
  Post,
  Trade,
  User,
  feedByAttribute,
  feedByFunction,
  usersSchema,
} from '../fixtures/spec';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

/** A value of type `T` for assignment probes; never called at run time. */
declare function valueOf<T>(): T;

// ---------------------------------------------------------------------------------------------
// Entity classes
// ---------------------------------------------------------------------------------------------

expectType<Equal<Denormalize<typeof User>, User>>();
expectType<Equal<Denormalize<typeof Link>, Link>>();
// an abstract base reads as its own instance type
expectType<Equal<Denormalize<typeof FeedItem>, FeedItem>>();
expectType<Equal<EntityInstance<typeof FeedItem>, FeedItem>>();

/** An Entity with a nested schema: reads give the instance, whose field is typed by the class. */
class Article extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Article';
  static override schema = { author: User };
}
expectType<Equal<Denormalize<typeof Article>, Article>>();
expectType<Equal<Denormalize<typeof Article>['author'], User>>();
expectType<Equal<Denormalize<(typeof Article)['schema']>, { author: User }>>();

// Entity classes, abstract ones included, are EntityClass
const entityClasses: EntityClass[] = [User, Link, Post, FeedItem, Trade, Account, Article];
void entityClasses;
const userClass: EntityClass<User> = User;
void userClass;
// @ts-expect-error a Post class is not an EntityClass<User>
const notUserClass: EntityClass<User> = Post;
void notUserClass;

// ---------------------------------------------------------------------------------------------
// Entity.fromJS
// ---------------------------------------------------------------------------------------------

expectType<Equal<ReturnType<typeof User.fromJS<User>>, User>>();
const ann = User.fromJS({ id: '1' });
expectType<Equal<typeof ann, User>>();
expectType<Equal<typeof ann.name, string>>();
expectType<Equal<ReturnType<typeof ann.pk>, string>>();
const defaults = User.fromJS();
expectType<Equal<typeof defaults, User>>();
const link = Link.fromJS({ id: 1, url: 'https://example.com' });
expectType<Equal<typeof link, Link>>();
expectType<Equal<typeof link.type, 'link'>>();
// on an abstract class it still types as that class
const feedItem = FeedItem.fromJS({ id: 1 });
expectType<Equal<typeof feedItem, FeedItem>>();
// @ts-expect-error the instance type is the class it is called on, not a sibling
const notPost: Post = Link.fromJS({ id: 1 });
void notPost;
// @ts-expect-error props must be an object
User.fromJS('1');

// ---------------------------------------------------------------------------------------------
// schema.All
// ---------------------------------------------------------------------------------------------

const usersAll = new schema.All(User);
expectType<Equal<Denormalize<typeof usersAll>, User[]>>();
expectType<Equal<Denormalize<typeof usersSchema>, User[]>>();
expectType<Equal<Denormalize<schema.All<typeof User>>, User[]>>();

// polymorphic: by attribute name, and by function
const feedAll = new schema.All({ link: Link, post: Post }, 'type');
expectType<Equal<Denormalize<typeof feedAll>, (Link | Post)[]>>();
expectType<Equal<Denormalize<typeof feedByAttribute>, (Link | Post)[]>>();
const feedAllFn = new schema.All({ links: Link, posts: Post }, (value: { type: string }) => `${value.type}s`);
expectType<Equal<Denormalize<typeof feedAllFn>, (Link | Post)[]>>();
expectType<Equal<Denormalize<typeof feedByFunction>, (Link | Post)[]>>();

// the schemaAttribute function is called with (value, parent, key), key possibly undefined; the raw
// item is untyped, so the design card's unannotated `value.type` compiles
const feedAllTyped = new schema.All({ links: Link, posts: Post }, (value, parent, key) => {
  expectType<Equal<typeof key, string | undefined>>();
  void parent;
  return `${value.type}s`;
});
expectType<Equal<Denormalize<typeof feedAllTyped>, (Link | Post)[]>>();
expectType<Equal<Parameters<Extract<SchemaAttribute, Function>>[2], string | undefined>>();
expectType<Equal<ReturnType<Extract<SchemaAttribute, Function>>, string>>();

// @ts-expect-error the read is User[], not Post[]
const wrongList: Post[] = valueOf<Denormalize<typeof usersAll>>();
void wrongList;
// @ts-expect-error a polymorphic read may hold a Post, so it is not Link[]
const onlyLinks: Link[] = valueOf<Denormalize<typeof feedAll>>();
void onlyLinks;
// @ts-expect-error key may be undefined (a top-level item has no field name)
new schema.All({ links: Link, posts: Post }, (_value, _parent, key: string) => `${key}s`);
// @ts-expect-error the function must return the mapping key, a string
new schema.All({ links: Link, posts: Post }, () => 1);
// @ts-expect-error schemaAttribute is a string or a function
new schema.All({ link: Link, post: Post }, 1);

// All lists tables, so its definition is Entity classes only
// @ts-expect-error a table name is not an Entity class
new schema.All('User');
// @ts-expect-error a list shorthand is not an Entity class (All is already a list)
new schema.All([User]);
// @ts-expect-error every mapping value must be an Entity class
new schema.All({ link: Link, post: [Post] }, 'type');
// @ts-expect-error a nested All is not an Entity class
new schema.All(new schema.All(User));
// any All fits the bare type
const anyAll: schema.All = feedAll;
void anyAll;

/** A self-referencing Entity: `schema.All` of its own class in its own schema still types. */
class Folder extends Entity {
  id = '';
  folders: Folder[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Folder';
  static override schema = { folders: new schema.All(Folder) };
}
expectType<Equal<Denormalize<(typeof Folder)['schema']>, { folders: Folder[] }>>();

// ---------------------------------------------------------------------------------------------
// Shorthands: [X] and { a: X }
// ---------------------------------------------------------------------------------------------

const userList = [User];
expectType<Equal<Denormalize<typeof userList>, User[]>>();
const userTuple = [User] as const;
expectType<Equal<Denormalize<typeof userTuple>, User[]>>();
expectType<Equal<Denormalize<[typeof User]>, User[]>>();

const tradeResponse = { trade: Trade, account: Account };
expectType<Equal<Denormalize<typeof tradeResponse>, { trade: Trade; account: Account }>>();

// shorthands nest, and non-schema fields keep their type
const page = { results: new schema.All(User), next: '' };
expectType<Equal<Denormalize<typeof page>, { results: User[]; next: string }>>();
const nested = { feed: [{ item: Link }] };
expectType<Equal<Denormalize<typeof nested>, { feed: { item: Link }[] }>>();

// @ts-expect-error a { trade, account } read has no `user` field
valueOf<Denormalize<typeof tradeResponse>>().user;

// ---------------------------------------------------------------------------------------------
// schema.Array
// ---------------------------------------------------------------------------------------------

const usersArray = new schema.Array(User);
expectType<Equal<Denormalize<typeof usersArray>, User[]>>();
const feedArray = new schema.Array({ link: Link, post: Post }, 'type');
expectType<Equal<Denormalize<typeof feedArray>, (Link | Post)[]>>();
const arrayOfShorthand = new schema.Array({ link: Link, post: Post }, (value: { type: string }) => value.type);
expectType<Equal<Denormalize<typeof arrayOfShorthand>, (Link | Post)[]>>();

// ---------------------------------------------------------------------------------------------
// schema.Object
// ---------------------------------------------------------------------------------------------

const tradeObject = new schema.Object({ trade: Trade, account: Account });
expectType<Equal<Denormalize<typeof tradeObject>, { trade: Trade; account: Account }>>();
const objectWithAll = new schema.Object({ results: new schema.All(User), feed: [Link] });
expectType<Equal<Denormalize<typeof objectWithAll>, { results: User[]; feed: Link[] }>>();
// @ts-expect-error define() takes field schemas, not a list
tradeObject.define([Trade]);

// ---------------------------------------------------------------------------------------------
// schema.Union
// ---------------------------------------------------------------------------------------------

const feedUnion = new schema.Union({ link: Link, post: Post }, 'type');
expectType<Equal<Denormalize<typeof feedUnion>, Link | Post>>();
const feedUnionFn = new schema.Union({ link: Link, post: Post }, (value: { type: string }) => value.type);
expectType<Equal<Denormalize<typeof feedUnionFn>, Link | Post>>();
// @ts-expect-error a Union needs schemaAttribute
new schema.Union({ link: Link, post: Post });
// @ts-expect-error a Union is a mapping of schemas, not one schema
new schema.Union(User, 'type');

// ---------------------------------------------------------------------------------------------
// schema.Values
// ---------------------------------------------------------------------------------------------

const usersById = new schema.Values(User);
expectType<Equal<Denormalize<typeof usersById>, { [key: string]: User }>>();
const feedById = new schema.Values({ link: Link, post: Post }, 'type');
expectType<Equal<Denormalize<typeof feedById>, { [key: string]: Link | Post }>>();

// ---------------------------------------------------------------------------------------------
// schema.Invalidate
// ---------------------------------------------------------------------------------------------

const deleteUser = new schema.Invalidate(User);
expectType<Equal<Denormalize<typeof deleteUser>, User | undefined>>();
const deleteFeedItem = new schema.Invalidate(FeedItem);
expectType<Equal<Denormalize<typeof deleteFeedItem>, FeedItem | undefined>>();
// @ts-expect-error Invalidate takes an Entity class
new schema.Invalidate({ user: User });

// ---------------------------------------------------------------------------------------------
// schema.Query
// ---------------------------------------------------------------------------------------------

const userCount = new schema.Query(usersAll, (users) => users.length);
expectType<Equal<Denormalize<typeof userCount>, number>>();

const namedUsers = new schema.Query(usersAll, (users, { name }: { name: string }) => {
  // the value is the wrapped schema's read
  expectType<Equal<typeof users, User[]>>();
  return users.filter((user) => user.name === name);
});
expectType<Equal<Denormalize<typeof namedUsers>, User[]>>();
expectType<Equal<Parameters<typeof namedUsers.process>, [User[], { name: string }]>>();

const firstLink = new schema.Query(feedAll, (items) => items.find((item): item is Link => item.type === 'link'));
expectType<Equal<Denormalize<typeof firstLink>, Link | undefined>>();

// a Query nests like any schema
const withCount = { users: usersAll, count: userCount };
expectType<Equal<Denormalize<typeof withCount>, { users: User[]; count: number }>>();

// any Query fits the bare type
const anyQuery: schema.Query = namedUsers;
void anyQuery;

// @ts-expect-error the value of an All(User) read is User[], not Post[]
new schema.Query(usersAll, (posts: Post[]) => posts.length);
// @ts-expect-error the value of a polymorphic read may hold Posts: Link[] is too narrow
new schema.Query(feedAll, (links: Link[]) => links.length);
// @ts-expect-error the read's arguments are what `process` declares: { name: string }
namedUsers.process([], { name: 1 });
// @ts-expect-error User has no `title`
new schema.Query(usersAll, (users) => users.map((user) => user.title));
// @ts-expect-error the process result is number, not string
const countAsText: string = valueOf<Denormalize<typeof userCount>>();
void countAsText;

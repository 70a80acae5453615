/**
 * Type tests for `denormalize`: its result is typed from the schema it is given, as
 * `Controller.setResponse` and the selectors are. Compiled by `tsc --noEmit` (see tsconfig.json),
 * never run.
 */
import { Entity, denormalize, normalize, schema, storeView } from '../../src/index';
import type { Denormalize, EntityTables } from '../../src/index';
import { Link, Post, User, feedByAttribute, feedByFunction, usersSchema } from '../fixtures/spec';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

/** A value of type `T` for assignment probes; never called at run time. */
declare function valueOf<T>(): T;

const entities = valueOf<EntityTables>();

// the README's "First use": an All of one kind reads as instances of that kind
const { result } = normalize(usersSchema, [{ id: '1', name: 'Ann' }]);
const users = denormalize(usersSchema, result, entities);
expectType<Equal<typeof users, User[]>>();

// merging into a previous result goes through storeView, which reads its meta stamps: the result
// itself is refused, since normalize would not see its meta
const first = normalize(usersSchema, [{ id: '1', name: 'Ann' }]);
normalize(usersSchema, [{ id: '2', name: 'Bo' }], [], { store: storeView(first) });
// @ts-expect-error a previous result is not a store view: pass storeView(first)
normalize(usersSchema, [{ id: '2', name: 'Bo' }], [], { store: first });

// polymorphic Alls, by attribute and by function, read as the union of their kinds
expectType<Equal<ReturnType<typeof denormalize<typeof feedByAttribute>>, (Link | Post)[]>>();
expectType<Equal<ReturnType<typeof denormalize<typeof feedByFunction>>, (Link | Post)[]>>();

// an Entity class reads as its instance; shorthands read field by field
expectType<Equal<ReturnType<typeof denormalize<typeof User>>, User>>();
const list = denormalize([User], ['1'], entities);
expectType<Equal<typeof list, User[]>>();
const page = denormalize({ results: new schema.All(User), next: '' }, { next: 'b' }, entities);
expectType<Equal<typeof page, { results: User[]; next: string }>>();

// the explicit schema classes
expectType<Equal<ReturnType<typeof denormalize<schema.Array<typeof User>>>, User[]>>();
expectType<Equal<ReturnType<typeof denormalize<schema.Values<typeof User>>>, { [key: string]: User }>>();
expectType<
  Equal<ReturnType<typeof denormalize<schema.Union<{ link: typeof Link; post: typeof Post }>>>, Link | Post>
>();
expectType<Equal<ReturnType<typeof denormalize<schema.Invalidate<typeof User>>>, User | undefined>>();

// it is the same type every typed read of the schema gives
expectType<Equal<ReturnType<typeof denormalize<typeof usersSchema>>, Denormalize<typeof usersSchema>>>();

/** An Entity with a nested entity: the read is the class instance, typed field by field. */
class Article extends Entity {
  id = 0;
  author = User.fromJS();
  pk() {
    return `${this.id}`;
  }
  static override key = 'Article';
  static override schema = { author: User };
}
const article = denormalize(Article, '1', entities);
expectType<Equal<typeof article, Article>>();
expectType<Equal<typeof article.author, User>>();

// the arguments stay checked
// @ts-expect-error the tables are entity tables, not a list
denormalize(usersSchema, result, [entities]);
// @ts-expect-error the read's arguments are a list
denormalize(usersSchema, result, entities, 'A');
// @ts-expect-error a User[] read is not a Post[]
const wrong: Post[] = denormalize(usersSchema, result, entities);
void wrong;

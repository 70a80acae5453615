/**
 * Type tests for `schema.Collection` options: each callback is typed from the arguments it
 * receives, inferred from its annotations (`CollectionOptions<Args, Parent, MutationArgs>`), and
 * `unknown` where nothing says more. Compiled by `tsc --noEmit` (see tsconfig.json), never run.
 */
import { createResource, schema } from '../../src/index';
import type { CollectionKey, CollectionOptions, Denormalize } from '../../src/index';
import { User } from '../fixtures/spec';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

// argsKey: the list's arguments, inferred from the annotation
const byTeam = new schema.Collection([User], {
  argsKey: (params: { team?: string; page?: number }) => ({ team: params.team }),
});
expectType<Equal<typeof byTeam, schema.Collection<(typeof User)[], [params: { team?: string; page?: number }]>>>();
// whatever its options, a Collection reads as its items
expectType<Equal<Denormalize<typeof byTeam>, User[]>>();
const asPlainCollection: schema.Collection<(typeof User)[]> = byTeam;
void asPlainCollection;

// unannotated, the arguments are unknown: nothing is assumed about the endpoints
new schema.Collection([User], {
  argsKey: (...args) => {
    expectType<Equal<typeof args, readonly unknown[]>>();
    return { count: args.length };
  },
});
// @ts-expect-error: argsKey returns the identifying fields as an object
new schema.Collection([User], { argsKey: (params: { team: string }) => params.team });

// nestKey: the parent entity and the field the list sits in
new schema.Collection([User], {
  nestKey: (parent: { id: string }, key) => {
    expectType<Equal<typeof key, string>>();
    return { userId: parent.id };
  },
});

// createCollectionFilter: the mutation's arguments, inferred apart from the list's (a POST sends a body)
new schema.Collection([User], {
  argsKey: (params: { team?: string }) => ({ team: params.team }),
  createCollectionFilter: (body: { name: string; team: string }) => (collectionKey) => {
    expectType<Equal<typeof collectionKey, CollectionKey>>();
    return collectionKey.team === undefined || collectionKey.team === body.team;
  },
});
// @ts-expect-error: the membership test answers with a boolean
new schema.Collection([User], { createCollectionFilter: (body: { name: string }) => () => body.name });

// declared options type the callbacks from the type arguments
const options: CollectionOptions<[params: { team: string }], { id: string }, [body: { name: string }]> = {
  argsKey: (params) => {
    expectType<Equal<typeof params, { team: string }>>();
    return params;
  },
  nestKey: (parent) => ({ owner: parent.id }),
  createCollectionFilter: (body) => () => body.name !== '',
};
new schema.Collection([User], options);
const wrongParams: CollectionOptions<[params: { team: string }]> = {
  // @ts-expect-error: the list is fetched with { team: string }, not a number
  argsKey: (params: number) => ({ params }),
};
void wrongParams;

// createResource takes Collection subclasses with the default options type
class UserCollection extends schema.Collection<[typeof User]> {}
createResource({ path: '/users/:id', schema: User, Collection: UserCollection });

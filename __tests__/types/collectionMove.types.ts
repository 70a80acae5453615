/**
 * Type tests for `Collection.move`, `moveWith` and `createResource(...).getList.move`: a move reads
 * back as the moved item, `getList.move` takes the item's params and a body of its fields, and a
 * subclass may replace `move`. Compiled by `tsc --noEmit` (see tsconfig.json), never run.
 */
import { Entity, createResource, createController, schema } from '../../src/index';
import type { CollectionOptions, Denormalize, ResultOf } from '../../src/index';

/** True when `A` and `B` are identical types (not merely mutually assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`. */
function expectType<T extends true>(): void {}

class Task extends Entity {
  id = '';
  status = 'backlog';
  pk() {
    return this.id;
  }
  static override key = 'Task';
}

const tasks = new schema.Collection([Task]);
// a move reads back as the moved item; a Values list's as the dictionary
expectType<Equal<Denormalize<typeof tasks.move>, Task>>();
expectType<Equal<Denormalize<typeof tasks.move>, Denormalize<typeof tasks.push>>>();
const byId = new schema.Collection(new schema.Values(Task));
expectType<Equal<Denormalize<typeof byId.move>, { [key: string]: Task }>>();

// moveWith takes a merge of the stored items and the moved ones, and gives a move of the same list
expectType<Equal<ReturnType<typeof tasks.moveWith>, typeof tasks.move>>();
tasks.moveWith((existing: string[], moved: string[]) => [...moved, ...existing]);
// @ts-expect-error: the merge is a function
tasks.moveWith('first');

// a subclass replaces move in its constructor
class FirstOnMove<S, Args extends readonly unknown[]> extends schema.Collection<S, Args> {
  constructor(items: S, options?: CollectionOptions<Args>) {
    super(items, options);
    this.move = this.moveWith((existing: unknown[], moved: unknown[]) => [...moved, ...existing]);
  }
}

// getList.move: PATCH of one item, (params of its path, body of its fields), resolving to the item
const TaskResource = createResource({ path: '/tasks/:id', schema: Task, Collection: FirstOnMove });
expectType<Equal<ResultOf<typeof TaskResource.getList.move>, Task>>();
expectType<Equal<typeof TaskResource.getList.move.method, 'PATCH'>>();
declare const ctrl: ReturnType<typeof createController>;
void ctrl.fetch(TaskResource.getList.move, { id: '1' }, { status: 'done' });
// @ts-expect-error: the path's id is required
void ctrl.fetch(TaskResource.getList.move, {}, { status: 'done' });
// @ts-expect-error: the body holds the item's fields
void ctrl.fetch(TaskResource.getList.move, { id: '1' }, { status: 3 });
// ctrl.set with no request: the list's arguments, then the item
ctrl.set(TaskResource.getList.schema.move, { id: '1' }, { status: 'done' }, { id: '1', status: 'done' });

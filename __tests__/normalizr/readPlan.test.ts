/**
 * A read builds each class the way the class says, with its statics read once per read
 * (`src/normalizr/memo/ReadPlan.ts`): an overridden `fromJS` is kept, and a nested schema assigned
 * after a read (a circular definition) is followed by the next read.
 */
import { Entity, MemoCache } from '../../src/index';
import { Person as Author } from '../fixtures/blog';

test('a class that overrides fromJS is built by its own fromJS through the memo', () => {
  class Stamped extends Entity {
    id = '';
    stamped = false;
    author?: Author;
    pk() {
      return this.id;
    }
    static override key = 'PlanStamped';
    static override schema = { author: Author };
    static override fromJS<T extends Entity>(this: abstract new () => T, props?: object): T {
      const instance = super.fromJS.call(this, props) as T & { stamped: boolean };
      instance.stamped = true;
      return instance;
    }
  }
  const memo = new MemoCache();
  const tables = { PlanStamped: { s: { id: 's', author: 'a' } }, Person: { a: { id: 'a', name: 'Ann' } } };
  const read = memo.denormalize(Stamped, 's', tables) as Stamped;
  expect(read).toBeInstanceOf(Stamped);
  expect(read.stamped).toBe(true);
  expect(read.author?.name).toBe('Ann');
});

test('a nested schema assigned after a read is followed by the next read', () => {
  class Note extends Entity {
    id = '';
    author: Author | string = '';
    pk() {
      return this.id;
    }
    static override key = 'PlanNote';
  }
  const memo = new MemoCache();
  const people = { a: { id: 'a', name: 'Ann' } };
  const before = memo.denormalize(Note, 'n', { PlanNote: { n: { id: 'n', author: 'a' } }, Person: people }) as Note;
  expect(before.author).toBe('a');
  Note.schema = { author: Author };
  const after = memo.denormalize(Note, 'n', { PlanNote: { n: { id: 'n', author: 'a' } }, Person: people }) as Note;
  expect(after.author).toBeInstanceOf(Author);
  expect((after.author as Author).name).toBe('Ann');
});

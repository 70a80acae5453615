import { describeValue } from '../utils/describeValue.js';

/**
 * The development error for an Entity class with no `pk()` method: TypeScript makes the abstract
 * method required, JavaScript does not, and without this the first item fails inside normalize with
 * `Cannot read properties of undefined (reading 'call')`.
 * @param entity the class
 * @param item what its primary key was asked of
 * @returns the error to throw, naming the class and the fix
 */
export function missingPk(entity: { readonly name: string }, item: unknown): TypeError {
  return new TypeError(
    `Entity class ${entity.name || '(anonymous)'} has no pk() method. Add \`pk() { return this.id; }\` ` +
      `(returning the field that identifies an item) or \`static pk(item) { return item.id; }\` to it. ` +
      `Received: ${describeValue(item)}`,
  );
}

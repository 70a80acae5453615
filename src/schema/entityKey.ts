import { describeValue } from '../utils/describeValue.js';

/**
 * `Entity.key`: every stored kind needs a unique, explicit table name (class names do not survive
 * minification). A class without one is a development error.
 */
export function entityKey(entity: { readonly key?: unknown; readonly name: string }): string {
  const { key } = entity;
  if (typeof key === 'string' && key !== '') return key;
  if (process.env.NODE_ENV !== 'production') missingKey(entity);
  return key as string;
}

function missingKey(entity: { readonly key?: unknown; readonly name: string }): never {
  const { key } = entity;
  throw new TypeError(
    `Entity class ${entity.name || '(anonymous)'} has no static key. Add \`static key = '${entity.name || 'MyEntity'}';\` ` +
      `to the class: it names the table the entities are stored in. Received key: ${describeValue(key)}`,
  );
}

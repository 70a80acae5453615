import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/** How a schema is named in messages: `User`, `schema.All(User)`, `[User]`, `{ trade, account }`. */
export function schemaName(schema: unknown): string {
  if (typeof schema === 'function') return (schema as { key?: string }).key ?? schema.name;
  if (isArray(schema)) return `[${schemaName(schema[0])}]`;
  if (!isRecord(schema)) return String(schema);
  const inner = schema.schema;
  const className = schema.constructor?.name;
  if (className === undefined || className === 'Object') return `{ ${Object.keys(schema).join(', ')} }`;
  const label = className.replace(/Schema$/, '');
  if (inner === undefined) return `schema.${label}`;
  const innerName =
    isRecord(inner) && inner.constructor === Object
      ? Object.keys(inner)
          .map((name) => `${name}: ${schemaName(inner[name])}`)
          .join(', ')
      : schemaName(inner);
  return `schema.${label}(${innerName})`;
}

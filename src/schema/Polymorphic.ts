import type { DenormalizeDelegate, NormalizeDelegate } from './interface.js';
import { isSchemaClass } from './isSchemaClass.js';
import { readNested } from './Entity.js';
import { getOwn } from '../utils/ownProperty.js';
import { warnOnce } from '../utils/devWarning.js';
import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/**
 * Names of the schemas in a polymorphic mapping.
 *
 * @see docs/guide/schemas.md#first-use
 */
export type SchemaMapping = { readonly [attribute: string]: unknown };

/**
 * Picks the mapping key for one input item: the name of an attribute of the item, or a function of
 * `(value, parent, key)`, where `parent` holds the input and `key` is its field name.
 *
 * @see docs/guide/schemas.md#first-use
 */
export type SchemaAttribute = string | ((value: any, parent: any, key: string | undefined) => string);

/**
 * The normalized form of an item picked from a mapping: its primary key and its mapping key.
 *
 * @see docs/guide/schemas.md#first-use
 */
export interface PolymorphicRef {
  readonly id: unknown;
  readonly schema: string;
}

/**
 * Shared by `All`, `Array`, `Union` and `Values`: holds one schema or a mapping of several, and
 * picks one per item through `schemaAttribute`.
 */
export class Polymorphic<D = unknown> {
  /** One schema, or a mapping from attribute values to schemas. */
  declare schema: D;
  /** How an item's mapping key is found; absent for a single schema. */
  declare readonly schemaAttribute: SchemaAttribute | undefined;
  /** @internal */
  declare private attributeOf:
    ((value: { readonly [field: string]: unknown }, parent: unknown, key: string | undefined) => unknown) | undefined;
  /** @internal */
  declare private single: boolean;

  // every field assigned here, in one order: each instance has one shape whatever its arguments
  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    this.schemaAttribute = schemaAttribute;
    this.attributeOf =
      typeof schemaAttribute === 'string'
        ? (value) => value[schemaAttribute]
        : typeof schemaAttribute === 'function'
          ? schemaAttribute
          : undefined;
    if (process.env.NODE_ENV !== 'production' && this.attributeOf === undefined && schemaAttribute !== undefined)
      throw new TypeError(
        `${this.constructor.name}: schemaAttribute must be a string or a function, received ${typeof schemaAttribute}.`,
      );
    this.single = true;
    this.schema = definition;
    this.#checkDefinition();
  }

  /** True when the definition is one schema rather than a mapping. */
  get isSingleSchema(): boolean {
    return this.single;
  }

  /**
   * Merges `definition` into the current one (a mapping gains or replaces keys); a single schema
   * replaces a single schema. Used to build circular schemas.
   * @returns this schema
   */
  define(definition: D | SchemaMapping): this {
    const bothMappings = !this.single && isRecord(definition) && !isSchemaClass(definition) && !isArray(definition);
    this.schema = (bothMappings ? { ...(this.schema as object), ...(definition as object) } : definition) as D;
    this.#checkDefinition();
    return this;
  }

  /** Normalizes one item: with the single schema, or with the mapping entry its attribute names. */
  normalizeValue(value: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    if (this.single) return delegate.visit(this.schema, value, parent, key);
    if (!isRecord(value)) return value;
    const attribute = this.attributeOf!(value, parent, key);
    const schema =
      attribute === undefined || attribute === null ? undefined : getOwn(this.schema as SchemaMapping, `${attribute}`);
    if (schema === undefined) {
      if (process.env.NODE_ENV !== 'production')
        warnOnce(
          `unmatched:${this.constructor.name}:${String(attribute)}`,
          `${this.constructor.name} has no schema for '${String(attribute)}' (mapping keys: ${Object.keys(this.schema as object).join(', ')}); ` +
            `the item is kept as it is and no entity is created for it.`,
        );
      return value;
    }
    const normalized = delegate.visit(schema, value, parent, key);
    return normalized === undefined || normalized === null ? normalized : { id: normalized, schema: `${attribute}` };
  }

  /** Denormalizes one item written by `normalizeValue`. Items kept as they were come back unchanged. */
  denormalizeValue(value: unknown, delegate: DenormalizeDelegate): unknown {
    if (this.single) return readNested(this.schema, value, delegate);
    if (!isRef(value)) return value;
    const schema = getOwn(this.schema as SchemaMapping, value.schema);
    return schema === undefined ? value : readNested(schema, value.id, delegate);
  }

  /** Every schema this one may hand items to. */
  tableKeys(add: (schema: unknown) => void): void {
    if (this.single) add(this.schema);
    else for (const name of Object.keys(this.schema as object)) add((this.schema as SchemaMapping)[name]);
  }

  /** Without a schemaAttribute the definition is one schema, shorthands included (`[{ a: X }]`). */
  #checkDefinition(): void {
    this.single = this.attributeOf === undefined || isSchemaClass(this.schema) || isArray(this.schema);
  }
}

function isRef(value: unknown): value is PolymorphicRef {
  return isRecord(value) && typeof value.schema === 'string' && 'id' in value;
}

import type { DenormalizeDelegate, EntitySchema } from './interface.js';
import type { Entity } from './Entity.js';
import { ArraySchema } from './ArraySchema.js';
import type { SchemaAttribute, SchemaMapping } from './Polymorphic.js';
import { isEntityClass } from './isEntityClass.js';
import { entityKey } from './entityKey.js';
import { describeValue } from '../utils/describeValue.js';
import { joinLists } from '../utils/joinLists.js';

/** An Entity class as `schema.All` accepts it (abstract ones included), checked by its instances only. */
type AllEntity = abstract new (...args: any[]) => Entity;

/** What `schema.All` lists: one Entity class, or a mapping from attribute values to Entity classes. */
export type AllDefinition = AllEntity | { readonly [attribute: string]: AllEntity };

const listTokens = new Map<string, Array<{ readonly entities: readonly EntitySchema[] }>>();

/**
 * Every stored entity of one kind, or of several kinds, as an array. Normalizing a response with it
 * stores each item like `schema.Array` does; reading it lists the tables, so entities that arrived
 * through any other endpoint are included. Order: table by table in mapping order, records in table
 * order. Deleted entities are never listed.
 *
 * @param definition one Entity class, or a mapping from attribute values to Entity classes
 * @param schemaAttribute required with a mapping: the attribute name, or `(value, parent, key) => mapping key`
 * @example
 * ```ts
 * new schema.All(User);
 * new schema.All({ link: Link, post: Post }, 'type');
 * new schema.All({ links: Link, posts: Post }, (value) => `${value.type}s`);
 * ```
 * @see docs/guide/schemas.md
 */
export class All<D extends AllDefinition = AllDefinition> extends ArraySchema<D> {
  /** Reads list the tables; the stored input is not needed. */
  readonly readsTables = true;

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute);
    if (process.env.NODE_ENV !== 'production') assertAllDefinition(this);
  }

  /** Merges more kinds into the mapping (or replaces a single Entity). */
  override define(definition: D | SchemaMapping): this {
    super.define(definition);
    if (process.env.NODE_ENV !== 'production') assertAllDefinition(this);
    return this;
  }

  /** Lists every stored entity of the declared kinds. The input is ignored. */
  override denormalize(_input: unknown, delegate: DenormalizeDelegate): unknown[] {
    // a large table's parts a write left alone are lists the output before held too: the memo compares the others
    return joinLists(this.entities().flatMap((entity) => delegate.listParts?.(entity) ?? [listed(entity, delegate)]));
  }

  /**
   * One object per list of Entity classes: every All over the same kinds (in the same order) reads
   * the same list, so the memo gives them the same array.
   * @internal
   */
  get listToken(): object {
    const entities = this.entities();
    const name = entities.map((entity) => entity.key).join('\u0000');
    const known = listTokens
      .get(name)
      ?.find(
        (token) =>
          token.entities.length === entities.length && token.entities.every((entity, i) => entity === entities[i]),
      );
    if (known !== undefined) return known;
    const token = { entities };
    listTokens.set(name, [...(listTokens.get(name) ?? []), token]);
    return token;
  }

  /** The Entity classes listed, in mapping order, each once. */
  entities(): EntitySchema[] {
    const found: EntitySchema[] = [];
    this.tableKeys((schema) => {
      if (isEntityClass(schema) && !found.some((entity) => entity.key === schema.key)) found.push(schema);
    });
    return found;
  }
}

/**
 * A development check of an All's definition: one Entity class, or a mapping of Entity classes
 * with a schemaAttribute.
 * @throws TypeError naming what was received
 */
function assertAllDefinition(all: All): void {
  if (all.isSingleSchema && !isEntityClass(all.schema)) {
    throw new TypeError(
      `schema.All needs one Entity class, or a mapping of Entity classes with a schemaAttribute ` +
        `(the attribute name, e.g. 'type', or (value, parent, key) => mapping key); received ${describeValue(Object.keys(all.schema as object))} without a schemaAttribute.`,
    );
  }
  all.tableKeys((schema) => {
    if (!isEntityClass(schema)) {
      throw new TypeError(
        `schema.All lists stored entities, so its definition must be Entity classes; received ${String(schema)}.`,
      );
    }
  });
}

/** Every stored entity of `entity`'s kind, in table order, read one by one. */
function listed(entity: EntitySchema, delegate: DenormalizeDelegate): unknown[] {
  // (`map` sizes the list once: grown by push, a list of 10,000 is copied a dozen times)
  const list = delegate.getPks(entityKey(entity)).map((pk) => delegate.entity(entity, pk));
  return list.includes(undefined) ? list.filter((value) => value !== undefined) : list;
}

import type {
  DenormalizeDelegate,
  EntityMeta,
  EntityRecord,
  EntitySchema,
  NormalizeDelegate,
  StoredSchema,
  WriteMeta,
} from './interface.js';
import type { EntityClass, EntityInstance } from './types.js';
import { entityKey } from './entityKey.js';
import { whileNormalizing } from './shapeError.js';
import { startedBefore } from './startedBefore.js';
import { toPk } from './toPk.js';
import { describeValue } from '../utils/describeValue.js';
import { isRecord } from '../utils/isRecord.js';
import { isArray } from '../utils/isArray.js';

/**
 * Options of `Scalar`.
 *
 * @typeParam E the Entity the cells belong to, when bound
 * @see docs/guide/schemas.md#values-that-depend-on-the-arguments
 */
export interface ScalarOptions<E extends EntityClass | undefined = undefined> {
  /**
   * The lens of a call, from its arguments (e.g. `(args) => args[0]?.currency`): part of the key the
   * values are stored under, so a string without `|`; `undefined` when the call has none. (A method,
   * so a lens typed with its endpoint's arguments, `(args: [{ currency?: string }]) => …`, fits.)
   */
  lens(args: readonly any[]): string | undefined;
  /** Names the table the values are stored in: `Scalar(key)`. */
  readonly key: string;
  /**
   * The Entity the values belong to, for a Scalar used outside an Entity's field (in
   * `schema.Values`, `[scalar]` or a Collection of it). In an Entity's field the Entity holding the
   * field is used instead. @default none
   */
  readonly entity?: E;
}

/**
 * What a Scalar reads as on its own (in `schema.Values(scalar)`): the values of one entity in one lens.
 *
 * @see docs/guide/schemas.md#values-that-depend-on-the-arguments
 */
export type ScalarCell<E> = E extends EntityClass ? Partial<EntityInstance<E>> : { readonly [field: string]: unknown };

/**
 * Fields whose values depend on a lens the call is made with (a price per `currency`, a share per
 * `portfolio`), as Data Client's `Scalar`. The entity is stored once; the values of each lens are
 * stored apart, in the table `Scalar(key)` under `entityKey|pk|lens`, and the entity's field keeps
 * a reference to them. A read takes the lens from its own arguments, so two components show one
 * entity through two lenses at once; a read with no lens gives `undefined` for these fields, and a
 * response cannot be stored without one. `schema.Values(scalar)` (with `entity`) stores the values
 * of one lens for many entities, touching neither the entities nor the other lenses.
 *
 * @typeParam E the Entity the values belong to, when bound with `entity`
 * @example
 * ```ts
 * class Company extends Entity {
 *   id = '';
 *   price = 0;
 *   shares = 0; // per portfolio
 *   pk() { return this.id; }
 *   static override key = 'Company';
 *   static override schema: { shares: InstanceType<typeof Scalar> };
 * }
 * const byPortfolio = new Scalar({ lens: (args) => args[0]?.portfolio, key: 'portfolio', entity: Company });
 * Company.schema = { shares: byPortfolio };
 * const getColumns = new RestEndpoint({ path: '/companies/columns', searchParams: {} as { portfolio: string }, schema: new schema.Values(byPortfolio) });
 * ```
 * @see docs/guide/schemas.md#values-that-depend-on-the-arguments
 */
export class Scalar<E extends EntityClass | undefined = undefined> implements StoredSchema {
  /** The table of the values: `Scalar(key)`. */
  readonly key: string;
  /** For messages: the table's name. */
  readonly name: string;
  /** The lens of a call, from its arguments. */
  readonly lens: (args: readonly unknown[]) => string | undefined;
  /** The Entity the values belong to outside an Entity's field. */
  readonly entity: E;
  declare readonly indexes: undefined;

  constructor(options: ScalarOptions<E>) {
    this.key = `Scalar(${options.key})`;
    this.name = this.key;
    this.lens = options.lens;
    this.entity = options.entity as E;
  }

  /**
   * The primary key of the entity a value object belongs to, outside an Entity's field: the key it
   * sits under in a `schema.Values` object, else what the bound Entity's `pk()` finds in it.
   * Override it when the objects name their entity another way.
   */
  entityPk(
    input: EntityRecord,
    parent: unknown,
    key: string | undefined,
    args: readonly unknown[],
  ): string | number | undefined {
    if (key !== undefined && isRecord(parent) && parent[key] === input) return key;
    return (this.entity as EntitySchema | undefined)?.pk(input, parent, key, args);
  }

  /**
   * In an Entity's field: stores the value in the cell of that entity and lens, and leaves the
   * field `[pk, field, Entity.key]`. Elsewhere: stores an object of values as the cell of the bound
   * entity it names, and leaves the cell's key.
   * @throws when the call has no lens, naming the Scalar and the field; when used outside a field
   *   with no `entity`, or an object names no entity
   */
  normalize(
    input: unknown,
    parent: unknown,
    key: string | undefined,
    delegate: NormalizeDelegate,
    owner?: EntitySchema,
    ownerPk?: string,
  ): unknown {
    const where = whileNormalizing(delegate.source, key);
    const { args } = delegate;
    const lens = this.lens(args);
    if (lens === undefined)
      throw new TypeError(
        `${this.key} needs a lens to store its values ${where}` +
          (process.env.NODE_ENV !== 'production' ? ': lens(args) gave undefined' : '') +
          `. Arguments: ${describeValue(args)}`,
      );
    if (owner !== undefined && ownerPk !== undefined && key !== undefined) {
      const kind = entityKey(owner);
      delegate.mergeEntity(this, `${kind}|${ownerPk}|${lens}`, { [key]: input });
      return [ownerPk, key, kind];
    }
    const { entity } = this;
    if (entity === undefined)
      throw new TypeError(
        `${this.key} outside an Entity's field ${where} needs its entity` +
          (process.env.NODE_ENV !== 'production' ? ': new Scalar({ lens, key, entity }).' : '.'),
      );
    const kind = entityKey(entity);
    const pk = toPk(this.entityPk(input as EntityRecord, parent, key, args));
    if (pk === undefined)
      throw new TypeError(`${this.key} found no ${kind} primary key ${where}. Received: ${describeValue(input)}`);
    const cell = `${kind}|${pk}|${lens}`;
    delegate.mergeEntity(this, cell, { ...(input as object) });
    return cell;
  }

  /**
   * An Entity's field: its value in the lens of the read's arguments (`undefined` with no lens, or
   * none stored for it). A cell's key: the cell. Anything else (a value stored before the field was
   * a Scalar) as it is.
   */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    if (typeof input === 'string') return delegate.entity(this, input);
    if (!isArray(input)) return input;
    const lens = this.lens(delegate.args);
    if (lens === undefined) return undefined;
    const [pk, field, kind] = input as [string, string, string];
    const cell = delegate.entity(this, `${kind}|${pk}|${lens}`) as EntityRecord | undefined;
    return cell?.[field];
  }

  /** Reads no other table (its own is listed as a stored schema's). */
  tableKeys(_add: (schema: unknown) => void): void {}

  /** The cells of one write merge field by field. */
  merge(existing: EntityRecord, incoming: EntityRecord): EntityRecord {
    return { ...existing, ...incoming };
  }

  /** A cell written by a request that started later keeps its values. */
  mergeWithStore(
    existingMeta: EntityMeta,
    incomingMeta: WriteMeta,
    existing: EntityRecord,
    incoming: EntityRecord,
  ): EntityRecord {
    return startedBefore(incomingMeta, existingMeta) ? this.merge(incoming, existing) : this.merge(existing, incoming);
  }

  /** A read of a cell: a copy of its values. */
  fromJS(props: EntityRecord): object {
    return { ...props };
  }

  /** A cell holds no nested schema. */
  denormalizeFields(): void {}
}

import { Entity } from '../../schema/Entity.js';
import type { DenormalizeDelegate, EntityRecord, SchemaClass, StoredSchema } from '../../schema/interface.js';
import { keyString } from '../../schema/toPk.js';
import { assignFields } from '../../utils/ownProperty.js';
import { toSchemaClass } from '../shorthand.js';

/**
 * How one read builds the instances of one entity class: what `Entity.fromJS` and
 * `Entity.denormalizeFields` read from the class on every build (its static members and nested
 * schemas), read once per read and kept in one shape. A process that reads many kinds sees a
 * different class at each of those loads, and V8 then answers them the slow, generic way
 * (megamorphic): read once per read, the loads of a build are of this one class. Building reads
 * exactly as `Entity.fromJS` and `Entity.denormalizeFields` do; a class that overrides either keeps
 * its own.
 */
export class ReadPlan {
  /** The nested fields, their schemas, and whether each is an Entity read straight by primary key, or reads tables. */
  readonly #fields: string[] = [];
  readonly #schemas: unknown[] = [];
  /** The schema class each schema stands for (`[X]` is a `schema.Array`: looked up once, not per value), if any. */
  readonly #classes: Array<SchemaClass | undefined> = [];
  readonly #byKey: boolean[] = [];
  readonly #readsTables: boolean[] = [];
  /** Whether the class builds and fills the default way (it overrides neither `fromJS` nor `denormalizeFields`). */
  readonly #ownBuild: boolean;
  readonly #ownFill: boolean;
  /**
   * Whether a fill reads only entities of other kinds, by primary key, that read nothing themselves
   * (no nested schema, the default `denormalizeFields`): nothing read while an instance is filled can
   * come back to its record, nor align its kind's shelf elsewhere.
   * @internal
   */
  declare readonly fillsLeaves: boolean;
  /** The one nested field of a plan that `fillsLeaves` and has one (an author), with its Entity; else undefined. @internal */
  declare readonly leafField: string | undefined;
  /** @internal */
  declare readonly leafEntity: StoredSchema | undefined;

  declare readonly entity: StoredSchema;

  constructor(entity: StoredSchema) {
    this.entity = entity;
    const nested = (entity as { readonly schema?: Readonly<Record<string, unknown>> }).schema;
    for (const field in nested) {
      const schema = nested[field];
      this.#fields.push(field);
      this.#schemas.push(schema);
      this.#classes.push(toSchemaClass(schema));
      this.#byKey.push((schema as Partial<SchemaClass> | null)?.denormalize === Entity.denormalize);
      this.#readsTables.push((schema as Partial<SchemaClass> | undefined)?.readsTables === true);
    }
    this.#ownBuild = entity.fromJS === Entity.fromJS;
    this.#ownFill = entity.denormalizeFields === Entity.denormalizeFields;
    this.fillsLeaves = this.#ownFill && this.#byKey.every((byKey, i) => byKey && isLeaf(this.#schemas[i], entity));
    const single = this.fillsLeaves && this.#fields.length === 1;
    this.leafField = single ? this.#fields[0] : undefined;
    this.leafEntity = single ? (this.#schemas[0] as StoredSchema) : undefined;
  }

  /** A new instance of the class with the fields of `record` (`entity.fromJS(record)`). */
  build(record: EntityRecord): object {
    if (!this.#ownBuild) return this.entity.fromJS(record);
    // what Entity.fromJS does, with no call to it: V8 does not inline it here
    const instance = new (this.entity as unknown as new () => object)();
    assignFields(instance, record);
    return instance;
  }

  /** Fills the nested fields of `instance` from `record` (`entity.denormalizeFields`). */
  fill(instance: object, record: EntityRecord, delegate: DenormalizeDelegate): void {
    if (!this.#ownFill) {
      this.entity.denormalizeFields(instance, record, delegate);
      return;
    }
    const fields = this.#fields;
    const schemas = this.#schemas;
    const classes = this.#classes;
    const byKey = this.#byKey;
    const readsTables = this.#readsTables;
    const target = instance as Record<string, unknown>;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as string;
      const value = record[field];
      const present = value !== undefined && value !== null;
      if (present && byKey[i] === true) target[field] = delegate.entity(schemas[i] as StoredSchema, keyString(value));
      else if (present || readsTables[i] === true) {
        // what `delegate.unvisit` does, with the schema class found once
        const schemaClass = classes[i];
        target[field] = schemaClass === undefined ? value : schemaClass.denormalize(value, delegate);
      }
    }
  }
}

/** Whether `schema`, an Entity class nested in `parent`, is of another kind and reads nothing itself. */
function isLeaf(schema: unknown, parent: StoredSchema): boolean {
  const nested = schema as StoredSchema & { readonly schema?: object };
  if (nested.key === parent.key || nested.denormalizeFields !== Entity.denormalizeFields) return false;
  for (const _field in nested.schema) return false;
  return true;
}

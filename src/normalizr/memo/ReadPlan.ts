import { Entity } from '../../schema/Entity.js';
import type { DenormalizeDelegate, EntityRecord, SchemaClass, StoredSchema } from '../../schema/interface.js';
import { constructSharing, handedOut, sharedOf } from '../../schema/sharedDefaults.js';
import { keyString } from '../../schema/toPk.js';
import { assignFields } from '../../utils/ownProperty.js';
import { toSchemaClass } from '../shorthand.js';

/**
 * How one read builds the instances of one entity class: what `Entity.fromJS` and
 * `Entity.denormalizeFields` read from the class on every build (its static members and nested
 * schemas), read once per read and kept in one shape. A process that reads many kinds sees a
 * different class at each of those loads, and V8 then answers them the slow, generic way
 * (megamorphic): read once per read, the loads of a build are of this one class. Building reads
 * exactly as `Entity.fromJS` and `Entity.denormalizeFields` do, except that the constructor is handed
 * shared nested defaults where the read replaces them (`sharedDefaults`, and `Entity`'s JSDoc); a
 * class that overrides either keeps its own.
 */
export class ReadPlan {
  /** The nested fields, their schemas, and whether each is an Entity read straight by primary key, or reads tables. */
  private readonly fields: string[] = [];
  private readonly schemas: unknown[] = [];
  /** The schema class each schema stands for (`[X]` is a `schema.Array`: looked up once, not per value), if any. */
  private readonly classes: Array<SchemaClass | undefined> = [];
  private readonly byKey: boolean[] = [];
  private readonly readsTables: boolean[] = [];
  /** Whether the class builds and fills the default way (it overrides neither `fromJS` nor `denormalizeFields`). */
  private readonly ownBuild: boolean;
  private readonly ownFill: boolean;
  /** Whether builds hand the constructor shared nested defaults, and the one of each field read by key. */
  private sharing: boolean;
  private readonly defaults: Array<object | undefined> = [];
  /** How many shared defaults the first build handed out, found where they belong (later builds compare the count only). */
  private handedFirst = -1;

  constructor(readonly entity: StoredSchema) {
    const nested = (entity as { readonly schema?: Readonly<Record<string, unknown>> }).schema;
    for (const field in nested) {
      const schema = nested[field];
      this.fields.push(field);
      this.schemas.push(schema);
      this.classes.push(toSchemaClass(schema));
      this.byKey.push((schema as Partial<SchemaClass> | null)?.denormalize === Entity.denormalize);
      this.readsTables.push((schema as Partial<SchemaClass> | undefined)?.readsTables === true);
    }
    this.ownBuild = entity.fromJS === Entity.fromJS;
    this.ownFill = entity.denormalizeFields === Entity.denormalizeFields;
    this.sharing = this.ownBuild && this.byKey.includes(true);
  }

  /** A new instance of the class with the fields of `record` (`entity.fromJS(record)`). */
  build(record: EntityRecord): object {
    if (!this.ownBuild) return this.entity.fromJS(record);
    const built = this.sharing ? this.buildSharing(record) : undefined;
    // Entity's own fromJS called as such: no load of `fromJS` from the class
    return built ?? (Entity.fromJS as StoredSchema['fromJS']).call(this.entity, record);
  }

  /**
   * `build`, with the constructor handed shared nested defaults: each ends up replaced, by the
   * stored entity (`fill`) or by a default of the instance's own where the record has none.
   * `undefined` when the constructor threw (it may have changed one) or kept one anywhere but a
   * field read by key: the class is then built the usual way for the rest of the read.
   */
  private buildSharing(record: EntityRecord): object | undefined {
    let instance: Record<string, unknown>;
    try {
      instance = constructSharing(this.entity as unknown as new () => object) as Record<string, unknown>;
    } catch {
      this.sharing = false;
      return undefined;
    }
    const handed = handedOut();
    // the first build checks where they went; a constructor sees nothing but the class defaults, so the
    // next ones put the same number in the same fields
    if (handed !== this.handedFirst && (this.handedFirst >= 0 || !this.holdsDefaultsWhereRead(instance, handed))) {
      this.sharing = false;
      return undefined;
    }
    this.handedFirst = handed;
    assignFields(instance, record);
    if (handed === 0) return instance;
    const { fields, schemas, byKey, defaults } = this;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as string;
      if (byKey[i] === true && defaults[i] !== undefined && instance[field] === defaults[i])
        instance[field] = (schemas[i] as { fromJS(): object }).fromJS();
    }
    return instance;
  }

  /**
   * Whether the `handed` shared defaults sit one in each of as many fields read by key, and in no
   * other field of the instance (`firstAuthor = this.author` keeps one: that class is built the usual way).
   */
  private holdsDefaultsWhereRead(instance: Record<string, unknown>, handed: number): boolean {
    const { fields, schemas, byKey, defaults } = this;
    let whereRead = 0;
    for (let i = 0; i < fields.length; i++) {
      if (byKey[i] !== true) continue;
      const shared = (defaults[i] ??= sharedOf(schemas[i]));
      if (shared !== undefined && instance[fields[i] as string] === shared) whereRead++;
    }
    if (whereRead !== handed) return false;
    let anywhere = 0;
    for (const name in instance) {
      const value = instance[name];
      if (typeof value === 'object' && value !== null && defaults.includes(value)) anywhere++;
    }
    return anywhere === handed;
  }

  /** Fills the nested fields of `instance` from `record` (`entity.denormalizeFields`). */
  fill(instance: object, record: EntityRecord, delegate: DenormalizeDelegate): void {
    if (!this.ownFill) {
      this.entity.denormalizeFields(instance, record, delegate);
      return;
    }
    const { fields, schemas, classes, byKey, readsTables } = this;
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

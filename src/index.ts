import * as schema from './schema/schemaNamespace.js';

export { Entity } from './schema/Entity.js';
export { schema };
export { normalize } from './normalizr/normalize.js';
export { denormalize } from './normalizr/denormalize.js';
export { MemoCache } from './normalizr/MemoCache.js';

export type { Denormalize, EntityClass, EntityInstance } from './schema/types.js';
export type { SchemaAttribute, SchemaMapping, PolymorphicRef } from './schema/Polymorphic.js';
export type {
  DenormalizeDelegate,
  EntityIndexes,
  EntityMeta,
  EntityMetaTables,
  EntityRecord,
  EntitySchema,
  EntityTable,
  EntityTables,
  NormalizeDelegate,
  QueryDelegate,
  Schema,
  SchemaClass,
  StoreView,
  WriteMeta,
} from './schema/interface.js';
export type { NormalizeOptions, NormalizedData } from './normalizr/normalize.js';

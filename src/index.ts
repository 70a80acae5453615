/**
 * `rtk-entities`: schemas, normalize and denormalize, REST endpoints and resources, the entities
 * slice, its middleware, selectors and Controller. No React here; the hooks are in
 * `rtk-entities/react`.
 *
 * @module rtk-entities
 */
import * as schema from './schema/schemaNamespace.js';

export { Entity } from './schema/Entity.js';
export { schema };
export { Lazy } from './schema/Lazy.js';
export { Scalar } from './schema/Scalar.js';
export { normalize } from './normalizr/normalize.js';
export { denormalize } from './normalizr/denormalize.js';
export { storeView } from './redux/slice/storeView.js';
export { MemoCache } from './normalizr/memo/MemoCache.js';
export { createEntities } from './redux/createEntities.js';
export { Controller } from './redux/Controller.js';
export { ResetError } from './redux/middleware/ResetError.js';

export {
  entitiesSlice,
  createDataMiddleware,
  fetchEndpoint,
  createController,
  selectQuery,
  selectResponse,
  getEntitySelectors,
  selectEntityMeta,
} from './redux/defaultEntities.js';
export { RestEndpoint } from './endpoint/RestEndpoint.js';
export { Endpoint } from './endpoint/Endpoint.js';
export { NetworkError } from './endpoint/NetworkError.js';
export { FetchError } from './endpoint/FetchError.js';
export { createResource } from './endpoint/createResource.js';

export type { Denormalize, EntityClass, EntityInstance, Normalize, NormalizeMember } from './schema/types.js';
export type { LazyQuery } from './schema/Lazy.js';
export type { ScalarCell, ScalarOptions } from './schema/Scalar.js';
export type { SchemaAttribute, SchemaMapping, PolymorphicRef } from './schema/Polymorphic.js';
export type { CollectionOptions, CollectionRecord, CollectionMerge } from './schema/Collection.js';
export type { CollectionKey } from './schema/collectionFilter.js';
export type { ResourceOptions, ResourceMembers, Resource } from './endpoint/createResource.js';
export type { EntityBody } from './endpoint/EntityBody.js';
export type { ListPath } from './endpoint/listPath.js';
export type {
  DenormalizeDelegate,
  EntityIndexes,
  EntityMeta,
  EntityMetaPages,
  EntityMetaStamps,
  EntityRecord,
  EntitySchema,
  MetaStamp,
  StoredSchema,
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
export type { CommonEndpointOptions, EndpointInterface, ErrorPolicy, RequestContext } from './endpoint/interface.js';
export type { CreateEntitiesOptions, Entities, EntitiesSlice } from './redux/createEntities.js';
export type { CallAnswer, DataMiddlewareOptions, PendingRequest } from './redux/middleware/types.js';
export type { CallDecision } from './redux/fetchPolicy.js';
export type { ControllerStore, KeyFilter, SetValue } from './redux/Controller.js';
export type { AbortablePromise, EndpointArgs } from './redux/fetchEndpoint.js';
export type {
  EntitiesState,
  ResponseMeta,
  SerializedError,
  OptimisticLayer,
  CommittedTables,
} from './redux/slice/state.js';
export type { Snapshot } from './redux/select/snapshot.js';
export type { ResponseState, ResponseStatus, CountingSelector } from './redux/select/selectResponse.js';
export type { EntitySelectors } from './redux/select/getEntitySelectors.js';
export type {
  EntitiesActions,
  FulfilledPayload,
  ReceivedPayload,
  RejectedPayload,
  RequestPayload,
} from './redux/slice/actions.js';
export type { RestEndpointOptions, RestEndpointExtendOptions } from './endpoint/RestEndpointOptions.js';
export type { BodyMethod, DefaultBody, HttpMethod, RestArgs, RestParams } from './endpoint/RestArgs.js';
export type { PathParams, PathParamValue } from './endpoint/pathTypes.js';
export type { SearchParams, SearchParamValue } from './endpoint/searchString.js';
export type { EndpointFactory, EndpointOptions } from './endpoint/Endpoint.js';
export type { ResultOf } from './endpoint/ResultOf.js';

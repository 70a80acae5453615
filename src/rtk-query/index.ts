/**
 * `rtk-entities/rtk-query`: normalized RTK Query (docs/guide/rtk-query.md). No React here; the hooks are in
 * `rtk-entities/rtk-query/react`.
 *
 * @module rtk-entities/rtk-query
 */
export { normalizeApi } from './normalizeApi.js';

export type {
  AnyRtkApi,
  ApiSchemas,
  BaseQueryOf,
  DataOf,
  DeclaredOf,
  DistributiveOmit,
  EndpointsOf,
  EnhanceEndpointsOptions,
  EnhancedApi,
  EntryDataOf,
  InitiatedOf,
  InjectedApi,
  InjectEndpointsOptions,
  IsInfinite,
  IsMutation,
  KeptMembersOf,
  NormalizeApiOptions,
  NormalizedApi,
  NormalizedEndpoint,
  NormalizedEndpointMembers,
  OnlyEndpointsOf,
  PageParamOf,
  QueryArgOf,
  ResultTypeOf,
  RtkResultOf,
  SelectArgsOf,
  WithData,
} from './types.js';

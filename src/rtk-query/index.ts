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
  DistributiveOmit,
  EntryDataOf,
  IsInfinite,
  IsMutation,
  PageParamOf,
  QueryArgOf,
  ResultTypeOf,
  EndpointsOf,
  NormalizeApiOptions,
  NormalizedApi,
  NormalizedEndpoint,
  OnlyEndpointsOf,
  RtkResultOf,
  SelectArgsOf,
  WithData,
} from './types.js';

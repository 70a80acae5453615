/**
 * `rtk-entities/rtk-query`: normalized RTK Query (README.md#already-on-rtk-query). No React here; the hooks are in
 * `rtk-entities/rtk-query/react`.
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

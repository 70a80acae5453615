import type { EndpointInterface } from '../../endpoint/interface.js';
import { ResetError } from '../ResetError.js';
import { isCallerAbort } from './callerAbort.js';
import type { HandlerBuilder } from './types.js';
import { createResponseWriter } from './writeResponse.js';

/**
 * The requests themselves. `fetch` makes one through the endpoint, with the middleware's transport:
 * it is numbered and counted in flight (`requests.ts`), shared with identical reads (`dedupe.ts`),
 * shown optimistically meanwhile (`optimistic.ts`), and its outcome stored (`writeResponse.ts`)
 * unless a reset dropped it. `receive` and `fail` store an outcome given directly, as if fetched.
 */
export const buildNetworkHandler: HandlerBuilder = (context) => {
  const { instance, requests, dedupe, optimistic, dispatch } = context;
  const writer = createResponseWriter(context);

  /** Makes the request of one call, aborted through `abort`, and stores its outcome. */
  const run = async (endpoint: EndpointInterface, args: readonly unknown[], key: string, abort: AbortController) => {
    const request = requests.open(abort);
    const call = { endpoint, args, key, start: request.start };
    dispatch(instance.actions.fetchPending({ key, endpoint: endpoint.name, fetchedAt: call.start.fetchedAt }));
    optimistic.show(endpoint, args, key, call.start);
    try {
      let response: unknown;
      try {
        response = await endpoint.request({ fetch: context.fetch, signal: abort.signal }, ...args);
      } catch (error) {
        if (request.dropped()) throw new ResetError(endpoint.name);
        // a caller who gave up: the request did not happen, so no error is stored
        if (isCallerAbort(error, endpoint, abort)) writer.abandon(call);
        else writer.fail(call, error);
        throw error;
      }
      if (request.dropped()) throw new ResetError(endpoint.name);
      return writer.commit(call, response);
    } finally {
      request.end();
    }
  };

  return {
    api: {
      fetch(endpoint, args, signal) {
        let key: string;
        try {
          writer.assertMounted(endpoint);
          key = endpoint.key(...args);
        } catch (error) {
          return Promise.reject(error);
        }
        return dedupe.request(key, !endpoint.sideEffect, signal, (controller) => run(endpoint, args, key, controller));
      },
      receive(endpoint, args, response, start = requests.begin()) {
        writer.assertMounted(endpoint);
        return writer.commit({ endpoint, args, key: endpoint.key(...args), start }, response);
      },
      fail(endpoint, args, error) {
        writer.assertMounted(endpoint);
        writer.fail({ endpoint, args, key: endpoint.key(...args), start: requests.begin() }, error);
      },
    },
  };
};

/**
 * Rejects requests that were in flight when the store was reset: their responses are dropped.
 *
 * @see docs/guide/errors-and-guarantees.md
 */
export class ResetError extends Error {
  override readonly name = 'ResetError';

  constructor(endpointName: string) {
    super(
      `${endpointName}: the store was reset while this request was in flight` +
        (process.env.NODE_ENV !== 'production' ? ', so its response was dropped.' : '.'),
    );
  }
}

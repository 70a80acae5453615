import type { DeclaredEndpoint } from '../definition/readApi.js';

/** The development warning for a response of `declared` that could not be normalized or read (`error`). */
export function unreadableResponse(declared: DeclaredEndpoint, error: unknown): string {
  return `${declared.label}: the response could not be normalized, so select() shows an error. ${error instanceof Error ? error.message : String(error)}`;
}

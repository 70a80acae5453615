import type { EndpointInterface } from '../../endpoint/interface.js';
import { ObjectSchema } from '../../schema/ObjectSchema.js';
import { isSchemaClass } from '../../schema/isSchemaClass.js';
import { warnOnce } from '../../utils/devWarning.js';
import { isArray } from '../../utils/isArray.js';
import { isRecord } from '../../utils/isRecord.js';

/**
 * Warns when a mutation's response lacks a key its object schema declares: a bundled response that
 * leaves out a changed resource leaves that view stale, almost always because of a server bug.
 * Development only: called behind an inline `process.env.NODE_ENV !== 'production'` test.
 */
export function checkBundle(endpoint: EndpointInterface, response: unknown): void {
  if (!isRecord(response) || isArray(response)) return;
  const { schema } = endpoint;
  const definition =
    schema instanceof ObjectSchema
      ? schema.schema
      : !isSchemaClass(schema) && isRecord(schema) && !isArray(schema)
        ? schema
        : undefined;
  if (definition === undefined) return;
  for (const key of Object.keys(definition)) {
    if (!(key in response)) {
      warnOnce(
        `bundle:${endpoint.name}:${key}`,
        `${endpoint.name}: the response has no '${key}', which the endpoint's schema declares, so that resource was not updated and may show stale data. ` +
          `Bundle every changed resource in the mutation response under its key.`,
      );
    }
  }
}

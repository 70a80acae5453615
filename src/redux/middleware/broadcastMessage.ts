import type { EntityIndexes, EntityMetaStamps, EntityTables, RequestStart, WriteMeta } from '../../schema/interface.js';
import { describeType, describeValue } from '../../utils/describeValue.js';
import { isRecord } from '../../utils/isRecord.js';
import { metaProblem } from '../slice/clockSkew.js';
import { isArray } from '../../utils/isArray.js';

/** Marks the library's messages: another library's on a channel of the same name are told apart. */
export const BROADCAST_PROTOCOL = 'rtk-entities/1';

/**
 * One committed write, as a store posts it to the other tabs: what it normalized, never the whole
 * tables. Records are posted as the writing store merged them, each with the meta of the stamp
 * listing it or, unlisted (a newer write was stored there), the write's own.
 */
export interface WriteMessage {
  readonly protocol: typeof BROADCAST_PROTOCOL;
  readonly kind: 'write';
  /** The writing store's id (`RequestStart.tab`). */
  readonly tab: string;
  /** When the write started and until when its data is fresh: the call's meta, or `ctrl.set`'s. */
  readonly meta: WriteMeta;
  /** The endpoint call whose result it stores, when it came from one. */
  readonly response?: { readonly key: string; readonly endpoint?: string; readonly result: unknown };
  /** The records written, by `Entity.key` and primary key. */
  readonly entities: EntityTables;
  /** Their meta stamps, the remembered deletions among them. */
  readonly entitiesMeta: EntityMetaStamps;
  /** The index entries written (`undefined` removes one). */
  readonly indexes: EntityIndexes;
}

/** Endpoint keys a store invalidated (`invalidate`) or marked stale (`expire`), and when. */
export interface KeysMessage {
  readonly protocol: typeof BROADCAST_PROTOCOL;
  readonly kind: 'invalidate' | 'expire';
  readonly tab: string;
  /** When it happened: a key whose data started later in the receiving store is left alone. */
  readonly start: RequestStart;
  readonly keys: readonly string[];
}

/**
 * What the stores on one broadcast channel post to each other.
 *
 * @see docs/guide/tabs.md
 */
export type BroadcastMessage = WriteMessage | KeysMessage;

/**
 * Checks that `data`, received on a broadcast channel, is a message this version of the library
 * posts, down to every table, stamp and index entry, so that a damaged or foreign one never reaches
 * the store. Every time in it is finite, and no start or arrival is more than `MAX_CLOCK_SKEW`
 * ahead of this store's clock (`clockSkew.ts`).
 *
 * @param now this store's clock
 * @returns the message, typed
 * @throws TypeError saying what is wrong and showing the offending value
 */
export function readBroadcastMessage(data: unknown, now: number): BroadcastMessage {
  const message = object(data, 'the message');
  if (message.protocol !== BROADCAST_PROTOCOL)
    throw new TypeError(`it has no "protocol": "${BROADCAST_PROTOCOL}". Received: ${describeValue(data)}`);
  string(message.tab, 'its "tab"');
  const stamp = (value: unknown, what: string): void => {
    const found = object(value, what);
    writeMeta(found.meta, `${what}.meta`, now);
    list(found.pks, `${what}.pks`, string);
  };
  switch (message.kind) {
    case 'write':
      writeMeta(message.meta, 'its "meta"', now);
      if (message.response !== undefined) {
        const response = object(message.response, 'its "response"');
        string(response.key, 'its "response.key"');
        if (response.endpoint !== undefined) string(response.endpoint, 'its "response.endpoint"');
      }
      kinds(message.entities, 'its "entities"', (table, where) =>
        tables(table, where, (record, at) => object(record, at)),
      );
      kinds(message.entitiesMeta, 'its "entitiesMeta"', (stamps, where) => list(stamps, where, stamp));
      kinds(message.indexes, 'its "indexes"', (fields, where) =>
        tables(fields, where, (entries, at) =>
          tables(entries, at, (pk, entry) => {
            if (pk !== undefined) string(pk, entry);
          }),
        ),
      );
      return message as unknown as WriteMessage;
    case 'invalidate':
    case 'expire':
      start(message.start, 'its "start"', now);
      list(message.keys, 'its "keys"', string);
      return message as unknown as KeysMessage;
    default:
      throw new TypeError(
        `it names an unknown kind, ${describeValue(message.kind)} (known: write, invalidate, expire)`,
      );
  }
}

/**
 * `value` as a plain object, or throws. Told by its tag, not its prototype: a message is built in
 * the receiver's realm in a browser, but in the realm of the channel's code under a test runner.
 */
function object(value: unknown, what: string): { readonly [field: string]: unknown } {
  if (!isRecord(value) || Object.prototype.toString.call(value) !== '[object Object]')
    throw new TypeError(`${what} should be an object, not ${describeType(value)}: ${describeValue(value)}`);
  return value;
}

/** Checks a table: a plain object whose every entry passes `entry`. */
function tables(value: unknown, what: string, entry: (item: unknown, where: string) => void): void {
  const table = object(value, what);
  for (const name of Object.keys(table)) entry(table[name], `${what}[${JSON.stringify(name)}]`);
}

/** Checks a table by kind (`Entity.key`): no kind is a name every object inherits (`__proto__`, `constructor`). */
function kinds(value: unknown, what: string, entry: (item: unknown, where: string) => void): void {
  tables(value, what, entry);
  for (const kind of Object.keys(value as object)) {
    if (kind in Object.prototype)
      throw new TypeError(`${what} name the kind ${JSON.stringify(kind)}, which no Entity key can be`);
  }
}

/** Checks an array whose every item passes `item`. */
function list(value: unknown, what: string, item: (value: unknown, where: string) => void): void {
  if (!isArray(value)) throw new TypeError(`${what} should be an array, not ${describeType(value)}`);
  value.forEach((found, index) => item(found, `${what}[${index}]`));
}

function string(value: unknown, what: string): void {
  if (typeof value !== 'string')
    throw new TypeError(`${what} should be a string, not ${describeType(value)}: ${describeValue(value)}`);
}

function start(value: unknown, what: string, now: number, startOnly = true): { readonly [field: string]: unknown } {
  const found = object(value, what);
  const problem = metaProblem(found, now, startOnly);
  if (problem !== undefined) throw new TypeError(`${what}.${problem}`);
  if (found.tab !== undefined) string(found.tab, `${what}.tab`);
  return found;
}

function writeMeta(value: unknown, what: string, now: number): void {
  const found = start(value, what, now, false);
  if (found.deleted !== undefined && found.deleted !== true)
    throw new TypeError(`${what}.deleted should be true or absent, not ${describeValue(found.deleted)}`);
}

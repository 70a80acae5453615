/**
 * What a store takes from the broadcast channel (`readBroadcastMessage`): a message this version
 * posts, checked down to every table, stamp, index entry and time before it reaches the store;
 * anything else is refused with an error saying what is wrong, where, and showing the value. Times
 * are finite, and none starts or arrives more than `MAX_CLOCK_SKEW` ahead of the receiver's clock.
 */
import { BROADCAST_PROTOCOL, readBroadcastMessage } from '../../src/redux/middleware/broadcastMessage';
import { MAX_CLOCK_SKEW } from '../../src/redux/slice/clockSkew';

const NOW = 1_000_000;
const meta = { fetchedAt: NOW, seq: 3, tab: 'a', date: NOW, expiresAt: NOW + 60_000 };
const write = (fields: object = {}) => ({
  protocol: BROADCAST_PROTOCOL,
  kind: 'write',
  tab: 'a',
  meta,
  response: { key: 'GET /notes', endpoint: 'Note.getList', result: ['1'] },
  entities: { Note: { 1: { id: '1' } } },
  entitiesMeta: { Note: [{ meta, pks: ['1'] }] },
  indexes: { Note: { text: { one: '1', gone: undefined } } },
  ...fields,
});
const keys = (fields: object = {}) => ({
  protocol: BROADCAST_PROTOCOL,
  kind: 'invalidate',
  tab: 'a',
  start: { fetchedAt: NOW, seq: 1, tab: 'a' },
  keys: ['GET /notes'],
  ...fields,
});
const read = (message: unknown) => () => readBroadcastMessage(message, NOW);

describe('messages this version posts are taken as they are', () => {
  test.each([
    ['a write', write()],
    ['a write with no response', write({ response: undefined })],
    ['a response with no endpoint name', write({ response: { key: 'GET /notes', result: null } })],
    ['a deletion', write({ entitiesMeta: { Note: [{ meta: { ...meta, deleted: true }, pks: ['2'] }] } })],
    ['a start with no seq or tab', write({ meta: { fetchedAt: NOW, date: NOW, expiresAt: 0 } })],
    ['an invalidation', keys()],
    ['an expiry', keys({ kind: 'expire' })],
    [
      'a write started at the skew’s edge',
      write({ meta: { ...meta, fetchedAt: NOW + MAX_CLOCK_SKEW, date: NOW + MAX_CLOCK_SKEW } }),
    ],
    ['an expiry far ahead (data fresh for long)', write({ meta: { ...meta, expiresAt: Number.MAX_SAFE_INTEGER } })],
  ])('%s', (_name, message) => {
    expect(read(message)()).toBe(message);
  });
});

describe('anything else is refused, saying what and where', () => {
  test.each([
    ['a string', '{"kind":"write"}', 'the message should be an object, not a string: "{\\"kind\\":\\"write\\"}"'],
    ['an array', [], 'the message should be an object, not an array: []'],
    ['null', null, 'the message should be an object, not null: null'],
    ['a Map', new Map(), 'the message should be an object, not an object: a Map: []'],
    ['no protocol', { ...write(), protocol: undefined }, 'it has no "protocol": "rtk-entities/1". Received:'],
    ['another protocol', { ...write(), protocol: 'rtk-entities/0' }, 'it has no "protocol": "rtk-entities/1"'],
    ['a tab that is a number', write({ tab: 7 }), 'its "tab" should be a string, not a number: 7'],
    [
      'an unknown kind',
      write({ kind: 'replace' }),
      'it names an unknown kind, "replace" (known: write, invalidate, expire)',
    ],
  ])('%s', (_name, message, problem) => {
    expect(read(message)).toThrow(problem);
    expect(read(message)).toThrow(TypeError);
  });

  test.each([
    ['not an object', 'soon', 'its "meta" should be an object, not a string: "soon"'],
    [
      'a start that is not a number',
      { ...meta, fetchedAt: 'soon' },
      'its "meta".fetchedAt is "soon", not a finite number',
    ],
    ['a start NaN', { ...meta, fetchedAt: NaN }, 'its "meta".fetchedAt is NaN, not a finite number'],
    [
      'a start far ahead',
      { ...meta, fetchedAt: 9e15 },
      'its "meta".fetchedAt is 9000000000000000, more than 5 minutes ahead of this store\'s clock (1000000)',
    ],
    [
      'a start a millisecond past the skew',
      { ...meta, fetchedAt: NOW + MAX_CLOCK_SKEW + 1 },
      'its "meta".fetchedAt is 1300001, more than 5 minutes ahead',
    ],
    ['a seq of Infinity', { ...meta, seq: Infinity }, 'its "meta".seq is Infinity, not a finite number'],
    ['a seq that is a string', { ...meta, seq: '3' }, 'its "meta".seq is "3", not a finite number'],
    ['a tab that is a number', { ...meta, tab: 1 }, 'its "meta".tab should be a string, not a number: 1'],
    ['an arrival far ahead', { ...meta, date: 9e15 }, 'its "meta".date is 9000000000000000, more than 5 minutes ahead'],
    [
      'an expiry of Infinity',
      { ...meta, expiresAt: Infinity },
      'its "meta".expiresAt is Infinity, not a finite number',
    ],
    ['deleted false', { ...meta, deleted: false }, 'its "meta".deleted should be true or absent, not false'],
  ])('a write’s meta %s', (_name, value, problem) => {
    expect(read(write({ meta: value }))).toThrow(problem);
  });

  test.each([
    ['not an object', 'GET /notes', 'its "response" should be an object, not a string: "GET /notes"'],
    ['with no key', { result: [] }, 'its "response.key" should be a string, not undefined'],
    [
      'with an endpoint name that is a number',
      { key: 'k', endpoint: 5, result: [] },
      'its "response.endpoint" should be a string, not a number: 5',
    ],
  ])('a response %s', (_name, response, problem) => {
    expect(read(write({ response }))).toThrow(problem);
  });

  test.each([
    ['entities that are an array', { entities: [] }, 'its "entities" should be an object, not an array'],
    [
      'a table that is a string',
      { entities: { Note: 'x' } },
      'its "entities"["Note"] should be an object, not a string',
    ],
    [
      'a record that is a string',
      { entities: { Note: { 1: 'x' } } },
      'its "entities"["Note"]["1"] should be an object, not a string',
    ],
    [
      'a record that is an array',
      { entities: { Note: { 1: [] } } },
      'its "entities"["Note"]["1"] should be an object, not an array',
    ],
    [
      'stamps that are no list',
      { entitiesMeta: { Note: {} } },
      'its "entitiesMeta"["Note"] should be an array, not an object',
    ],
    [
      'a stamp that is null',
      { entitiesMeta: { Note: [null] } },
      'its "entitiesMeta"["Note"][0] should be an object, not null',
    ],
    [
      'a stamp stamped far ahead',
      { entitiesMeta: { Note: [{ meta: { ...meta, fetchedAt: 8e15 }, pks: [] }] } },
      'its "entitiesMeta"["Note"][0].meta.fetchedAt is 8000000000000000, more than 5 minutes ahead',
    ],
    [
      'a stamp whose deleted is a string',
      { entitiesMeta: { Note: [{ meta: { ...meta, deleted: 'yes' }, pks: [] }] } },
      'its "entitiesMeta"["Note"][0].meta.deleted should be true or absent, not "yes"',
    ],
    [
      'a stamp with no pks',
      { entitiesMeta: { Note: [{ meta }] } },
      'its "entitiesMeta"["Note"][0].pks should be an array, not undefined',
    ],
    [
      'a pk that is a number',
      { entitiesMeta: { Note: [{ meta, pks: [1] }] } },
      'its "entitiesMeta"["Note"][0].pks[0] should be a string, not a number: 1',
    ],
    [
      'indexes of a kind that are an array',
      { indexes: { Note: [] } },
      'its "indexes"["Note"] should be an object, not an array',
    ],
    [
      'an index that is a string',
      { indexes: { Note: { text: 'x' } } },
      'its "indexes"["Note"]["text"] should be an object, not a string',
    ],
    [
      'an index entry that is a number',
      { indexes: { Note: { text: { one: 1 } } } },
      'its "indexes"["Note"]["text"]["one"] should be a string, not a number: 1',
    ],
  ])('%s', (_name, fields, problem) => {
    expect(read(write(fields))).toThrow(problem);
  });

  test.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'a kind named %s, which every object inherits, in any table',
    (kind) => {
      const table = JSON.parse(`{${JSON.stringify(kind)}: {}}`) as object;
      const stamps = JSON.parse(`{${JSON.stringify(kind)}: []}`) as object;
      expect(read(write({ entities: table }))).toThrow(
        `its "entities" name the kind ${JSON.stringify(kind)}, which no Entity key can be`,
      );
      expect(read(write({ entitiesMeta: stamps }))).toThrow(`its "entitiesMeta" name the kind ${JSON.stringify(kind)}`);
      expect(read(write({ indexes: table }))).toThrow(`its "indexes" name the kind ${JSON.stringify(kind)}`);
    },
  );

  test.each([
    ['no start', keys({ start: undefined }), 'its "start" should be an object, not undefined'],
    [
      'a start far ahead',
      keys({ start: { fetchedAt: 6e15 } }),
      'its "start".fetchedAt is 6000000000000000, more than 5 minutes ahead',
    ],
    ['keys that are no list', keys({ keys: 'GET /notes' }), 'its "keys" should be an array, not a string'],
    ['a key that is a number', keys({ keys: [1] }), 'its "keys"[0] should be a string, not a number: 1'],
  ])('an invalidation with %s', (_name, message, problem) => {
    expect(read(message)).toThrow(problem);
  });
});

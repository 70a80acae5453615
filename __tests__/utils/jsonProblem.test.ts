/**
 * `jsonProblem(value, path)`: why a value is not plain JSON data the store can keep as it is, with
 * where; nothing for plain data, however shared its parts, down to `MAX_STORED_DEPTH` levels.
 */
import { MAX_STORED_DEPTH, jsonProblem } from '../../src/utils/jsonProblem';
import { freshModule, inProduction } from '../fixtures/production';

/** `{ a: { a: … {} } }`, `levels` objects deep. */
const deep = (levels: number) => {
  let value: object = {};
  for (let level = 1; level < levels; level++) value = { a: value };
  return value;
};

test('plain data has no problem: null, strings, finite numbers, booleans, nested arrays and objects, shared parts', () => {
  const shared = { id: 1 };
  const value = {
    a: null,
    b: 'x',
    c: 1.5,
    d: false,
    e: [1, [2, { f: [] }]],
    g: shared,
    h: [shared, shared],
    i: undefined,
  };
  expect(jsonProblem(value, 'record')).toBeUndefined();
  expect(jsonProblem(Object.create(null), 'record')).toBeUndefined();
  expect(jsonProblem(null, 'record')).toBeUndefined();
});

test.each([
  ['a BigInt', { n: 1n }, 'record.n is a BigInt (1n)'],
  ['a function', { run() {} }, 'record.run is a function (run)'],
  ['a symbol', { s: Symbol('s') }, 'record.s is a symbol (Symbol(s))'],
  ['NaN', { n: NaN }, 'record.n is NaN, which JSON turns into null'],
  ['-Infinity in a list', { list: [1, -Infinity] }, 'record.list[1] is -Infinity, which JSON turns into null'],
  ['a Date', { at: new Date(0) }, 'record.at is a Date (1970-01-01T00:00:00.000Z), not plain data'],
  ['a Map', { m: new Map() }, 'record.m is a Map: [], not plain data'],
  [
    'a class instance',
    {
      p: new (class Point {
        x = 1;
      })(),
    },
    'record.p is {"x":1}, not plain data',
  ],
])('%s is named with where it is', (_name, value, problem) => {
  expect(jsonProblem(value, 'record')).toBe(problem);
});

test('a value that contains itself, through an array', () => {
  const looped: { items: unknown[] } = { items: [] };
  looped.items.push({ back: looped });
  expect(jsonProblem(looped, 'record')).toBe('record.items[0].back contains itself (a circular reference)');
});

test(`nesting: ${MAX_STORED_DEPTH} levels are kept, one more is refused`, () => {
  expect(jsonProblem(deep(MAX_STORED_DEPTH), 'r')).toBeUndefined();
  expect(jsonProblem(deep(MAX_STORED_DEPTH + 1), 'r')).toBe(
    `r${'.a'.repeat(MAX_STORED_DEPTH)} nests deeper than ${MAX_STORED_DEPTH} levels`,
  );
});

test('in production, a number JSON turns into null is named with where it is; why it is refused is development advice', () => {
  inProduction(() => {
    const production = freshModule<{ jsonProblem: typeof jsonProblem }>('../../src/utils/jsonProblem').jsonProblem;
    expect(production({ list: [1, NaN] }, 'record')).toBe('record.list[1] is NaN');
  });
});

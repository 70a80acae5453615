import fc from 'fast-check';
import { stableStringify } from '../../src/utils/stableStringify';

describe('stableStringify', () => {
  // arguments are mostly a primitive or a list of them: those take a short path of their own, which
  // must write what the full walk writes (seen here from inside an object, where only the walk runs)
  test('a primitive or a list of them (with holes, undefined, any strings) is written as the full walk writes it', () => {
    const primitive = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(-0, NaN, Infinity, -Infinity),
    );
    const list = fc.sparseArray(fc.oneof(primitive, fc.constant(undefined)), { maxLength: 8 });
    fc.assert(
      fc.property(fc.oneof(primitive, list), (value) => {
        expect(stableStringify({ value })).toBe(`{"value":${stableStringify(value)}}`);
      }),
      { numRuns: 3_000 },
    );
  });

  test('lists with holes or undefined items, and nested lists, are written as before', () => {
    expect(stableStringify([1, , 3])).toBe('[1,,3]');
    expect(stableStringify([, 1])).toBe('[,1]');
    expect(stableStringify([1, undefined, 'a'])).toBe('[1,undefined,"a"]');
    expect(stableStringify([[1, 2], 'x'])).toBe('[[1,2],"x"]');
    expect(stableStringify(['a"b', -0, NaN, true, null])).toBe('["a\\"b",0,NaN,true,null]');
  });

  test('a list is written from its items, whatever methods it overrides', () => {
    class Odd extends Array<number> {
      override map<U>(): U[] {
        return ['X'] as U[];
      }
    }
    const odd = Odd.from([1, 2]);
    expect(stableStringify(odd)).toBe('[1,2]');
    expect(stableStringify({ odd })).toBe('{"odd":[1,2]}');
  });
});

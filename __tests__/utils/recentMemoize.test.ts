/**
 * recentMemoize: the memoize of the normalized RTK Query selectors. It keeps the results of the
 * last few argument lists (one per store read in turn), remembers objects by number (never keeping
 * them alive), and returns the newest result again when a recomputation gives an equal one.
 */
import { createSelector } from 'reselect';
import { recentMemoize } from '../../src/utils/recentMemoize';
import { shallowEqual } from '../../src/rtk-query/select/shallowEqual';
import { exposeGc } from '../fixtures/pollServer';

const counted = () => {
  let calls = 0;
  const memoized = recentMemoize((a: object, b: object) => ({ a, b, call: ++calls }), { size: 2 });
  return { memoized, calls: () => calls };
};

test('the same arguments give the same result without a call; each of the last `size` lists keeps its own', () => {
  const { memoized, calls } = counted();
  const [x, y, z] = [{}, {}, {}];
  const first = memoized(x, y);
  expect(memoized(x, y)).toBe(first);
  const second = memoized(y, x);
  expect(memoized(x, y)).toBe(first);
  expect(memoized(y, x)).toBe(second);
  expect(calls()).toBe(2);
  // a third list pushes out the least recent one (x, y was read last, so y, x goes)
  memoized(x, y);
  memoized(z, z);
  expect(memoized(x, y)).toBe(first);
  expect(calls()).toBe(3);
  expect(memoized(y, x)).not.toBe(second);
  expect(calls()).toBe(4);
});

test('a recomputed result equal to the newest one is that one', () => {
  let calls = 0;
  const memoized = recentMemoize(
    (value: { n: number }) => {
      calls++;
      return { n: value.n };
    },
    { resultEqualityCheck: shallowEqual },
  );
  const first = memoized({ n: 1 });
  expect(memoized({ n: 1 })).toBe(first);
  expect(memoized({ n: 2 })).not.toBe(first);
  expect(calls).toBe(3);
});

test('as createSelector’s memoize and argsMemoize, a selector read by two states in turn recomputes for neither', () => {
  const select = createSelector([(state: { items: number[] }) => state.items], (items) => items.map((n) => n * 2), {
    memoize: recentMemoize,
    argsMemoize: recentMemoize,
  });
  const one = { items: [1] };
  const two = { items: [2] };
  const fromOne = select(one);
  const fromTwo = select(two);
  expect(select(one)).toBe(fromOne);
  expect(select(two)).toBe(fromTwo);
  expect(select.recomputations()).toBe(2);
});

test('an object it was called with is not kept alive, and a primitive never stands for an object', async () => {
  const gc = exposeGc();
  const sizeOf = recentMemoize((value: { big: unknown[] }) => value.big.length);
  const pass = (): WeakRef<object> => {
    const argument = { big: new Array(1000).fill(0) };
    expect(sizeOf(argument)).toBe(1000);
    return new WeakRef(argument);
  };
  const argument = pass();
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  expect(argument.deref()).toBeUndefined();
  // an object is kept by a number: a plain argument equal to that number is another argument
  const wrap = recentMemoize((value: unknown) => ({ value }), { size: 8 });
  const object = {};
  const fromObject = wrap(object);
  const fromNumbers = [0, 1, 2, 3, 4, 5, 6].map((n) => wrap(n) as { value: unknown });
  expect(fromNumbers.map((result) => result.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(wrap(object)).toBe(fromObject);
});

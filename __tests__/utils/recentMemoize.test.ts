/**
 * recentMemoize: the memoize of the normalized RTK Query selectors. It keeps the results of the
 * last few argument lists (one per store read in turn), and returns the newest result again when a
 * recomputation gives an equal one.
 */
import { createSelector } from 'reselect';
import { recentMemoize } from '../../src/utils/recentMemoize';
import { shallowEqual } from '../../src/rtk-query/shallowEqual';

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

/** @jest-environment jsdom */
/** useLoading: an async function's calls as React state, `[wrapped, loading, error]`. */
import { act, renderHook } from '@testing-library/react';
import { useLoading } from '../../src/react/index';
import { deferred } from '../fixtures/store';

describe('useLoading', () => {
  test('loading while a call is in flight; the wrapped function resolves with its result', async () => {
    const answer = deferred<number>();
    const { result } = renderHook(() => useLoading((n: number) => answer.promise.then((value) => value + n)));
    expect(result.current[1]).toBe(false);

    let call: Promise<number | undefined> | undefined;
    act(() => void (call = result.current[0](1)));
    expect(result.current[1]).toBe(true);
    await act(async () => answer.resolve(41));

    await expect(call).resolves.toBe(42);
    expect(result.current.slice(1)).toEqual([false, undefined]);
  });

  test('loading stays true until the last of overlapping calls ends', async () => {
    const first = deferred();
    const second = deferred();
    const answers = [first, second];
    const { result } = renderHook(() => useLoading(() => (answers.shift() as typeof first).promise));
    act(() => void result.current[0]());
    act(() => void result.current[0]());
    await act(async () => first.resolve());
    expect(result.current[1]).toBe(true);
    await act(async () => second.resolve());
    expect(result.current[1]).toBe(false);
  });

  test('a failed call sets error and resolves with undefined; the next call clears it', async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useLoading(async () => {
        if (fail) throw new Error('offline');
        return 'saved';
      }),
    );
    let failed: unknown = 'not called';
    await act(async () => void (failed = await result.current[0]()));
    expect(failed).toBeUndefined();
    expect(result.current[1]).toBe(false);
    expect(result.current[2]).toEqual(new Error('offline'));

    fail = false;
    let saved: unknown;
    await act(async () => void (saved = await result.current[0]()));
    expect(saved).toBe('saved');
    expect(result.current[2]).toBeUndefined();
  });

  test('a thrown value that is not an Error is given as one', async () => {
    const { result } = renderHook(() => useLoading(() => Promise.reject('nope')));
    await act(async () => void (await result.current[0]()));
    expect(result.current[2]).toMatchObject({ message: 'nope', cause: 'nope' });
  });

  test('the same wrapped function while deps are equal, a new one when they change', () => {
    const { result, rerender } = renderHook(({ id }) => useLoading(async () => id, [id]), {
      initialProps: { id: 1 },
    });
    const first = result.current[0];
    rerender({ id: 1 });
    expect(result.current[0]).toBe(first);
    rerender({ id: 2 });
    expect(result.current[0]).not.toBe(first);
  });
});

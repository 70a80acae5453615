/**
 * anySignal: one AbortSignal that aborts when any of its sources does, with or without
 * AbortSignal.any.
 */
import { anySignal } from '../../src/endpoint/anySignal';

describe.each([
  ['with AbortSignal.any', false],
  ['on platforms without AbortSignal.any', true],
])('anySignal %s', (_label, withoutAny) => {
  const original = AbortSignal.any;
  beforeEach(() => {
    if (withoutAny) Reflect.deleteProperty(AbortSignal, 'any');
  });
  afterEach(() => {
    AbortSignal.any = original;
  });

  test('no signals gives undefined; one signal is returned as is', () => {
    const only = new AbortController().signal;
    expect(anySignal([undefined, null])).toBeUndefined();
    expect(anySignal([undefined, only])).toBe(only);
  });

  test("aborts when any source aborts, with that source's reason", () => {
    const first = new AbortController();
    const second = new AbortController();
    const combined = anySignal([first.signal, second.signal]) as AbortSignal;
    expect(combined.aborted).toBe(false);
    second.abort('second reason');
    expect(combined.aborted).toBe(true);
    expect(combined.reason).toBe('second reason');
  });

  test('is aborted at once when a source already is', () => {
    const done = new AbortController();
    done.abort('early');
    const combined = anySignal([new AbortController().signal, done.signal]) as AbortSignal;
    expect(combined.aborted).toBe(true);
    expect(combined.reason).toBe('early');
  });
});

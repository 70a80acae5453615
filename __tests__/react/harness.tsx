/** Shared helpers of the hook tests: a real store in react-redux's Provider, render counters, request counters. */
import { act, render, type RenderOptions } from '@testing-library/react';
import type { Store } from '@reduxjs/toolkit';
import nock from 'nock';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

/** Renders `ui` inside `<Provider store>`, as an app does. */
export function renderWithStore(store: Store, ui: ReactNode, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, {
    ...options,
    wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
  });
}

/** Counts renders of the components that call `counter.hit()`. */
export function renderCounter() {
  let renders = 0;
  return {
    hit() {
      renders++;
    },
    get count() {
      return renders;
    },
  };
}

/** Collects what error boundaries caught, instead of React's console report. */
export function caughtErrors() {
  const caught: unknown[] = [];
  return { caught, onCaughtError: (error: unknown) => void caught.push(error) };
}

/** Resolves once `condition` holds, checking after every store update. */
export function untilStore(store: Store, condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (condition()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!condition()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Every request made while `run` renders, and after it, once the effects and the microtasks and
 * timers a fetch could be scheduled from have run: each call the middleware started (marked pending
 * in the store) and each HTTP request (with `nock.disableNetConnect()`, nock reports every request it
 * has no interceptor for). `[]` when nothing was requested.
 */
export async function requestsDuring(store: Store, run: () => unknown): Promise<string[]> {
  const seen: string[] = [];
  const onHttp = (request: { method?: string; path?: string; href?: string }) =>
    seen.push(`HTTP ${request.method ?? ''} ${request.href ?? request.path ?? ''}`);
  nock.emitter.on('no match', onHttp);
  const unsubscribe = store.subscribe(() => {
    const meta = (store.getState() as { entities: { meta: Record<string, { pending?: number } | undefined> } }).entities
      .meta;
    for (const key of Object.keys(meta))
      if ((meta[key]?.pending ?? 0) > 0 && !seen.includes(`pending ${key}`)) seen.push(`pending ${key}`);
  });
  try {
    run();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  } finally {
    unsubscribe();
    nock.emitter.removeListener('no match', onHttp);
  }
  return seen;
}

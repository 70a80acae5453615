/** Shared helpers of the hook tests: a real store in react-redux's Provider, and render counters. */
import { render, type RenderOptions } from '@testing-library/react';
import type { Store } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

/** Renders `ui` inside `<Provider store>`, as an app does. */
export function renderWithStore(store: Store, ui: ReactNode, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { ...options, wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider> });
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

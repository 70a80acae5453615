import type { ReactNode } from 'react';
import { AsyncBoundary } from 'rtk-entities/react';
import { BoundaryError } from './ErrorNotice';
import { Loading } from './Loading';

/** Loading while its children fetch; a styled error with Retry if they fail. */
export function Boundary({ children }: { children: ReactNode }) {
  return (
    <AsyncBoundary fallback={<Loading />} errorComponent={BoundaryError}>
      {children}
    </AsyncBoundary>
  );
}

import type { ReactNode } from 'react';

/** A titled card. */
export function Panel({ title, note, children }: { title: string; note: ReactNode; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      <p className="note">{note}</p>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/** A titled card; a `wide` one spans the whole grid. */
export function Panel({
  title,
  note,
  wide = false,
  children,
}: {
  title: string;
  note: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={wide ? 'panel wide' : 'panel'} aria-label={title}>
      <h2>{title}</h2>
      <p className="note">{note}</p>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/** One part of the order's details (Customer, Payment, Refunds, Items ...). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 font-sans text-sm font-semibold tracking-wide text-bark-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/** The heading of a back-office page, with what sits at its right (a count, an action). */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

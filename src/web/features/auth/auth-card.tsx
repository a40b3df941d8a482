import type { ReactNode } from 'react';
import { LogoMark } from '../../components/ui/logo';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <div className="mb-3 flex justify-center">
            <LogoMark size={48} />
          </div>
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="mt-2 text-bark-700">{subtitle}</p>
        </div>
        {children}
      </div>
    </div>
  );
}

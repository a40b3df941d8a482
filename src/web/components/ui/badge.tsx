import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'red' | 'amber' | 'blue' | 'purple' | 'neutral';

const tones: Record<BadgeTone, string> = {
  green: 'bg-forest-100 text-forest-900',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-honey-400 text-bark-900',
  blue: 'bg-sky-100 text-sky-900',
  purple: 'bg-purple-100 text-purple-900',
  neutral: 'bg-sand-200 text-bark-900',
};

export function Badge({
  tone = 'neutral',
  children,
  className = '',
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

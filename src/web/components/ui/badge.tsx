import type { ReactNode } from 'react';

type Tone = 'green' | 'red' | 'amber' | 'neutral';

const tones: Record<Tone, string> = {
  green: 'bg-forest-100 text-forest-900',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-honey-400 text-bark-900',
  neutral: 'bg-sand-200 text-bark-900',
};

export function Badge({ tone = 'neutral', children, className = '' }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ${tones[tone]} ${className}`}>
      {children}
    </span>
  );
}

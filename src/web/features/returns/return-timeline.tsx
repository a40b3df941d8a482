import { formatDate } from '../../lib/format';
import { returnSteps } from './return-words';
import type { ReturnView } from './types';

/** A return's steps, top to bottom: each reached one with its day, the next ones greyed. */
export function ReturnTimeline({ ret }: { ret: ReturnView }) {
  const steps = returnSteps(ret);
  const current = steps.map((step) => step.at !== null).lastIndexOf(true);
  return (
    <ol aria-label={`Return ${ret.number} progress`} className="space-y-0">
      {steps.map((step, index) => {
        const done = step.at !== null;
        const refused = step.state === 'refused';
        return (
          <li
            key={step.state}
            aria-current={index === current ? 'step' : undefined}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {index < steps.length - 1 && (
              <span
                aria-hidden="true"
                className={`absolute top-6 left-[11px] h-full w-0.5 ${steps[index + 1]?.at ? 'bg-forest-600' : 'bg-sand-200'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 mt-0.5 h-6 w-6 shrink-0 rounded-full border-2 ${
                done
                  ? refused
                    ? 'border-red-700 bg-red-700'
                    : 'border-forest-600 bg-forest-600'
                  : 'border-sand-300 bg-white'
              } ${index === current ? 'ring-4 ring-forest-200' : ''}`}
            />
            <span className="min-w-0">
              <span className={done ? 'font-semibold text-bark-900' : 'text-bark-600'}>{step.label}</span>
              <span className="block text-sm text-bark-700">{step.at ? formatDate(step.at) : 'Not yet'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

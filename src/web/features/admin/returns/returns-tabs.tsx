import { RETURN_STATES, type ReturnState } from '../../../../shared/returns';
import { Link } from '../../../lib/router';
import { returnStateLabel } from '../../returns';

/** One tab per state, requested first (what waits for someone), each with its count. Links: the address names the tab. */
export function ReturnsTabs({ current, counts }: { current: ReturnState; counts?: Record<ReturnState, number> }) {
  return (
    <nav aria-label="Returns by state">
      <ul className="flex flex-wrap gap-1 rounded-3xl border-2 border-sand-200 bg-white p-1">
        {RETURN_STATES.map((state) => (
          <li key={state}>
            <Link
              to={state === 'requested' ? '/admin/returns' : `/admin/returns?state=${state}`}
              aria-current={state === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold whitespace-nowrap ${state === current ? 'bg-forest-700 text-white' : 'text-forest-800 hover:bg-forest-50'}`}
            >
              {returnStateLabel(state)}
              {counts && <span className="tabular-nums">({counts[state] ?? 0})</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

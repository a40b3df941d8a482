import { useQuery } from '@tanstack/react-query';
import { monthName } from '../../../shared/monthly-report';
import { toKwacha } from '../../../shared/money';
import type { MemberPayoutState } from '../../../shared/member-earnings';
import { formatDate, formatKwacha } from '../../lib/format';
import { myEarningsQuery } from './api';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

const STATE_WORDS: Record<MemberPayoutState, string> = {
  planned: 'planned',
  sending: 'on its way',
  paid: 'paid',
  failed: 'failed: the co-op will send it again',
};

/**
 * A co-op member's own figures on her account page (docs/decisions/066-member-earnings-reports.md): shown
 * only when the server knows her confirmed number as a member's wallet; anyone else sees nothing here.
 */
export function MyEarnings({ hasNumber }: { hasNumber: boolean }) {
  const { data } = useQuery({ ...myEarningsQuery, enabled: hasNumber });
  if (!data) return null;
  return (
    <section
      aria-labelledby="my-earnings-heading"
      className="mb-8 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6"
    >
      <h2 id="my-earnings-heading" className="text-xl font-bold">
        My co-op earnings
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-bark-700">
            {data.owedNgwee < 0 ? 'To take from your next payout' : 'Owed to you'}
          </dt>
          <dd className="text-2xl font-bold tabular-nums">{kwacha(Math.abs(data.owedNgwee))}</dd>
        </div>
        <div>
          <dt className="text-sm text-bark-700">Earned in {monthName(data.month)}</dt>
          <dd className="text-2xl font-bold tabular-nums">{kwacha(data.earnedThisMonthNgwee)}</dd>
        </div>
      </dl>
      {data.payouts.length > 0 ? (
        <ul className="mt-4 divide-y divide-sand-200 text-sm">
          {data.payouts.map((payout) => (
            <li key={`${payout.month}-${payout.at}`} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {kwacha(payout.amountNgwee)} for {monthName(payout.month)}
              </span>
              <span className="text-bark-700">
                {STATE_WORDS[payout.state]} · {formatDate(payout.at)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-bark-700">No payouts yet.</p>
      )}
    </section>
  );
}

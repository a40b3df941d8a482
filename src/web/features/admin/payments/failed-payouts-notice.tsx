import type { FailedPayout } from '../../../../shared/schemas/payments';
import { formatZambianMobile } from '../../../../shared/phone-numbers';
import { formatKwacha } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { routeWords, runPath } from '../payouts';

/**
 * Members' payouts that failed and nobody has dealt with (docs/decisions/064-member-payouts.md): on Needs
 * attention above the payments, each opening its run, where it is marked dealt with.
 */
export function FailedPayoutsNotice({ payouts }: { payouts: FailedPayout[] }) {
  if (payouts.length === 0) return null;
  return (
    <section aria-labelledby="failed-payouts-heading" className="rounded-2xl border border-red-200 bg-red-50 p-4">
      <h2 id="failed-payouts-heading" className="font-sans font-semibold text-red-900">
        Members&apos; payouts that failed ({payouts.length})
      </h2>
      <p className="text-sm text-red-900">Each member is owed the money again; the next run pays it.</p>
      <ul className="mt-2 space-y-2 text-sm">
        {payouts.map((payout) => (
          <li key={payout._id} className="break-words text-bark-900">
            <span className="font-semibold">{payout.member.name}</span>: {formatKwacha(payout.amount)} to{' '}
            {formatZambianMobile(payout.mobile)} ({routeWords(payout.route)})
            {payout.failureReason && <span className="block text-bark-800">{payout.failureReason}</span>}
            <Link
              to={runPath({ _id: payout.runId })}
              className="inline-flex min-h-11 items-center font-semibold text-forest-800 underline underline-offset-4"
            >
              Open the payout run
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

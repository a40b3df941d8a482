import { toKwacha } from '../../../../shared/money';
import { monthName } from '../../../../shared/monthly-report';
import type {
  StatementCategory,
  StatementPayoutItem,
  StatementReconciliation,
} from '../../../../shared/schemas/statements';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatKwacha } from '../../../lib/format';

/** The statement's money out against the members' payouts (docs/decisions/066-member-earnings-reports.md). */
const GROUPS: Record<StatementCategory, { title: string; text: string; tone: BadgeTone }> = {
  'not-in-shop': {
    title: 'Money out, no payout in the shop',
    text: 'Sent from the account, but the shop has no payout for it, or has that payout as failed (her shares are owed again: check before the next run).',
    tone: 'red',
  },
  'amount-differs': { title: 'Payout amounts differ', text: 'On both, with a different amount.', tone: 'amber' },
  'not-on-statement': {
    title: 'Paid in the shop, not on the statement',
    text: 'A payout recorded as paid in the period, with no statement line for it.',
    tone: 'purple',
  },
  matched: { title: 'Payouts matched', text: 'On both, with the same amount.', tone: 'green' },
};

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

function PayoutCard({ item, onDealtWith }: { item: StatementPayoutItem; onDealtWith: () => void }) {
  const { line, payout, dealtWith } = item;
  return (
    <li className="rounded-xl border border-sand-200 bg-white p-4" data-testid="statement-payout">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 className="font-mono text-sm font-semibold break-all text-bark-900">
          {line ? `Transaction ${line.transactionId}` : `Payout ${payout?.providerTransactionId ?? item.key}`}
        </h4>
        <span className="font-semibold">{kwacha(line?.amountNgwee ?? payout?.amountNgwee ?? 0)}</span>
      </div>
      <p className="mt-1 text-sm text-bark-700">
        {line ? `Row ${line.row} · ${line.date}` : payout?.endedAt ? `Paid ${formatDateTime(payout.endedAt)}` : ''}
        {payout && ` · ${payout.memberName}, ${monthName(payout.period)}`}
      </p>
      <p className="mt-2 text-sm text-bark-900">{item.why}</p>
      {dealtWith && (
        <p className="mt-2 rounded-lg bg-sand-50 px-3 py-2 text-sm text-bark-800">
          <span className="font-semibold">Dealt with</span> by {dealtWith.byName}, {formatDateTime(dealtWith.at)}:{' '}
          {dealtWith.note}
        </p>
      )}
      {item.category !== 'matched' && !dealtWith && (
        <div className="mt-3">
          <Button variant="ghost" size="sm" onClick={onDealtWith}>
            Mark dealt with
          </Button>
        </div>
      )}
    </li>
  );
}

/** The payout groups below the collections': differences listed, matches folded; only the groups that have some. */
export function PayoutGroups({
  result,
  onDealtWith,
}: {
  result: StatementReconciliation;
  onDealtWith: (item: StatementPayoutItem) => void;
}) {
  const { counts, items } = result.payouts;
  const categories = (['not-in-shop', 'amount-differs', 'not-on-statement', 'matched'] as const).filter(
    (category) => counts[category] > 0,
  );
  return (
    <section aria-labelledby="statement-payouts-heading" className="space-y-4">
      <div>
        <h2 id="statement-payouts-heading" className="text-xl font-bold">
          Payouts to members
        </h2>
        <p className="text-sm text-bark-700">
          {categories.length === 0
            ? 'No money out on this statement, and no payout through this provider in the period.'
            : 'Money out on the statement against the payouts the shop sent through this provider.'}
        </p>
      </div>
      {categories.map((category) => {
        const { title, text, tone } = GROUPS[category];
        const listed = items.filter((item) => item.category === category);
        const headingId = `statement-payouts-${category}`;
        const list = (
          <ul className="mt-3 space-y-3">
            {listed.map((item) => (
              <PayoutCard
                key={`${item.key}-${item.line?.row ?? 'shop'}`}
                item={item}
                onDealtWith={() => onDealtWith(item)}
              />
            ))}
          </ul>
        );
        return (
          <section
            key={category}
            aria-labelledby={headingId}
            className="rounded-2xl border border-sand-200 bg-sand-50/50 p-4 sm:p-5"
          >
            <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold">
              {title} <Badge tone={tone}>{counts[category]}</Badge>
            </h3>
            <p className="text-sm text-bark-700">{text}</p>
            {category === 'matched' ? (
              <details className="mt-2">
                <summary className="cursor-pointer py-3 text-sm font-semibold text-forest-800">
                  Show{' '}
                  {listed.length < counts.matched
                    ? `the first ${listed.length} of ${counts.matched}`
                    : `all ${counts.matched}`}
                </summary>
                {list}
              </details>
            ) : (
              list
            )}
          </section>
        );
      })}
    </section>
  );
}

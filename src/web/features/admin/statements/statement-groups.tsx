import { orderReference } from '../../../../shared/order-status';
import { toKwacha } from '../../../../shared/money';
import type { StatementCategory, StatementItem, StatementReconciliation } from '../../../../shared/schemas/statements';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import { providerLabel } from '../payments/attempt-state';

const GROUPS: Record<StatementCategory, { title: string; text: string; tone: BadgeTone }> = {
  'not-in-shop': {
    title: 'Collected, not in the shop',
    text: 'The provider has the money; the shop has no payment, or has it as not collected (a late approval). Open the order to refund or to mark it paid.',
    tone: 'red',
  },
  'amount-differs': { title: 'Amounts differ', text: 'On both, with a different amount.', tone: 'amber' },
  'not-on-statement': {
    title: 'In the shop, not on the statement',
    text: 'Recorded as collected in the period, but the statement has no line for it.',
    tone: 'purple',
  },
  matched: { title: 'Matched', text: 'On both, with the same amount.', tone: 'green' },
};

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));
const FIELD_WORDS: Record<string, string> = {
  transactionId: 'transaction id',
  amount: 'amount',
  date: 'date',
  reference: 'our reference',
  status: 'status',
  phone: 'payer',
};

export interface ItemActions {
  onOpenOrder: (orderId: string) => void;
  onDealtWith: (item: StatementItem) => void;
}

function ItemCard({ item, actions }: { item: StatementItem; actions: ItemActions }) {
  const { line, attempt, dealtWith } = item;
  const title = line
    ? `Transaction ${line.transactionId}`
    : `Payment ${attempt?.providerTransactionId ?? attempt?.reference ?? item.key}`;
  return (
    <li className="rounded-xl border border-sand-200 bg-white p-4" data-testid="statement-item">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 className="font-mono text-sm font-semibold break-all text-bark-900">{title}</h4>
        <span className="font-semibold">{kwacha(line?.amountNgwee ?? attempt?.amountNgwee ?? 0)}</span>
      </div>
      <p className="mt-1 text-sm text-bark-700">
        {line
          ? `Row ${line.row} · ${line.date}`
          : attempt?.collectedAt
            ? `Collected ${formatDateTime(attempt.collectedAt)}`
            : ''}
        {(line?.phone ?? attempt?.phone) && <span className="font-mono"> · {line?.phone ?? attempt?.phone}</span>}
      </p>
      <p className="mt-2 text-sm text-bark-900">{item.why}</p>
      {dealtWith && (
        <p className="mt-2 rounded-lg bg-sand-50 px-3 py-2 text-sm text-bark-800">
          <span className="font-semibold">Dealt with</span> by {dealtWith.byName}, {formatDateTime(dealtWith.at)}:{' '}
          {dealtWith.note}
        </p>
      )}
      {(attempt || (item.category !== 'matched' && !dealtWith)) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {attempt && (
            <Button variant="outline" size="sm" onClick={() => actions.onOpenOrder(attempt.orderId)}>
              Open order <span className="font-mono">#{orderReference(attempt.orderId)}</span>
            </Button>
          )}
          {item.category !== 'matched' && !dealtWith && (
            <Button variant="ghost" size="sm" onClick={() => actions.onDealtWith(item)}>
              Mark dealt with
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Group({
  category,
  result,
  actions,
}: {
  category: StatementCategory;
  result: StatementReconciliation;
  actions: ItemActions;
}) {
  const items = result.items.filter((item) => item.category === category);
  const count = result.counts[category];
  const { title, text, tone } = GROUPS[category];
  const headingId = `statement-group-${category}`;
  const list = (
    <ul className="mt-3 space-y-3">
      {items.map((item) => (
        <ItemCard key={`${item.key}-${item.line?.row ?? 'shop'}`} item={item} actions={actions} />
      ))}
    </ul>
  );
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-sand-200 bg-sand-50/50 p-4 sm:p-5">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        {title} <Badge tone={count === 0 ? 'neutral' : tone}>{count}</Badge>
      </h3>
      <p className="text-sm text-bark-700">{text}</p>
      {count === 0 ? null : category === 'matched' ? (
        <details className="mt-2">
          <summary className="cursor-pointer py-3 text-sm font-semibold text-forest-800">
            Show {items.length < count ? `the first ${items.length} of ${count}` : `all ${count}`}
          </summary>
          {list}
        </details>
      ) : (
        list
      )}
    </section>
  );
}

/** What a statement check found: the differences first, each with its order and an action; the matches folded. */
export function StatementGroups({ result, actions }: { result: StatementReconciliation; actions: ItemActions }) {
  const skipped = result.skipped.map((s) => `${s.rows} ${s.rows === 1 ? 'row' : 'rows'}: ${s.why}`).join('; ');
  return (
    <section aria-labelledby="statement-result-heading" className="space-y-4">
      <div>
        <h2 id="statement-result-heading" className="text-xl font-bold">
          {providerLabel(result.provider)} statement,{' '}
          {result.from === result.to ? result.from : `${result.from} to ${result.to}`}
        </h2>
        <p className="text-sm text-bark-700">
          Columns read:{' '}
          {Object.entries(result.columns)
            .map(([field, header]) => `“${header}” as ${FIELD_WORDS[field] ?? field}`)
            .join(', ')}
          .{skipped && ` Left out: ${skipped}.`}
        </p>
      </div>
      {(['not-in-shop', 'amount-differs', 'not-on-statement', 'matched'] as const).map((category) => (
        <Group key={category} category={category} result={result} actions={actions} />
      ))}
    </section>
  );
}

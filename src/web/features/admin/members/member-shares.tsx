import { useState } from 'react';
import { orderReference } from '../../../../shared/order-status';
import type { MemberShareLine } from '../../../../shared/schemas/members';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useMemberShares } from './api';
import { kwachaOf } from './member-words';

type OnOrder = (orderId: string) => void;

function OrderButton({ line, onOrder }: { line: MemberShareLine; onOrder: OnOrder }) {
  const ref = orderReference(line.orderId);
  return (
    <button
      type="button"
      className="inline-flex min-h-11 items-center font-mono font-semibold text-forest-800 underline underline-offset-4 hover:text-forest-900"
      onClick={() => onOrder(line.orderId)}
      aria-haspopup="dialog"
      aria-label={`View order ${ref}`}
      title={line.orderId}
    >
      {ref}
    </button>
  );
}

const what = (line: MemberShareLine) => (line.kind === 'refund' ? `Refund: ${line.product}` : line.product);

function Amount({ line }: { line: MemberShareLine }) {
  return (
    <span className={`font-semibold whitespace-nowrap ${line.amountNgwee < 0 ? 'text-red-800' : 'text-bark-900'}`}>
      {kwachaOf(line.amountNgwee)}
    </span>
  );
}

const Paid = ({ line }: { line: MemberShareLine }) =>
  line.payoutId ? <Badge tone="green">In a payout</Badge> : <Badge tone="neutral">Owed</Badge>;

/** Her ledger: each sale's share and what refunds took back (below 0), newest first. */
export function MemberShares({ memberId, onOrder }: { memberId: string; onOrder: OnOrder }) {
  const [page, setPage] = useState(1);
  const shares = useMemberShares(memberId, page);
  const data = shares.data;

  let body;
  if (shares.isPending) body = <Spinner label="Loading her sales" />;
  else if (!data)
    body = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-center text-red-900">
        <p className="mb-3 font-semibold">Failed to load her sales. Please try again.</p>
        <Button onClick={() => shares.refetch()} disabled={shares.isRefetching}>
          Try again
        </Button>
      </div>
    );
  else if (data.lines.length === 0)
    body = (
      <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-bark-800">
        No sales yet. A share is added when an order with her product is paid and handed over.
      </p>
    );
  else
    body = (
      <div aria-busy={shares.isFetching} className={shares.isPlaceholderData ? 'opacity-60' : undefined}>
        <div className="hidden overflow-x-auto rounded-2xl border border-sand-200 bg-white md:block">
          <table className="w-full text-left text-sm">
            <thead className="bg-sand-50 text-xs font-semibold tracking-wide whitespace-nowrap text-bark-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Date
                </th>
                <th scope="col" className="px-3 py-3">
                  Order
                </th>
                <th scope="col" className="px-3 py-3">
                  Product
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Quantity
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-3">
                  Payout
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-200">
              {data.lines.map((line) => (
                <tr key={line._id}>
                  <td className="px-3 py-3 whitespace-nowrap text-bark-700">{formatDate(line.at)}</td>
                  <td className="px-3 py-1">
                    <OrderButton line={line} onOrder={onOrder} />
                  </td>
                  <td className="px-3 py-3 break-words">{what(line)}</td>
                  <td className="px-3 py-3 text-right">{line.kind === 'sale' ? line.quantity : ''}</td>
                  <td className="px-3 py-3 text-right">
                    <Amount line={line} />
                  </td>
                  <td className="px-3 py-3">
                    <Paid line={line} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="space-y-3 md:hidden" aria-label="Her sales and refunds">
          {data.lines.map((line) => (
            <li key={line._id} className="rounded-2xl border border-sand-200 bg-white p-4 text-sm">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-semibold break-words text-bark-900">{what(line)}</p>
                <Amount line={line} />
              </div>
              <p className="text-bark-700">
                {formatDate(line.at)}
                {line.kind === 'sale' && ` · ${line.quantity} ${line.quantity === 1 ? 'unit' : 'units'}`}
              </p>
              <div className="mt-1 flex items-center justify-between gap-2">
                <span className="text-bark-700">
                  Order <OrderButton line={line} onOrder={onOrder} />
                </span>
                <Paid line={line} />
              </div>
            </li>
          ))}
        </ul>
        <Pagination page={page} pages={data.pages} onPageChange={setPage} label="Pages of her sales" />
      </div>
    );

  return (
    <section aria-labelledby="shares-heading" className="space-y-3">
      <h2 id="shares-heading" className="text-xl font-bold">
        Sales and shares
      </h2>
      {body}
    </section>
  );
}

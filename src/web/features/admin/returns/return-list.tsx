import { orderReference } from '../../../../shared/order-status';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { kwacha, RETURN_STATE_TONES, returnStateLabel, type ReturnListItem } from '../../returns';
import type { AdminColumn } from '../shared/admin-list';

export type ListedReturn = ReturnListItem & { _id: string };

function OpenButton({ row }: { row: ListedReturn }) {
  return (
    <ButtonLink
      to={`/admin/returns/${row.id}`}
      variant="outline"
      size="sm"
      className="whitespace-nowrap"
      aria-label={`Open return ${row.number}`}
    >
      Open
    </ButtonLink>
  );
}

function Shopper({ row }: { row: ListedReturn }) {
  return (
    <>
      <div className="font-semibold break-words text-bark-900">{row.shopperName || 'N/A'}</div>
      <div className="text-bark-700 tabular-nums">{row.shopperPhone}</div>
    </>
  );
}

const what = (row: ListedReturn) =>
  `${row.units === 1 ? '1 item' : `${row.units} items`} · ${row.reasonLabel} · ${row.outcome === 'refund' ? 'Money back' : 'Exchange'}`;

export function returnColumns(): AdminColumn<ListedReturn>[] {
  return [
    {
      header: 'Return',
      cell: (row) => (
        <>
          <div className="font-semibold text-bark-900">{row.number}</div>
          <div className="text-bark-700">{formatDateTime(row.createdAt)}</div>
        </>
      ),
      className: 'min-w-40',
    },
    {
      header: 'Order',
      cell: (row) => <span className="font-mono font-semibold">{orderReference(row.orderId)}</span>,
    },
    { header: 'Shopper', cell: (row) => <Shopper row={row} />, className: 'min-w-40' },
    { header: 'What', cell: what, className: 'min-w-48 text-bark-800' },
    { header: 'Worth', align: 'right', cell: (row) => kwacha(row.amountNgwee), className: 'whitespace-nowrap' },
    {
      header: 'State',
      cell: (row) => <Badge tone={RETURN_STATE_TONES[row.state]}>{returnStateLabel(row.state)}</Badge>,
    },
    { header: 'Actions', align: 'right', rowPadding: 'py-2', cell: (row) => <OpenButton row={row} /> },
  ];
}

export function ReturnCard({ row }: { row: ListedReturn }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold text-bark-900">
            {row.number} <span className="font-mono text-sm font-normal">· order {orderReference(row.orderId)}</span>
          </p>
          <p className="text-sm text-bark-700">{formatDateTime(row.createdAt)}</p>
        </div>
        <Badge tone={RETURN_STATE_TONES[row.state]}>{returnStateLabel(row.state)}</Badge>
      </div>
      <div className="mt-2 text-sm">
        <Shopper row={row} />
      </div>
      <p className="mt-1 text-sm text-bark-800">{what(row)}</p>
      <div className="mt-3 flex items-center justify-between gap-3">
        <span className="font-semibold tabular-nums">{kwacha(row.amountNgwee)}</span>
        <OpenButton row={row} />
      </div>
    </>
  );
}

import { useState } from 'react';
import type { Discount } from '../../../../shared/schemas/discounts';
import { formatKwacha, toKwacha } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { inputOf, useDiscounts, useSaveDiscount } from './api';
import { DiscountForm } from './discount-form';

function whatItDoes(d: Discount): string {
  const off =
    d.kind === 'percent' ? `${d.value}% off` : d.kind === 'fixed' ? `${formatKwacha(d.value)} off` : 'Free delivery';
  const limited = d.productIds.length + d.categories.length > 0 ? ' (some items only)' : '';
  const minimum = d.minSubtotal > 0 ? `, items of ${formatKwacha(d.minSubtotal)} or more` : '';
  return `${off}${limited}${minimum}`;
}

function when(d: Discount): string {
  if (!d.startsAt && !d.endsAt) return 'Any time';
  return `${d.startsAt ? formatDateTime(d.startsAt) : 'now'} – ${d.endsAt ? formatDateTime(d.endsAt) : 'no end'}`;
}

/** Discount codes: each with what it does, when, its uses so far and the money given; make, edit, switch off. */
export function DiscountsPage() {
  useDocumentTitle('Discount codes');
  const discounts = useDiscounts();
  const save = useSaveDiscount();
  const [editing, setEditing] = useState<Discount | null | 'new'>(null);
  const list = discounts.data?.discounts;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Discount codes</h1>
          <p className="mt-1 text-bark-700">One code per order; the discount comes off the items before VAT.</p>
        </div>
        <Button onClick={() => setEditing('new')}>New code</Button>
      </div>

      {discounts.isError && !list ? (
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-semibold text-red-900">Failed to load the codes. Please try again.</p>
          <Button onClick={() => discounts.refetch()} disabled={discounts.isRefetching}>
            Try again
          </Button>
        </div>
      ) : !list ? (
        <Spinner label="Loading discount codes" />
      ) : list.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-sand-300 bg-white p-6 text-center text-bark-900">
          No discount codes yet.
        </p>
      ) : (
        <ul aria-label="Discount codes" className="mt-6 space-y-3">
          {list.map((d) => (
            <li key={d._id} className="rounded-2xl border border-sand-300 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono text-lg font-bold break-all text-bark-900">{d.code}</p>
                  <p className="text-bark-800">{whatItDoes(d)}</p>
                  {d.description && <p className="text-sm text-bark-600">{d.description}</p>}
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${d.isActive ? 'bg-forest-100 text-forest-900' : 'bg-sand-200 text-bark-700'}`}
                >
                  {d.isActive ? 'On' : 'Off'}
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-bark-600">Used</dt>
                  <dd className="font-semibold">
                    {d.usesCount}
                    {d.maxUses ? ` of ${d.maxUses}` : ''}
                  </dd>
                </div>
                <div>
                  <dt className="text-bark-600">Per customer</dt>
                  <dd className="font-semibold">{d.maxUsesPerCustomer ?? 'No limit'}</dd>
                </div>
                <div>
                  <dt className="text-bark-600">Given</dt>
                  <dd className="font-semibold">{formatKwacha(toKwacha(d.discountGivenNgwee))}</dd>
                </div>
                <div>
                  <dt className="text-bark-600">When</dt>
                  <dd className="font-semibold">{when(d)}</dd>
                </div>
              </dl>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(d)} aria-label={`Edit ${d.code}`}>
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ id: d._id, input: { ...inputOf(d), isActive: !d.isActive } })}
                >
                  {d.isActive ? `Switch ${d.code} off` : `Switch ${d.code} on`}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing !== null && (
        <DiscountForm
          open
          discount={editing === 'new' ? null : editing}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(input) =>
            save.mutate({ id: editing === 'new' ? null : editing._id, input }, { onSuccess: () => setEditing(null) })
          }
        />
      )}
    </div>
  );
}

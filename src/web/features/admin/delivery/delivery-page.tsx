import { useState } from 'react';
import { DELIVERY_KIND_LABELS } from '../../../../shared/delivery';
import { formatKwacha } from '../../../../shared/money';
import type { DeliveryOption } from '../../../../shared/schemas/delivery';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { inputOf, useDeliveryOptions, useSaveDeliveryOption } from './api';
import { OptionDialog } from './option-dialog';

export const whereServed = (option: Pick<DeliveryOption, 'provinces' | 'towns'>) => {
  const provinces = option.provinces.length === 0 ? 'All provinces' : option.provinces.join(', ');
  return option.towns.length === 0 ? provinces : `${option.towns.join(', ')} (${provinces})`;
};

export const feeWords = (option: Pick<DeliveryOption, 'fee' | 'freeAbove'>) =>
  `${option.fee === 0 ? 'Free' : formatKwacha(option.fee)}${
    option.freeAbove !== null && option.fee > 0 ? `, free above ${formatKwacha(option.freeAbove)}` : ''
  }`;

/** Delivery options: what checkout offers by province and town (decision 037). */
export function DeliveryPage() {
  useDocumentTitle('Delivery options');
  const list = useDeliveryOptions();
  const save = useSaveDeliveryOption();
  const [editing, setEditing] = useState<DeliveryOption | null>(null);
  const [open, setOpen] = useState(false);
  const options = list.data?.options;
  const everywhere = options?.some((o) => o.active && o.provinces.length === 0 && o.towns.length === 0);

  const edit = (option: DeliveryOption | null) => {
    setEditing(option);
    setOpen(true);
  };
  const switchOver = (option: DeliveryOption) =>
    save.mutate(
      { id: option._id, input: { ...inputOf(option), active: !option.active } },
      {
        onSuccess: (saved) => toast.success(`${saved.name} switched ${saved.active ? 'on' : 'off'}`),
        onError: (error) => toast.error(failureMessage(error, 'Failed to save the delivery option')),
      },
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Delivery options</h1>
          <p className="mt-1 text-bark-700">
            What checkout offers for each province and town, cheapest first. An option switched off is no longer
            offered; orders placed with it keep it.
          </p>
        </div>
        <Button onClick={() => edit(null)}>Add delivery option</Button>
      </div>
      {list.isError && !options ? (
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-semibold text-red-900">Failed to load delivery options. Please try again.</p>
          <Button onClick={() => list.refetch()} disabled={list.isRefetching}>
            Try again
          </Button>
        </div>
      ) : !options ? (
        <Spinner label="Loading delivery options" />
      ) : (
        <>
          {!everywhere && (
            <p role="status" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
              No option that is on serves every town: shoppers elsewhere cannot place an order.
            </p>
          )}
          {options.length === 0 ? (
            <p className="mt-6 rounded-2xl border border-sand-300 bg-white p-6 text-center">No delivery options yet.</p>
          ) : (
            <ul aria-label="Delivery options" className="mt-6 space-y-3">
              {options.map((option) => (
                <li
                  key={option._id}
                  className={`rounded-2xl border border-sand-200 bg-white p-4 ${option.active ? '' : 'opacity-75'}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-bold break-words">{option.name}</h2>
                    <Badge tone="neutral">{DELIVERY_KIND_LABELS[option.kind]}</Badge>
                    <Badge tone={option.active ? 'green' : 'red'}>{option.active ? 'On' : 'Off'}</Badge>
                    {option.payOnCollection && <Badge tone="amber">Pay on collection</Badge>}
                  </div>
                  <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                    <dt className="font-semibold">Fee</dt>
                    <dd>{feeWords(option)}</dd>
                    <dt className="font-semibold">Serves</dt>
                    <dd className="break-words">{whereServed(option)}</dd>
                    {option.estimate && (
                      <>
                        <dt className="font-semibold">Time</dt>
                        <dd>{option.estimate}</dd>
                      </>
                    )}
                    {option.openingHours && (
                      <>
                        <dt className="font-semibold">Open</dt>
                        <dd className="break-words">{option.openingHours}</dd>
                      </>
                    )}
                  </dl>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => edit(option)} aria-label={`Edit ${option.name}`}>
                      Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => switchOver(option)}
                      disabled={save.isPending}
                      aria-label={`Switch ${option.name} ${option.active ? 'off' : 'on'}`}
                    >
                      {option.active ? 'Switch off' : 'Switch on'}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <OptionDialog option={editing} open={open} onOpenChange={setOpen} />
    </div>
  );
}

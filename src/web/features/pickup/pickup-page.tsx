import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useId, useState } from 'react';
import type { CollectOrderInput, PickupView } from '../../../shared/schemas/orders';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, apiRequest } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { useParams } from '../../lib/router';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { CollectionPayment } from '../../../shared/payment-methods';
import { CollectionPaymentChoice } from './collection-payment-choice';
import { HandOverBanner, handOverOf } from './hand-over-banner';

const pickupKey = (id: string) => ['pickup', id] as const;

/**
 * /pickup/:id, the pickup point keeper's link (decision 038): the link names the order, the page says in
 * large type whether the parcel may go (paid, take the money, or not paid yet), the keeper types the code the
 * shopper shows, and the parcel is marked collected. No login; one small form for any phone.
 */
export function PickupPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Parcel collection');
  const view = useQuery({
    queryKey: pickupKey(id),
    queryFn: ({ signal }) => apiRequest<PickupView>(`/pickup/${encodeURIComponent(id)}`, { signal }),
    meta: { errorToast: false },
    retry: false,
  });

  return (
    <div className="mx-auto max-w-md px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">Parcel collection</h1>
      {view.isPending ? (
        <Spinner label="Loading the order" className="min-h-[30vh]" />
      ) : view.error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {failureMessage(view.error, 'This order could not be loaded')}
        </p>
      ) : (
        <div className="rounded-2xl border border-sand-200 bg-white p-4">
          <p className="text-bark-700">
            Order <span className="font-mono font-semibold text-bark-900">#{view.data.reference}</span>
          </p>
          <p className="mb-4 text-bark-700">{view.data.place}</p>
          {view.data.collected ? (
            <p className="flex items-center gap-2 text-lg font-semibold text-forest-800" data-testid="pickup-collected">
              <CircleCheck aria-hidden="true" /> Collected{view.data.paid ? ' and paid' : ''}. Thank you!
            </p>
          ) : view.data.status === 'Cancelled' ? (
            <p className="text-2xl leading-tight font-bold text-red-900">
              This order was cancelled: do not hand it over.
            </p>
          ) : (
            <CollectionForm view={view.data} checkAgain={() => void view.refetch()} checking={view.isFetching} />
          )}
        </div>
      )}
    </div>
  );
}

/** What the keeper does at the counter: read whether the parcel may go, then type the code. */
function CollectionForm({
  view,
  checkAgain,
  checking,
}: {
  view: PickupView;
  checkAgain: () => void;
  checking: boolean;
}) {
  const queryClient = useQueryClient();
  const bannerId = useId();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [paidWith, setPaidWith] = useState<CollectionPayment | null>(null);
  const collect = useMutation({
    mutationFn: (body: CollectOrderInput) =>
      apiRequest<PickupView, CollectOrderInput>(`/pickup/${encodeURIComponent(view._id)}/collect`, {
        method: 'POST',
        body,
      }),
    meta: { errorToast: false },
    onSuccess: (collected) => queryClient.setQueryData(pickupKey(view._id), collected),
    // A 409 means the order is not what the page showed (not paid, collected, cancelled): show it as it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) checkAgain();
    },
  });
  const handOver = handOverOf(view);

  if (handOver.kind === 'not-paid')
    return (
      <>
        <HandOverBanner handOver={handOver} />
        <Button variant="outline" className="w-full" disabled={checking} onClick={checkAgain}>
          <RefreshCw aria-hidden="true" className={checking ? 'animate-spin' : ''} />
          {checking ? 'Checking...' : 'Check again'}
        </Button>
      </>
    );

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        collect.mutate({
          code: code.trim(),
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(paidWith && handOver.kind === 'take-money' ? { paidWith } : {}),
        });
      }}
    >
      <HandOverBanner handOver={handOver} id={bannerId} />
      {handOver.kind === 'take-money' && (
        <CollectionPaymentChoice
          describedBy={bannerId}
          value={paidWith}
          onChange={(way) => {
            setPaidWith(way);
            if (collect.error) collect.reset();
          }}
        />
      )}
      <TextField
        label="Collection code"
        hint="The six digits in the customer's message."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={20}
        required
        value={code}
        onInput={(event) => {
          setCode((event.target as HTMLInputElement).value);
          if (collect.error) collect.reset();
        }}
      />
      <TextField
        label="Your name (optional)"
        maxLength={80}
        value={name}
        onInput={(event) => setName((event.target as HTMLInputElement).value)}
      />
      {collect.error && (
        <p role="alert" className="text-sm font-semibold text-red-900">
          {failureMessage(collect.error, 'Could not mark the parcel collected')}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={collect.isPending}>
        {collect.isPending ? 'Checking...' : 'Mark collected'}
      </Button>
    </form>
  );
}

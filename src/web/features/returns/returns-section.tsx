import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/failure-message';
import { formatDate } from '../../lib/format';
import { returnableQuery, returnsQuery, type ReturnsOwner } from './api';
import { ReturnCard } from './return-card';
import { ReturnForm } from './return-form';

/**
 * "Return or exchange" on the shopper's order page and on the order link: while the window is open a
 * button opens the form; otherwise one plain line says why not. Below, each return asked and where it stands.
 */
export function ReturnsSection({ owner }: { owner: ReturnsOwner }) {
  const returnable = useQuery(returnableQuery(owner));
  const returns = useQuery(returnsQuery(owner));
  const [asking, setAsking] = useState(false);
  const openButtonId = useId();
  const close = () => {
    setAsking(false);
    // Back where the shopper was: the form is gone, the button that opened it is there again.
    requestAnimationFrame(() => document.getElementById(openButtonId)?.focus());
  };

  let ask;
  if (returnable.isPending) ask = <Spinner label="Loading returns" />;
  else if (returnable.isError)
    ask = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-900">
        <span>{failureMessage(returnable.error, 'Could not load returns.')}</span>
        <Button variant="outline" size="sm" onClick={() => returnable.refetch()} disabled={returnable.isFetching}>
          Try again
        </Button>
      </div>
    );
  else if (!returnable.data.open)
    ask = (
      <p className="text-bark-800" data-testid="returns-closed">
        {returnable.data.whyNot ?? 'This order cannot be returned.'}
      </p>
    );
  else if (asking) ask = <ReturnForm owner={owner} returnable={returnable.data} onDone={close} />;
  else
    ask = (
      <div className="space-y-3">
        <p className="text-bark-800" data-testid="returns-open">
          {returnable.data.windowEndsAt
            ? `You can return or exchange items until ${formatDate(returnable.data.windowEndsAt)}.`
            : 'You can return or exchange items.'}
        </p>
        <Button id={openButtonId} onClick={() => setAsking(true)} className="w-full sm:w-auto">
          Return or exchange items
        </Button>
      </div>
    );

  const list = returns.data?.returns ?? [];
  return (
    <section aria-labelledby="returns-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="returns-title" className="mb-3 text-xl font-bold">
        Return or exchange
      </h2>
      {ask}
      {returns.isError && (
        <p role="alert" className="mt-4 text-red-900">
          {failureMessage(returns.error, 'Could not load your returns.')}
        </p>
      )}
      {list.length > 0 && (
        <div className="mt-5 space-y-3">
          <h3 className="font-bold">Your returns</h3>
          {list.map((ret) => (
            <ReturnCard key={ret.id} ret={ret} signedIn={owner.kind === 'order'} />
          ))}
        </div>
      )}
    </section>
  );
}

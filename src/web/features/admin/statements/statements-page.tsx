import { useEffect, useState } from 'react';
import type { StatementReconciliation } from '../../../../shared/schemas/statements';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminOrder } from '../orders/api';
import { OrderDetailsDialog } from '../orders/order-details-dialog';
import { DailySummary } from './daily-summary';
import { DealtWithDialog, type StatementDifference } from './dealt-with-dialog';
import { PayoutGroups } from './payout-groups';
import { StatementForm } from './statement-form';
import { StatementGroups } from './statement-groups';

/**
 * A provider's statement set against the shop's payments (docs/decisions/031-statement-reconciliation.md)
 * and the members' payouts (decision 066), and the daily money summary. Each difference opens its order (where it is refunded or marked paid) or is
 * marked dealt with.
 */
export function StatementsPage() {
  useDocumentTitle('Statements');
  const [result, setResult] = useState<StatementReconciliation | null>(null);
  const [marking, setMarking] = useState<StatementDifference | null>(null);
  const [viewedId, setViewedId] = useState<string | null>(null);
  const viewed = useAdminOrder(viewedId);
  const loadFailed = viewed.isError && viewed.data === undefined;
  useEffect(() => {
    if (loadFailed) setViewedId(null);
  }, [loadFailed]);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold">Statements</h1>
        <p className="mt-1 text-bark-700">
          Check a provider’s statement against the shop’s payments, and see the money of each day.
        </p>
      </div>
      <StatementForm onChecked={setResult} />
      {result && (
        <>
          <StatementGroups result={result} actions={{ onOpenOrder: setViewedId, onDealtWith: setMarking }} />
          <PayoutGroups result={result} onDealtWith={setMarking} />
          <DealtWithDialog
            result={result}
            item={marking}
            onClose={() => setMarking(null)}
            onSaved={(item, note) => {
              const noted = <T extends StatementDifference>(list: T[]) =>
                list.map((i) => (i === item ? { ...i, dealtWith: note } : i));
              setResult({
                ...result,
                items: noted(result.items),
                payouts: { ...result.payouts, items: noted(result.payouts.items) },
              });
              setMarking(null);
            }}
          />
        </>
      )}
      <DailySummary />
      <OrderDetailsDialog order={viewedId ? (viewed.data ?? null) : null} onClose={() => setViewedId(null)} />
    </div>
  );
}

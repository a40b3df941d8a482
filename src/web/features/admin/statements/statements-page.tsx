import { useEffect, useState } from 'react';
import type { StatementItem, StatementReconciliation } from '../../../../shared/schemas/statements';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminOrder } from '../orders/api';
import { OrderDetailsDialog } from '../orders/order-details-dialog';
import { DailySummary } from './daily-summary';
import { DealtWithDialog } from './dealt-with-dialog';
import { StatementForm } from './statement-form';
import { StatementGroups } from './statement-groups';

/**
 * A provider's statement set against the shop's payments (docs/decisions/031-statement-reconciliation.md),
 * and the daily money summary. Each difference opens its order (where it is refunded or marked paid) or is
 * marked dealt with.
 */
export function StatementsPage() {
  useDocumentTitle('Statements');
  const [result, setResult] = useState<StatementReconciliation | null>(null);
  const [marking, setMarking] = useState<StatementItem | null>(null);
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
          <DealtWithDialog
            result={result}
            item={marking}
            onClose={() => setMarking(null)}
            onSaved={(item, note) => {
              setResult({ ...result, items: result.items.map((i) => (i === item ? { ...i, dealtWith: note } : i)) });
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

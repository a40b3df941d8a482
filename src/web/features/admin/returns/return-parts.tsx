import type { ReactNode } from 'react';
import { orderReference } from '../../../../shared/order-status';
import { nameWithVariant } from '../../../../shared/variants';
import { kwacha, type ReturnView } from '../../returns';

/** One part of the return, under the page's h1 (the order's Section is an h3, for its dialog). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-2 font-sans text-sm font-semibold tracking-wide text-bark-700 uppercase">{title}</h2>
      {children}
    </section>
  );
}

export function Lines({ ret }: { ret: ReturnView }) {
  const received = ret.state !== 'requested' && ret.state !== 'accepted' && ret.state !== 'refused';
  return (
    <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200" aria-label="Returned items">
      {ret.lines.map((line) => (
        <li key={line.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
          <span className="min-w-0 break-words">
            <span className="font-semibold">
              {line.qty} x {nameWithVariant(line.name, line.variantText)}
            </span>
            {received && (
              <span className="block text-bark-700">
                {line.restocked} back on the shelf, {line.writtenOff} written off
              </span>
            )}
          </span>
          <span className="tabular-nums">{kwacha(line.shareNgwee)}</span>
        </li>
      ))}
    </ul>
  );
}

export function Outcome({ ret }: { ret: ReturnView }) {
  if (ret.outcome === 'refund')
    return (
      <p className="text-sm">
        Money back: <strong className="tabular-nums">{kwacha(ret.amountNgwee)}</strong>
        {ret.refund && ` · refund ${ret.refund.state}, ${kwacha(ret.refund.amountNgwee)}`}
      </p>
    );
  return (
    <div className="space-y-1 text-sm">
      <p>Exchange for:</p>
      <ul className="list-disc pl-5">
        {ret.exchange.map((item, index) => (
          <li key={index}>
            {item.qty} x {nameWithVariant(item.name, item.variantText)} at {kwacha(item.priceNgwee)}
          </li>
        ))}
      </ul>
      {ret.replacementOrderId && (
        <p>
          Replacement order <span className="font-mono font-semibold">{orderReference(ret.replacementOrderId)}</span>
          {ret.differenceNgwee !== null &&
            (ret.differenceNgwee > 0
              ? `: waits for ${kwacha(ret.differenceNgwee)} from the shopper`
              : ret.differenceNgwee < 0
                ? `: ${kwacha(-ret.differenceNgwee)} goes back to the shopper`
                : ': nothing more to pay')}
        </p>
      )}
    </div>
  );
}

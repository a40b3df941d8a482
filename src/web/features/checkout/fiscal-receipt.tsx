import {
  FISCAL_RECEIPT_PENDING,
  FISCAL_RECEIPT_PENDING_DETAIL,
  FISCAL_RECEIPT_TITLE,
  fiscalQrPath,
  fiscalReceiptLines,
} from '../../../shared/fiscal-receipt';
import type { FiscalReceipt } from '../../../shared/schemas/orders';

/**
 * The sale's ZRA Smart Invoice receipt (docs/decisions/062-smart-invoice.md): its QR code (drawn by the
 * server) and the lines the law asks for, or that it is pending. A receipt the device refused is pending
 * to the shopper too: the co-op is on it. Nothing for an order that needs none.
 */
export function FiscalReceiptPanel({ receipt }: { receipt: FiscalReceipt }) {
  if (receipt.status === 'not-required') return null;
  if (receipt.status !== 'issued' || !receipt.signature)
    return (
      <section
        aria-labelledby="fiscal-title"
        className="rounded-2xl border border-sand-200 bg-white p-5 text-left sm:p-6"
        data-testid="fiscal-receipt"
      >
        <h2 id="fiscal-title" className="mb-2 text-xl font-bold">
          {FISCAL_RECEIPT_PENDING}
        </h2>
        <p className="text-bark-700">{FISCAL_RECEIPT_PENDING_DETAIL}</p>
      </section>
    );
  return (
    <section
      aria-labelledby="fiscal-title"
      className="rounded-2xl border border-sand-200 bg-white p-5 text-left sm:p-6"
      data-testid="fiscal-receipt"
    >
      <h2 id="fiscal-title" className="mb-4 text-xl font-bold">
        {FISCAL_RECEIPT_TITLE}
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <a href={receipt.qrCodeUrl ?? undefined} className="shrink-0 self-center" rel="noopener noreferrer">
          <img
            src={fiscalQrPath(receipt.signature)}
            alt="QR code: this receipt on ZRA's site"
            width={160}
            height={160}
            className="h-40 w-40 rounded-lg border border-sand-200 bg-white"
            data-testid="fiscal-qr"
          />
        </a>
        <dl className="min-w-0 flex-1 space-y-2">
          {fiscalReceiptLines(receipt).map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-bark-700">{label}</dt>
              <dd className="min-w-0 text-right font-mono break-words tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

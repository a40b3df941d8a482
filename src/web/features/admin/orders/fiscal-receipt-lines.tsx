import {
  FISCAL_RECEIPT_PENDING,
  FISCAL_RECEIPT_TITLE,
  fiscalQrPath,
  fiscalReceiptLines,
} from '../../../../shared/fiscal-receipt';
import type { FiscalReceipt } from '../../../../shared/schemas/orders';

const STATUS_WORDS: Record<FiscalReceipt['status'], string> = {
  pending: FISCAL_RECEIPT_PENDING,
  failed: 'Refused by the VSDC: see Smart Invoice to retry',
  issued: 'Issued',
  'not-required': 'Not required',
};

/**
 * The order's ZRA Smart Invoice receipt in the back office (docs/decisions/062-smart-invoice.md): on the
 * packing slip as the shopper's receipt prints it (QR and lines, or pending), and in the order's details
 * with where it stands.
 */
export function FiscalReceiptLines({ receipt, compact = false }: { receipt: FiscalReceipt; compact?: boolean }) {
  if (receipt.status === 'not-required') return null;
  if (receipt.status !== 'issued' || !receipt.signature)
    return (
      <p className="mt-3 text-sm text-bark-700" data-testid="fiscal-receipt">
        <span className="font-semibold">{FISCAL_RECEIPT_TITLE}:</span> {STATUS_WORDS[receipt.status]}
      </p>
    );
  return (
    <div className="mt-3 flex items-start gap-3 text-sm" data-testid="fiscal-receipt">
      <img
        src={fiscalQrPath(receipt.signature)}
        alt="QR code of the ZRA receipt"
        width={compact ? 96 : 128}
        height={compact ? 96 : 128}
        className={compact ? 'h-24 w-24' : 'h-32 w-32'}
      />
      <dl className="min-w-0 flex-1">
        <dt className="font-semibold">{FISCAL_RECEIPT_TITLE}</dt>
        {fiscalReceiptLines(receipt).map(([label, value]) => (
          <dd key={label} className="break-words">
            <span className="text-bark-700">{label}:</span> <span className="font-mono">{value}</span>
          </dd>
        ))}
      </dl>
    </div>
  );
}

/**
 * How a ZRA Smart Invoice receipt is shown wherever the shopper or the co-op reads it (order page, success
 * page, signed link, e-mail, packing slip): one home for its words (docs/decisions/062-smart-invoice.md).
 */
import { isoInShopTime } from './shop-time';

export const FISCAL_RECEIPT_TITLE = 'ZRA fiscal receipt';
export const FISCAL_RECEIPT_PENDING = 'Fiscal receipt pending';
export const FISCAL_RECEIPT_PENDING_DETAIL =
  "ZRA's Smart Invoice signs this sale's receipt shortly after payment; it will show here with its QR code.";

/** Internal data and the signature are read out and typed by people: in groups of four, as printed receipts show them. */
export function groupedInFours(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The receipt's date and time on the co-op's clock (Lusaka), as the device stamped it: '2026-11-29 14:03:05'. */
export function receiptTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return isoInShopTime(at).slice(0, 19).replace('T', ' ');
}

/** Where the receipt's QR code is drawn (server-side SVG), by the signature printed beside it. */
export const fiscalQrPath = (signature: string) => `/api/fiscal-receipts/${encodeURIComponent(signature)}/qr.svg`;

/** The receipt's lines as label and value, in the order a printed receipt gives them. */
export function fiscalReceiptLines(receipt: {
  sdcId: string | null;
  receiptNo: number | null;
  totalReceiptNo: number | null;
  issuedAt: string | null;
  internalData: string | null;
  signature: string | null;
}): [string, string][] {
  return [
    ['SDC ID', receipt.sdcId ?? ''],
    [
      'Receipt number',
      receipt.receiptNo === null
        ? ''
        : `${receipt.receiptNo}${receipt.totalReceiptNo === null ? '' : ` / ${receipt.totalReceiptNo}`}`,
    ],
    ['Date and time', receipt.issuedAt ? receiptTime(receipt.issuedAt) : ''],
    ['Internal data', receipt.internalData ? groupedInFours(receipt.internalData) : ''],
    ['Receipt signature', receipt.signature ? groupedInFours(receipt.signature) : ''],
  ];
}

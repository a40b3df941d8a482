/**
 * The returns API as /tmp/returns-contract.md has it, until the server's src/shared/schemas/returns.ts
 * and src/shared/returns.ts arrive: then this file only re-exports them.
 */
export type ReturnState = 'requested' | 'accepted' | 'received' | 'refunded' | 'exchanged' | 'refused';
export type ReturnOutcome = 'refund' | 'exchange';
export type ReturnRule = 'returnable' | 'unopened-only' | 'never';

export const RETURN_STATES: readonly { value: ReturnState; label: string }[] = [
  { value: 'requested', label: 'Requested' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'received', label: 'Received' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'exchanged', label: 'Exchanged' },
  { value: 'refused', label: 'Refused' },
];

export interface ReturnWhere {
  kind: 'pickup' | 'courier';
  text: string;
}

export interface Returnable {
  open: boolean;
  whyNot: string | null;
  windowEndsAt: string | null;
  where: ReturnWhere;
  reasons: { value: string; label: string }[];
  lines: {
    orderItemId: string;
    productId: string;
    variantId: string | null;
    name: string;
    variantText: string | null;
    image: string;
    qty: number;
    returnableQty: number;
    rule: ReturnRule;
    unitShareNgwee: number;
  }[];
}

export interface ReturnRequestInput {
  lines: { orderItemId: string; qty: number }[];
  reason: string;
  note?: string;
  outcome: ReturnOutcome;
  exchange?: { productId: string; variantId?: string; qty: number }[];
  photoId?: string;
  unopened?: boolean;
}

export interface ReturnJson {
  id: string;
  number: number | string;
  orderId: string;
  state: ReturnState;
  outcome: ReturnOutcome;
  reason: string;
  reasonLabel: string;
  note: string | null;
  photoUrl: string | null;
  unopened: boolean | null;
  lines: {
    id: string;
    orderItemId: string;
    productId: string;
    variantId: string | null;
    name: string;
    variantText: string | null;
    qty: number;
    shareNgwee: number;
    restocked: number;
    writtenOff: number;
  }[];
  exchange: {
    productId: string;
    variantId: string | null;
    name: string;
    variantText: string | null;
    qty: number;
    priceNgwee: number;
  }[];
  amountNgwee: number;
  refund: { id: string; state: string; amountNgwee: number } | null;
  replacementOrderId: string | null;
  differenceNgwee: number | null;
  where: ReturnWhere;
  refusalReason: string | null;
  timeline: { state: ReturnState; at: string; byName: string | null }[];
  createdAt: string;
}

export interface ReturnListItem {
  id: string;
  number: number | string;
  orderId: string;
  shopperName: string;
  shopperPhone: string | null;
  state: ReturnState;
  outcome: ReturnOutcome;
  reasonLabel: string;
  amountNgwee: number;
  units: number;
  createdAt: string;
}

export interface ReturnList {
  returns: ReturnListItem[];
  page: number;
  pages: number;
  total: number;
  counts: Record<ReturnState, number>;
}

export interface AcceptReturnInput {
  note?: string;
}
export interface RefuseReturnInput {
  reason: string;
}
export interface ReceiveReturnInput {
  lines: { lineId: string; restock: number; writeOff: number }[];
}

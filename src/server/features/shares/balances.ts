import type { Db, Tx } from '../../db/client';
import { entriesOfMember, entriesOfOrderWithMembers, owedPerMember, type ShareEntryRow } from './queries';

/** What the ledger holds, as other features read it (members' pages, payouts, reports). Amounts in ngwee. */

export interface ShareEntry {
  id: string;
  /** sale:<item>:<party>, delivery:<order>, refund:<refund>:<share> */
  key: string;
  orderId: string;
  orderItemId: string | null;
  /** Null: the co-op's fund. */
  memberId: string | null;
  kind: 'sale' | 'delivery' | 'refund';
  refundId: string | null;
  productName: string;
  /** The units a sale entry stands for; 0 on delivery and refunds. */
  quantity: number;
  /** > 0 for a sale or delivery, < 0 for a refund's debit. */
  amountNgwee: number;
  /** The payout that carries it; null: owed (a member's) or kept (the fund's). */
  payoutId: string | null;
  createdAt: Date;
}

const toShareEntry = (row: ShareEntryRow): ShareEntry => ({
  id: row.id,
  key: row.key,
  orderId: row.orderId,
  orderItemId: row.orderItemId,
  memberId: row.memberId,
  kind: row.kind as ShareEntry['kind'],
  refundId: row.refundId,
  productName: row.productName,
  quantity: row.quantity,
  amountNgwee: row.amountNgwee,
  payoutId: row.payoutId,
  createdAt: row.createdAt,
});

export interface MemberBalance {
  memberId: string;
  /**
   * Her entries no payout carries yet. Below 0 when refunds after a payout took back more than she has
   * sold since: she is not paid until sales cover it, and never asked to pay it back.
   */
  owedNgwee: number;
  entries: number;
}

/** What the co-op owes each member with any entry not yet paid out (members with none are absent). */
export async function memberBalances(db: Db | Tx): Promise<MemberBalance[]> {
  const rows = await owedPerMember(db);
  return rows.map((row) => ({
    memberId: row.memberId,
    owedNgwee: Number(row.owedNgwee),
    entries: Number(row.entries),
  }));
}

export const MEMBER_ENTRIES_LIMIT = { default: 50, max: 500 };

/** A member's entries, newest first (empty for an id that names no member). */
export async function shareEntriesOfMember(
  db: Db | Tx,
  memberId: string,
  { limit = MEMBER_ENTRIES_LIMIT.default }: { limit?: number } = {},
): Promise<ShareEntry[]> {
  const rows = await entriesOfMember(db, memberId, Math.max(1, Math.min(MEMBER_ENTRIES_LIMIT.max, Math.floor(limit))));
  return rows.map(toShareEntry);
}

export interface OrderShares {
  entries: (ShareEntry & { memberName: string | null })[];
  /** Each party's sum over the order (credits less refunds), fund last. */
  parties: { memberId: string | null; memberName: string | null; amountNgwee: number }[];
  /** What the order's shares hold together: its total less VAT, less the refunds' part; 0 before it is earned. */
  totalNgwee: number;
}

/** An order's shares: its entries in the order they were written, and what each party holds of it. */
export async function orderShares(db: Db | Tx, orderId: string): Promise<OrderShares> {
  const rows = await entriesOfOrderWithMembers(db, orderId);
  const entries = rows.map((row) => ({ ...toShareEntry(row.entry), memberName: row.memberName }));
  const parties = new Map<string | null, OrderShares['parties'][number]>();
  for (const entry of entries) {
    const party = parties.get(entry.memberId) ?? {
      memberId: entry.memberId,
      memberName: entry.memberName,
      amountNgwee: 0,
    };
    party.amountNgwee += entry.amountNgwee;
    parties.set(entry.memberId, party);
  }
  const sorted = [...parties.values()].sort(
    (a, b) =>
      Number(a.memberId === null) - Number(b.memberId === null) ||
      (a.memberName ?? '').localeCompare(b.memberName ?? ''),
  );
  return { entries, parties: sorted, totalNgwee: entries.reduce((sum, entry) => sum + entry.amountNgwee, 0) };
}

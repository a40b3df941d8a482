import type { Tx } from '../../db/client';
import {
  orderShareCredits,
  shareOfKey,
  sharedMoneyRefunded,
  takeFromShares,
  type OrderMoney,
  type ShareBalance,
  type ShareOrder,
} from '../../../shared/member-shares';
import { isOrderPaid } from '../../../shared/order-balance';
import { collectedByHandNgwee } from '../orders';
import { shopSettingsInTransaction } from '../settings';
import {
  entriesOfOrder,
  insertShareEntries,
  linesForShares,
  lockOrderForShares,
  makersOfProducts,
  providerCollectedNgwee,
  successfulRefundsOfOrder,
  type NewShareEntry,
  type ShareEntryRow,
} from './queries';

type SharedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForShares>>>;

/** Shares are earned when the money is in and the goods are out: paid, and delivered or collected. */
const earnsShares = (order: SharedOrder) => isOrderPaid(order) && order.status === 'Delivered';

/**
 * Brings the order's shares up to date (docs/decisions/063-member-shares.md), in the caller's transaction
 * and under the order's row lock: credits once when it is paid and handed over, then a debit for each
 * refund that reached the shopper and has none yet. Running it again adds nothing. An order reopened from
 * Delivered keeps its credits: money goes back only through refunds.
 */
export async function syncOrderShares(tx: Tx, orderId: string): Promise<void> {
  const order = await lockOrderForShares(tx, orderId);
  if (!order) return;
  const entries = await entriesOfOrder(tx, order.id);
  let credits: Omit<NewShareEntry, 'orderId'>[] = entries.filter((entry) => entry.kind !== 'refund');
  if (credits.length === 0) {
    if (!earnsShares(order)) return;
    credits = await creditsOf(tx, order);
    await insertShareEntries(
      tx,
      credits.map((credit) => ({ ...credit, orderId: order.id })),
    );
  }
  if (credits.length === 0) return;
  await debitRefunds(
    tx,
    order,
    credits,
    entries.filter((entry) => entry.kind === 'refund'),
  );
}

async function creditsOf(tx: Tx, order: SharedOrder): Promise<Omit<NewShareEntry, 'orderId'>[]> {
  const lines = await linesForShares(tx, order.id);
  const productIds = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const makers = await makersOfProducts(tx, productIds);
  const { makersPercent: shopPercent } = await shopSettingsInTransaction(tx);
  const shareOrder: ShareOrder = {
    id: order.id,
    discountNgwee: order.discountNgwee,
    shippingNgwee: order.shippingNgwee,
    lines: lines.map((line) => ({
      orderItemId: line.id,
      productName: line.name,
      quantity: line.quantity,
      lineNgwee: line.unitPriceNgwee * line.quantity,
      makersPercent: line.makersPercent ?? shopPercent,
      // A product deleted since leaves no makers: its line is the fund's.
      makers: makers.filter((maker) => line.productId !== null && maker.productId === line.productId),
    })),
  };
  return orderShareCredits(shareOrder).map((credit) => ({
    key: credit.key,
    kind: credit.kind,
    orderItemId: credit.orderItemId,
    memberId: credit.memberId,
    refundId: null,
    productName: credit.productName,
    quantity: credit.quantity,
    amountNgwee: credit.amountNgwee,
  }));
}

/** The share a debit's key names: `refund:<refund>:<share>` → `<share>`, as `shareOfKey` names a credit's. */
const shareOf = (debitKey: string, refundId: string) => debitKey.slice(`refund:${refundId}:`.length);

/**
 * Each refund's debit is what all refunds so far take from the shared money (sharedMoneyRefunded) less what
 * the debits before it took: the order's shares add up to the rule exactly, whichever order refunds ended
 * in, and a refund that took nothing (an excess sent back) is simply worked out again, taking nothing.
 */
async function debitRefunds(
  tx: Tx,
  order: SharedOrder,
  credits: readonly Omit<NewShareEntry, 'orderId'>[],
  debits: readonly ShareEntryRow[],
): Promise<void> {
  const refunds = await successfulRefundsOfOrder(tx, order.id);
  const debited = new Set(debits.map((debit) => debit.refundId));
  const due = refunds.filter((refund) => !debited.has(refund.id));
  if (due.length === 0) return;

  const shares = new Map<string, ShareBalance>();
  for (const credit of credits) {
    const share = shareOfKey(credit.key);
    const held = shares.get(share);
    if (held) held.heldNgwee += credit.amountNgwee;
    else
      shares.set(share, {
        share,
        orderItemId: credit.orderItemId ?? null,
        memberId: credit.memberId ?? null,
        productName: credit.productName ?? '',
        heldNgwee: credit.amountNgwee,
      });
  }
  let takenNgwee = 0;
  for (const debit of debits) {
    const held = shares.get(shareOf(debit.key, debit.refundId!));
    if (held) held.heldNgwee += debit.amountNgwee;
    takenNgwee -= debit.amountNgwee;
  }

  const money = await moneyOf(tx, order);
  let refundedNgwee = refunds
    .filter((refund) => debited.has(refund.id))
    .reduce((sum, refund) => sum + refund.amountNgwee, 0);
  const rows: NewShareEntry[] = [];
  for (const refund of due) {
    refundedNgwee += refund.amountNgwee;
    const take = sharedMoneyRefunded(money, refundedNgwee) - takenNgwee;
    for (const debit of takeFromShares(refund.id, [...shares.values()], take)) {
      shares.get(shareOf(debit.key, refund.id))!.heldNgwee += debit.amountNgwee;
      takenNgwee -= debit.amountNgwee;
      rows.push({ ...debit, orderId: order.id, kind: 'refund', refundId: refund.id, quantity: 0 });
    }
  }
  await insertShareEntries(tx, rows);
}

/** The order's money as refunds count it (docs/decisions/030-refunds.md): what came beyond its total is sent back first. */
async function moneyOf(tx: Tx, order: SharedOrder): Promise<OrderMoney> {
  const collectedNgwee = (await providerCollectedNgwee(tx, order.id)) + collectedByHandNgwee(order);
  return {
    totalNgwee: order.totalNgwee,
    taxNgwee: order.taxNgwee,
    excessNgwee: Math.max(0, collectedNgwee - order.totalNgwee),
  };
}

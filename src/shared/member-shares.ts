/**
 * How an order's money is shared between the co-op's makers and its fund, in whole ngwee
 * (docs/decisions/063-member-shares.md). One home for the split, used by the server when it writes the
 * shares ledger and by the back office when it shows what a product's sale earns.
 *
 * What is shared is the money the co-op keeps: each line after its part of the discount, before VAT (VAT
 * is the state's), and the delivery fee (the fund's: it pays the carrier). A product's makers get their
 * percent of its net price, split by their parts; the fund gets the rest. A refund takes back its net part
 * from every share of the order in proportion to what each still holds, so a full refund leaves each at 0.
 */

/** The makers' percent of a product's net price when the product names none (the fund keeps the rest). */
export const DEFAULT_MAKERS_PERCENT = 70;

/** A share is a maker's (her member id) or the co-op's fund (null). */
export type ShareParty = string | null;

/**
 * `total` split in proportion to `weights` (each >= 0), by largest remainder: the parts add up to `total`
 * exactly, and no part is above its weight when `total` is at most the weights' sum. Ties go to the earlier.
 * A zero sum of weights gives everything to the first weight (or nothing when there is none).
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const sign = total < 0 ? -1 : 1;
  const whole = Math.abs(total);
  // Integer arithmetic: whole * weight stays far below 2^53 for shop amounts (K 1,000,000 x K 1,000,000).
  const floors = weights.map((w) => Math.floor((whole * w) / sum));
  const left = whole - floors.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => ({ i, rest: (whole * w) % sum })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; k < left; k++) floors[order[k].i] += 1;
  return floors.map((f) => sign * f);
}

export interface ShareMaker {
  memberId: string;
  /** Her parts of the makers' share (1 to 100). */
  parts: number;
}

export interface ShareLine {
  orderItemId: string;
  productName: string;
  quantity: number;
  /** unit price x quantity, before the discount and VAT. */
  lineNgwee: number;
  /** The product's makers' percent (its own, or the shop's default), 0 to 100. */
  makersPercent: number;
  makers: readonly ShareMaker[];
}

export interface ShareOrder {
  id: string;
  discountNgwee: number;
  shippingNgwee: number;
  lines: readonly ShareLine[];
}

export interface ShareCredit {
  /** The ledger's key: what earned it, so writing it twice adds nothing. */
  key: string;
  kind: 'sale' | 'delivery';
  orderItemId: string | null;
  memberId: ShareParty;
  productName: string;
  quantity: number;
  amountNgwee: number;
}

const partyKey = (party: ShareParty) => party ?? 'fund';

/** Half up, in integer arithmetic, as VAT is rounded. */
const percentOf = (amount: number, percent: number) => Math.floor((amount * percent + 50) / 100);

/** The order line's net price: the line less its part of the order's discount (split by the lines' values). */
export function netLines(order: Pick<ShareOrder, 'discountNgwee' | 'lines'>): number[] {
  const discounts = splitByWeights(
    order.discountNgwee,
    order.lines.map((line) => line.lineNgwee),
  );
  return order.lines.map((line, i) => line.lineNgwee - discounts[i]);
}

/**
 * What an order earns each share when it is paid and handed over: per line, the makers' percent of its
 * net price split by their parts and the rest to the fund; the delivery fee to the fund. Shares of 0 are
 * left out. The credits add up to the order's items less discount plus delivery, which is its total less VAT.
 */
export function orderShareCredits(order: ShareOrder): ShareCredit[] {
  const credits: ShareCredit[] = [];
  const nets = netLines(order);
  order.lines.forEach((line, i) => {
    const net = nets[i];
    const makersNgwee = line.makers.length > 0 ? percentOf(net, Math.min(100, Math.max(0, line.makersPercent))) : 0;
    const split = splitByWeights(
      makersNgwee,
      line.makers.map((maker) => maker.parts),
    );
    const parties: Array<[ShareParty, number]> = [
      ...line.makers.map((maker, k): [ShareParty, number] => [maker.memberId, split[k]]),
      [null, net - makersNgwee],
    ];
    for (const [party, amountNgwee] of parties) {
      if (amountNgwee === 0) continue;
      credits.push({
        key: `sale:${line.orderItemId}:${partyKey(party)}`,
        kind: 'sale',
        orderItemId: line.orderItemId,
        memberId: party,
        productName: line.productName,
        quantity: line.quantity,
        amountNgwee,
      });
    }
  });
  if (order.shippingNgwee > 0)
    credits.push({
      key: `delivery:${order.id}`,
      kind: 'delivery',
      orderItemId: null,
      memberId: null,
      productName: '',
      quantity: 0,
      amountNgwee: order.shippingNgwee,
    });
  return credits;
}

export interface OrderMoney {
  totalNgwee: number;
  taxNgwee: number;
  /** Collected beyond the order's total (a second payment): refunds send that back first, taking from no share. */
  excessNgwee: number;
}

/**
 * How much of the order's shared money (its total less VAT) the refunds so far have taken back: the refunded
 * amount beyond any excess, at most the total, times (total - VAT) / total, rounded half up. Worked out on
 * the running total, so refunds that add up to the order's total take back exactly all of it.
 */
export function sharedMoneyRefunded(money: OrderMoney, refundedNgwee: number): number {
  const { totalNgwee, taxNgwee } = money;
  if (totalNgwee <= 0) return 0;
  const fromSale = Math.min(totalNgwee, Math.max(0, refundedNgwee - money.excessNgwee));
  const shared = totalNgwee - taxNgwee;
  return Math.floor((fromSale * shared * 2 + totalNgwee) / (totalNgwee * 2));
}

export interface ShareBalance {
  /** The credit's key suffix: which share it is (`<item>:<party>` or `delivery`). */
  share: string;
  orderItemId: string | null;
  memberId: ShareParty;
  productName: string;
  /** What this share of the order still holds: its credit less the refunds taken from it so far (>= 0). */
  heldNgwee: number;
}

export interface ShareDebit {
  key: string;
  orderItemId: string | null;
  memberId: ShareParty;
  productName: string;
  /** <= 0 */
  amountNgwee: number;
}

/**
 * The debits of one refund: its net part (`sharedMoneyRefunded` after it less before it) taken from the
 * order's shares in proportion to what each still holds. No share goes below 0, and the shares of an order
 * refunded in full end at exactly 0.
 */
export function refundShareDebits(
  refundId: string,
  shares: readonly ShareBalance[],
  money: OrderMoney,
  refundedBeforeNgwee: number,
  refundNgwee: number,
): ShareDebit[] {
  return takeFromShares(
    refundId,
    shares,
    sharedMoneyRefunded(money, refundedBeforeNgwee + refundNgwee) - sharedMoneyRefunded(money, refundedBeforeNgwee),
  );
}

/**
 * The debits of a refund that takes `takenNgwee` of the order's shared money back, split over the shares in
 * proportion to what each still holds: never more than they hold together, never below 0. The ledger gives
 * it what `sharedMoneyRefunded` says all refunds so far take, less what earlier debits took, so the order's
 * shares add up to it whatever order refunds are written in (docs/decisions/063-member-shares.md).
 */
export function takeFromShares(refundId: string, shares: readonly ShareBalance[], takenNgwee: number): ShareDebit[] {
  const held = shares.reduce((sum, share) => sum + share.heldNgwee, 0);
  const taken = Math.max(0, Math.min(held, takenNgwee));
  const parts = splitByWeights(
    taken,
    shares.map((share) => share.heldNgwee),
  );
  return shares.flatMap((share, i) =>
    parts[i] === 0
      ? []
      : [
          {
            key: `refund:${refundId}:${share.share}`,
            orderItemId: share.orderItemId,
            memberId: share.memberId,
            productName: share.productName,
            amountNgwee: -parts[i],
          },
        ],
  );
}

/** The share a credit's key names, as a refund's debit keys it: `sale:<item>:<party>` → `<item>:<party>`; `delivery:<order>` stays. */
export const shareOfKey = (creditKey: string) => (creditKey.startsWith('sale:') ? creditKey.slice(5) : creditKey);

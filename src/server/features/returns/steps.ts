import type { Tx } from '../../db/client';
import { Conflict } from '../../lib/http-errors';
import { RETURN_STATE_LABELS, type ReturnState } from '../../../shared/returns';
import type { ReturnView } from '../../../shared/schemas/returns';
import {
  findOrderForReturn,
  orderForEvent,
  type OrderForReturn,
  type RaiseOrderEvent,
  type ReturnTexts,
} from '../orders';
import { shopSettingsInTransaction } from '../settings';
import { returnNotFound } from './access';
import {
  categoriesOf,
  findReturn,
  findReturnRow,
  moneyOfOrder,
  moveReturn,
  unitsHeldByReturns,
  type ReturnRow,
} from './queries';
import { returnNumber } from './return-audit';
import { collectedOf, type ReturnableFacts } from './returnable';
import { toReturnJson } from './serialize';
import type { ReturnFacts } from './texts';

/** What a return's steps share: reading the order's facts and money, moving a return once, telling the shopper. */

export async function factsOf(tx: Tx, found: OrderForReturn): Promise<ReturnableFacts> {
  const [settings, held, categories] = await Promise.all([
    shopSettingsInTransaction(tx),
    unitsHeldByReturns(tx, found.order.id),
    categoriesOf(
      tx,
      found.items.map((i) => i.productId).filter((id): id is string => Boolean(id)),
    ),
  ]);
  return { found, settings, held, categories, now: new Date() };
}

/**
 * What the order's money still holds for a return: collected less refunds that went or may go, credits
 * exchanges spent, and returns asked and not yet refunded or exchanged (but `except`, the one being received).
 */
export async function leftForReturns(tx: Tx, found: OrderForReturn, except?: string): Promise<number> {
  const money = await moneyOfOrder(tx, found.order.id, except);
  const collected = collectedOf(found, money.collectedByProvidersNgwee);
  return Math.max(0, collected - money.refundsHoldingNgwee - money.exchangeCreditsNgwee - money.openReturnsNgwee);
}

export async function returnView(tx: Tx, id: string, found?: OrderForReturn): Promise<ReturnView> {
  const stored = await findReturn(tx, id);
  if (!stored) throw returnNotFound();
  const order = found ?? (await findOrderForReturn(tx, stored.ret.orderId));
  return toReturnJson(stored, order?.items ?? []);
}

export function factsForTexts(row: ReturnRow): ReturnFacts {
  return { number: returnNumber(row), orderId: row.orderId, whereText: row.whereText, shopperPaysCourier: false };
}

/** The shopper's text and e-mail of a step, recorded in the step's transaction. */
export async function tell(tx: Tx, raise: RaiseOrderEvent, orderId: string, returnTexts: ReturnTexts): Promise<void> {
  const order = await orderForEvent(tx, orderId);
  if (order) await raise('order.return', { order, returnTexts });
}

/** 409 naming the state a return is in, for a step it cannot take from there. */
export function wrongState(row: Pick<ReturnRow, 'state'>, step: string) {
  const state = RETURN_STATE_LABELS[row.state as ReturnState].toLowerCase();
  return Conflict(`This return is ${state}: it cannot be ${step}`, { state: row.state });
}

/** Moves a return once (a conditional update): of two admins at once, the second gets the 409 naming the state. */
export async function moveOnce(
  tx: Tx,
  id: string,
  from: readonly ReturnState[],
  changes: Parameters<typeof moveReturn>[3],
  step: string,
): Promise<ReturnRow> {
  const moved = await moveReturn(tx, id, from, changes);
  if (moved) return moved;
  const current = await findReturnRow(tx, id);
  if (!current) throw returnNotFound();
  throw wrongState(current, step);
}

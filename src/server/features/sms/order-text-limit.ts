import { orderReference } from '../../../shared/order-status';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit';
import { takeLimitedUse } from '../limits';
import type { OutgoingSms } from './outbox';
import { insertHeldBackSms } from './queries';

const DAY_MS = 24 * 60 * 60_000;

/** Who the audit trail names for a text the shop held back: nobody did it, the rule did. */
const TEXT_LIMIT: AuditActor = { id: null, name: 'Shop (text limit)' };

export type CustomerOrderText = OutgoingSms & { orderId: string };

/**
 * Counts an order text against its number's day, in the order's own transaction: the count is one
 * conditional upsert (limits' takeLimitedUse, decision 023), so a burst of orders and two instances on one
 * PostgreSQL get exactly `perDay` through, and an order that rolls back gives its place back. Answers
 * whether to send it; one held back is kept as a failed row and said in the audit trail, and the order goes
 * on as if it had been sent. `perDay` 0: no limit, nothing counted.
 */
export function orderTextLimit(perDay: number) {
  return async function mayText(tx: Tx, text: CustomerOrderText): Promise<boolean> {
    if (perDay === 0) return true;
    const use = await takeLimitedUse(tx, `order-texts:${text.to}`, DAY_MS, perDay);
    if (use.taken) return true;
    const hours = Math.max(1, Math.ceil(use.waitMs / 3_600_000));
    const reason = `Held back: ${perDay} order texts to this number in 24 hours (ORDER_TEXTS_PER_NUMBER_PER_DAY)`;
    await insertHeldBackSms(
      tx,
      { kind: text.kind, toNumber: text.to, body: text.text, orderId: text.orderId, secret: false },
      reason,
    );
    await recordAudit(tx, TEXT_LIMIT, {
      action: 'order.text-held-back',
      subjectType: 'order',
      subjectId: text.orderId,
      summary:
        `Text (${text.kind}) for order ${orderReference(text.orderId)} to ${text.to} not sent: ${perDay} order texts ` +
        `went to this number in 24 hours; it can have more in ${hours} h. The order is unchanged.`,
      after: { kind: text.kind, to: text.to, perDay },
    });
    return false;
  };
}

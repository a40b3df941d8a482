import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { AuditActor } from '../audit';
import type { RaiseOrderEvent } from '../orders';

/**
 * What settling a refund needs besides its transaction: the order events of that transaction (so the
 * shopper's e-mail and text are recorded with the refund), and who the audit line names.
 */
export interface RefundDeps {
  raise: RaiseOrderEvent;
  actor: AuditActor;
}

/** Who ends a refund a provider answered for: the shop itself, not an admin. */
export const SHOP_REFUND_ACTOR: AuditActor = { id: null, name: 'Shop (mobile money)' };

/**
 * Runs `work` in a transaction of the order events, the way the sender settles what a provider answered:
 * `inRefundTransaction(app, SHOP_REFUND_ACTOR, (deps, tx) => settleRefund(deps, tx, id, outcome))`.
 */
export function inRefundTransaction<T>(
  app: FastifyInstance,
  actor: AuditActor,
  work: (deps: RefundDeps, tx: Tx) => Promise<T>,
): Promise<T> {
  return app.orderEvents.transaction(app.db, (tx, raise) => work({ raise, actor }, tx));
}

import type { FastifyInstance } from 'fastify';
import { Conflict } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { ReturnView } from '../../../shared/schemas/returns';
import { recordAudit } from '../audit';
import { lockOrderForReturn } from '../orders';
import { returnNotFound, type Admin } from './access';
import { findReturnRow, lockReturnRow, refundState } from './queries';
import { askReturnRefund, refundedAtOnce } from './receive';
import { returnStepEntry } from './return-audit';
import { leftForReturns, moveOnce, returnView, wrongState } from './steps';

/**
 * PUT /returns/{id}/refund: a received return whose refund failed (the provider refused it) or was
 * cancelled before it was sent asks it again, so the return is not left received with no money on its
 * way. The same path and rules as the first refund; 409 while that refund may still go out or went.
 */
export async function refundReturnAgain(app: FastifyInstance, admin: Admin, id: string): Promise<ReturnView> {
  if (!isUuid(id)) throw returnNotFound();
  const first = await findReturnRow(app.db, id);
  if (!first) throw returnNotFound();
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const found = await lockOrderForReturn(tx, first.orderId);
    const ret = await lockReturnRow(tx, id);
    if (!found || !ret) throw returnNotFound();
    if (ret.outcome !== 'refund' || ret.state !== 'received') throw wrongState(ret, 'refunded again');
    const before = ret.refundId ? await refundState(tx, ret.refundId) : null;
    if (before !== 'failed' && before !== 'cancelled')
      throw Conflict(
        "This return's refund may still go out: it can be asked again only once it failed or was cancelled",
        {
          refundState: before,
        },
      );
    const amountNgwee = Math.min(ret.amountNgwee, await leftForReturns(tx, found, ret.id));
    const refundId = await askReturnRefund(app, tx, raise, admin, ret, amountNgwee);
    const row = await moveOnce(
      tx,
      ret.id,
      ['received'],
      { state: 'received', refundId, amountNgwee },
      'refunded again',
    );
    await recordAudit(tx, admin, {
      ...returnStepEntry(row, 'received', `refund asked again (the last one ${before})`),
      action: 'return.refund-asked-again',
    });
    await refundedAtOnce(tx, admin, row, refundId);
    return returnView(tx, ret.id, found);
  });
}

import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { payoutText, unitsPerProduct } from '../../../shared/payouts';
import { recordAudit, type AuditActor } from '../audit';
import { shopSettingsInTransaction } from '../settings';
import { payoutEndedEntry } from './payout-audit';
import { membersByIds, releaseEntries, saleEntriesOfPayout } from './owed-queries';
import { endPayoutOnce, findPayout, findRun, type PayoutRow } from './queries';

export type PayoutOutcome =
  | { state: 'successful'; providerTransactionId: string | null }
  | { state: 'failed'; reason: string }
  | { state: 'sent-by-hand'; byName: string; note: string };

/** Who ends a payout a provider answered for: the shop itself, not an admin. */
export const SHOP_PAYOUT_ACTOR: AuditActor = { id: null, name: 'Shop (member payouts)' };

/**
 * The one way a payout ends (docs/decisions/064-member-payouts.md), as settleRefund is refunds': once (a
 * conditional update from sent, or from approved for by hand), with its audit line, in the caller's
 * transaction. Successful: the member's text is recorded in the SMS outbox in the same transaction (the
 * caller wakes the outbox after the commit). Failed: its entries are released, so she is owed them again
 * and the next run takes them; it shows on Needs attention until an admin marks it dealt with. Null when
 * it had already ended (or was never endable).
 */
export async function settlePayout(
  app: FastifyInstance,
  tx: Tx,
  payoutId: string,
  outcome: PayoutOutcome,
  actor: AuditActor,
): Promise<PayoutRow | null> {
  const current = await findPayout(tx, payoutId);
  if (!current) return null;
  const ended = await endPayoutOnce(
    tx,
    payoutId,
    outcome.state === 'failed'
      ? { state: 'failed', providerTransactionId: null, failureReason: outcome.reason.slice(0, 500) }
      : outcome.state === 'sent-by-hand'
        ? {
            state: 'successful',
            providerTransactionId: null,
            failureReason: null,
            sentByHandByName: outcome.byName,
            note: outcome.note,
          }
        : { state: 'successful', providerTransactionId: outcome.providerTransactionId, failureReason: null },
  );
  if (!ended) return null;
  const [member] = await membersByIds(tx, [ended.memberId]);
  await recordAudit(tx, actor, payoutEndedEntry(ended, member?.name ?? 'a member', current.state));
  if (ended.state === 'failed') {
    await releaseEntries(tx, [ended.id]);
    return ended;
  }
  const run = await findRun(tx, ended.runId);
  const settings = await shopSettingsInTransaction(tx);
  const sales = await saleEntriesOfPayout(tx, ended.id);
  const text = payoutText({
    amountNgwee: ended.amountNgwee,
    period: run!.period,
    items: unitsPerProduct(sales),
    shopName: settings.shopName,
  });
  await app.sms.record(tx, [{ kind: 'member-payout', to: ended.mobile, text }]);
  return ended;
}

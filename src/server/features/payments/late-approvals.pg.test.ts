import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAttempts } from '../../db/schema';
import { settleAttempt } from './service';
import { lateApprovalCases, lateHelpers, until, useLateApprovalShop } from './test/late-approval-cases';

/**
 * Late approvals with two instances on one PostgreSQL, both polling (npm run test:pg): the cases of
 * late-approvals.test.ts, and one late collection recorded once however many readers find it.
 */
const shop = useLateApprovalShop(2);
const h = lateHelpers(shop);

describe('late approvals, two instances on PostgreSQL', () => {
  lateApprovalCases(shop);

  it('both instances polling, callbacks to both, and both reading the same row at once: one collection, one payment, one audit line', async () => {
    const orderId = await h.newOrder('mtn', 42);
    const attempt = await h.start(orderId);
    const ended = await h.ended(attempt.reference);
    expect(ended).toMatchObject({ state: 'expired' });
    // The two pollers stand back while the test makes both instances read the same claimed row at once:
    // past the lease, only the conditional update stands between them and a second record.
    await shop.first.app.db
      .update(paymentAttempts)
      .set({ nextPollAt: new Date(Date.now() + 60_000) })
      .where(eq(paymentAttempts.id, ended.id));
    await h.behave({ phone: '096 123 4567', callback: 'never' });
    expect((await h.phone(attempt.reference, 'approve')).statusCode).toBe(200);
    const row = await h.attemptRow(attempt.reference);
    await Promise.all([...shop.apps, ...shop.apps].map((app) => settleAttempt(app.payments, row)));

    // Then callbacks to both instances and both pollers, as a real crowd would bring.
    const callback = {
      externalId: attempt.reference,
      status: 'SUCCESSFUL',
      amount: '42.00',
      currency: 'ZMW',
      financialTransactionId: '1',
    };
    await Promise.all(
      shop.apps.flatMap((app) =>
        Array.from({ length: 5 }, () =>
          app.inject({ method: 'PUT', url: '/api/payments/callback/mtn', payload: callback }),
        ),
      ),
    );
    await shop.first.app.db
      .update(paymentAttempts)
      .set({ nextPollAt: new Date() })
      .where(eq(paymentAttempts.id, ended.id));
    await new Promise((resolve) => setTimeout(resolve, 600));

    const collected = await until(
      'the collection',
      () => h.attemptRow(attempt.reference),
      (a) => a.collectedAt !== null,
    );
    expect(collected).toMatchObject({ state: 'successful', flagged: false, refundDue: false, lateReadsUntil: null });
    expect((await h.orderRow(orderId)).isPaid).toBe(true);
    expect(await h.paidMails(orderId)).toHaveLength(1);
    expect(await h.lateAuditOf(ended.id)).toHaveLength(1);
    expect(await h.accounts(orderId)).toEqual({ atProvider: 1, recorded: 1 });
  });
});

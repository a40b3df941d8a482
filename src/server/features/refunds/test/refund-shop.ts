import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../../config';
import { mailMessages, orders, paymentAttempts, smsMessages } from '../../../db/schema';
import { createTestApp, createUser, type TestApp, injectAs } from '../../../test/test-app';
import { insertOrder } from '../../orders/test/fixtures';
import { toNgwee } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';

/** A shop with three admins (a maker and two checkers) and a customer, for the refund tests over HTTP. */
export interface RefundShop {
  t: TestApp;
  maker: Awaited<ReturnType<typeof createUser>>;
  checker: Awaited<ReturnType<typeof createUser>>;
  otherChecker: Awaited<ReturnType<typeof createUser>>;
  customer: Awaited<ReturnType<typeof createUser>>;
}

export function useRefundShop(overrides: Partial<AppConfig> = {}): RefundShop {
  const shop = {} as RefundShop;
  beforeAll(async () => {
    shop.t = await createTestApp(overrides);
    shop.maker = await createUser(shop.t, { isAdmin: true, name: 'Mutale Maker' });
    shop.checker = await createUser(shop.t, { isAdmin: true, name: 'Chanda Checker' });
    shop.otherChecker = await createUser(shop.t, { isAdmin: true, name: 'Bwalya Checker' });
    shop.customer = await createUser(shop.t, { name: 'Natasha Customer' });
  }, 60_000);
  afterAll(() => shop.t?.close());
  return shop;
}

export function refundHelpers(shop: RefundShop) {
  const inject = injectAs(() => shop.t);
  const customerUser = () => ({ id: shop.customer.user.id, name: shop.customer.user.name, email: shop.customer.email });

  return {
    inject,
    /** An order an admin marked paid by hand (no provider collection): its total is what came in. */
    async paidByHand(totalKwacha: number, createdAt?: Date) {
      return insertOrder(shop.t, {
        user: customerUser(),
        total: totalKwacha,
        isPaid: true,
        status: 'Processing',
        createdAt,
      });
    },
    async unpaid(totalKwacha: number) {
      return insertOrder(shop.t, { user: customerUser(), total: totalKwacha });
    },
    /** An order paid by a provider's collection: the order paid, its successful attempt collected. */
    async paidByProvider(provider: 'mtn' | 'airtel', totalKwacha: number) {
      const order = await insertOrder(shop.t, {
        user: customerUser(),
        total: totalKwacha,
        isPaid: true,
        status: 'Processing',
      });
      const attempt = await this.collection(order.id, provider, totalKwacha);
      await shop.t.app.db
        .update(orders)
        .set({
          paymentResult: {
            id: 'TX-1',
            status: 'COMPLETED',
            by: 'provider',
            provider,
            attemptReference: attempt.reference,
          },
        })
        .where(eq(orders.id, order.id));
      return { order, attempt };
    },
    /** A successful collection of the order; `refundDue` as a late one that could not pay it (decision 029). */
    async collection(
      orderId: string,
      provider: 'mtn' | 'airtel',
      amountKwacha: number,
      opts: { refundDue?: boolean } = {},
    ) {
      const [attempt] = await shop.t.app.db
        .insert(paymentAttempts)
        .values({
          orderId,
          provider,
          reference: randomUUID(),
          phone: provider === 'mtn' ? '+260961234567' : '+260971234567',
          amountNgwee: toNgwee(amountKwacha),
          currency: 'ZMW',
          state: 'successful',
          providerTransactionId: `PX-${randomUUID().slice(0, 8)}`,
          expiresAt: new Date(),
          endedAt: new Date(),
          collectedAt: new Date(),
          refundDue: opts.refundDue ?? false,
          flagged: opts.refundDue ?? false,
          flagNote: opts.refundDue ? 'collected after the attempt ended: refund due' : null,
        })
        .returning();
      return attempt;
    },
    ask: (
      who: { auth: Record<string, string> },
      orderId: string,
      amountNgwee: number,
      attemptId: string | null = null,
      reason = 'Returned item',
    ) => inject('POST', `/api/orders/${orderId}/refunds`, who, { amountNgwee, reason, attemptId }),
    approve: (who: { auth: Record<string, string> }, refundId: string) =>
      inject('PUT', `/api/refunds/${refundId}/approve`, who),
    cancel: (who: { auth: Record<string, string> }, refundId: string, note = 'Asked twice') =>
      inject('PUT', `/api/refunds/${refundId}/cancel`, who, { note }),
    view: (orderId: string) => inject('GET', `/api/orders/${orderId}/refunds`, shop.maker),
    /** The refund e-mails of one order (their subject names it). */
    async refundMailsOf(orderId: string) {
      return shop.t.app.db
        .select()
        .from(mailMessages)
        .where(
          and(eq(mailMessages.kind, 'order-refunded'), like(mailMessages.subject, `%${orderReference(orderId)}%`)),
        );
    },
    async textsOf(orderId: string, kind: string) {
      return shop.t.app.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.orderId, orderId), eq(smsMessages.kind, kind)));
    },
  };
}

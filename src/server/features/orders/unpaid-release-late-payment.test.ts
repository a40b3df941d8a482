import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsMessages } from '../../db/schema';
import { formatKwacha, toKwacha } from '../../../shared/money';
import { lateHelpers, until, useLateApprovalShop } from '../payments/test/late-approval-cases';
import { insertProduct, orderBody, stockOf } from './test/fixtures';
import { ageOrder, HOLD_RULES, HOUR } from './test/unpaid';

/**
 * A prompt approved after the shop released its unpaid order (decision 056) is the late-approval path's
 * (decision 029): the money is recorded, flagged "refund due", and the order stays cancelled. Through the
 * MTN simulator over HTTP, the shop's own sweep running every 100 ms; PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
const shop = useLateApprovalShop(1, { unpaidOrders: { ...HOLD_RULES, sweepMs: 100 } });
const h = lateHelpers(shop);

describe('a payment after the shop released the order', () => {
  it('keeps the order while its prompt lives, releases it after, and a late approval is flagged "refund due"', async () => {
    const app = shop.first.app;
    const product = await insertProduct(shop.first, { price: 40, countInStock: 5 });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shop.customer.auth,
      payload: orderBody([{ product: product.id, quantity: 2, price: 40 }], { paymentMethod: 'mtn' }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { _id: string; totalPrice: number };

    // The shopper tries to pay at the last moment of the 48 hours (a prompt of 2 s here, reset after the test):
    // while it lives, and one such span after it ended, the sweep keeps the order.
    app.payments.timing.expiryMs = 2_000;
    const attempt = await h.start(order._id);
    await ageOrder(shop.first, order._id, 49 * HOUR);
    expect(await h.ended(attempt.reference)).toMatchObject({ state: 'expired' });
    expect(await h.orderRow(order._id)).toMatchObject({ status: 'Pending' });

    await until(
      'the release',
      () => h.orderRow(order._id),
      (row) => row.status === 'Cancelled',
    );
    expect(await h.orderRow(order._id)).toMatchObject({ isPaid: false, unpaidHoldUntil: null });
    expect(await stockOf(shop.first, product.id)).toBe(5);
    const texts = await app.db.select().from(smsMessages).where(eq(smsMessages.orderId, order._id));
    expect(texts.filter((m) => m.kind === 'order-released')).toHaveLength(1);

    // The prompt was still on the phone: approved now, the money is recorded and owed back, never dropped.
    expect((await h.phone(attempt.reference, 'approve')).statusCode).toBe(200);
    const late = await h.collected(attempt.reference);
    expect(late).toMatchObject({ state: 'successful', flagged: true, refundDue: true });
    expect(toKwacha(late.amountNgwee)).toBe(order.totalPrice);
    expect(late.flagNote).toBe(
      `Collected ${formatKwacha(order.totalPrice)} after the attempt ended: refund due. The order was cancelled before the payment arrived`,
    );
    expect(await h.orderRow(order._id)).toMatchObject({ status: 'Cancelled', isPaid: false });
    expect(await h.paidMails(order._id)).toHaveLength(0);
    // Owed back on the order's row of Needs attention (decision 055), with the flag's words.
    expect(await h.owedReasons(order._id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'flagged', note: late.flagNote })]),
    );
  });
});

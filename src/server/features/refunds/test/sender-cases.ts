import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, refunds } from '../../../db/schema';
import { refundProvidersFor } from '../../payments';
import {
  approvedRefund,
  atSimulator,
  behave,
  ended,
  paidOrder,
  refundRow,
  until,
  type SendingShop,
} from './sending-shop';

/**
 * The refund sender against the simulator (docs/decisions/032-refunds-sent-once.md): what every refund
 * must show, whether one instance or two send: money moved once, the order's refunded total, the provider's
 * id or reason kept, and never a second send the provider did not ask for.
 */
export function senderCases(shop: SendingShop) {
  const orderJson = async (orderId: string) =>
    (
      await shop.first.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: shop.customer.auth })
    ).json() as { refundedNgwee: number; refundStatus: string };

  it('MTN: a full refund ends successful with MTN’s transaction id, the money moved once, the order refunded', async () => {
    const { orderId, attempt } = await paidOrder(shop, 'mtn', 12_345);
    const refund = await approvedRefund(shop, attempt, 12_345);
    const done = await ended(shop, refund.id);
    const sim = atSimulator(shop, refund.reference)!;
    expect(done).toMatchObject({
      state: 'successful',
      sendCount: 1,
      failureReason: null,
      providerTransactionId: sim.providerTransactionId,
    });
    expect(done.acceptedAt).not.toBeNull();
    expect(sim).toMatchObject({
      collectionReference: attempt.reference,
      amountNgwee: 12_345,
      phone: '+260961234567',
      sendsReceived: 1,
      moneyMoved: 1,
    });
    expect(await orderJson(orderId)).toMatchObject({ refundedNgwee: 12_345, refundStatus: 'refunded' });
    const audit = await shop.first.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, orderId));
    expect(audit.filter((a) => a.action === 'refund.successful').length).toBe(1);
  });

  it('through the API: the order offers the MTN route, an admin asks for a part refund, the sender sends it and it ends successful', async () => {
    const { orderId, attempt } = await paidOrder(shop, 'mtn', 8_000, '+260961110008');
    const view = await shop.first.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/refunds`,
      headers: shop.admin.auth,
    });
    expect(view.json().sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attemptId: attempt.id, route: 'mtn-refund', refundableNgwee: 8_000 }),
      ]),
    );
    const asked = await shop.first.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: shop.admin.auth,
      payload: { amountNgwee: 3_000, reason: 'One cup was chipped', attemptId: attempt.id },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ route: 'mtn-refund', state: 'approved' });
    const done = await ended(shop, asked.json()._id);
    expect(done).toMatchObject({ state: 'successful', sendCount: 1 });
    expect(atSimulator(shop, done.reference)).toMatchObject({
      amountNgwee: 3_000,
      moneyMoved: 1,
      collectionReference: attempt.reference,
    });
    expect(await orderJson(orderId)).toMatchObject({ refundedNgwee: 3_000, refundStatus: 'partly refunded' });
  });

  it('MTN: two part refunds of one payment each go once; the order is partly refunded, then refunded', async () => {
    const { orderId, attempt } = await paidOrder(shop, 'mtn', 10_000);
    const first = await approvedRefund(shop, attempt, 4_000);
    await ended(shop, first.id);
    expect(await orderJson(orderId)).toMatchObject({ refundedNgwee: 4_000, refundStatus: 'partly refunded' });
    const second = await approvedRefund(shop, attempt, 6_000);
    expect(await ended(shop, second.id)).toMatchObject({ state: 'successful' });
    expect(await orderJson(orderId)).toMatchObject({ refundedNgwee: 10_000, refundStatus: 'refunded' });
    expect([atSimulator(shop, first.reference)!.moneyMoved, atSimulator(shop, second.reference)!.moneyMoved]).toEqual([
      1, 1,
    ]);
  });

  it('Airtel: a part refund goes as a disbursement to the shopper’s number with the PIN, once', async () => {
    const { orderId, attempt } = await paidOrder(shop, 'airtel', 20_000);
    const refund = await approvedRefund(shop, attempt, 7_550);
    const done = await ended(shop, refund.id);
    const sim = atSimulator(shop, refund.reference)!;
    expect(done).toMatchObject({ state: 'successful', sendCount: 1, providerTransactionId: sim.providerTransactionId });
    expect(sim).toMatchObject({
      provider: 'airtel',
      phone: '+260971234567',
      amountNgwee: 7_550,
      sendsReceived: 1,
      moneyMoved: 1,
    });
    expect(await orderJson(orderId)).toMatchObject({ refundedNgwee: 7_550, refundStatus: 'partly refunded' });
  });

  it('a 500 from the provider leaves the refund sent and read again; once the provider is back it is sent with the same reference and ends once', async () => {
    const { attempt } = await paidOrder(shop, 'mtn', 5_000, '+260961110001');
    await behave(shop, { phone: '+260961110001', answer: 'error-500' });
    const refund = await approvedRefund(shop, attempt, 5_000);
    const stillSent = await until(
      'a few tries',
      () => refundRow(shop, refund.id),
      (r) => r.pollCount >= 3,
    );
    expect(stillSent).toMatchObject({ state: 'sent', acceptedAt: null });
    expect(atSimulator(shop, refund.reference)).toBeUndefined();
    await behave(shop, { phone: '+260961110001', answer: 'normal' });
    const done = await ended(shop, refund.id);
    expect(done.state).toBe('successful');
    expect(done.sendCount).toBeGreaterThan(1);
    expect(atSimulator(shop, refund.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('a 500 after the money moved: the read finds it successful, nothing is sent again', async () => {
    const { attempt } = await paidOrder(shop, 'airtel', 5_000, '+260971110002');
    await behave(shop, { phone: '+260971110002', answer: 'error-500-after-accept' });
    const refund = await approvedRefund(shop, attempt, 5_000);
    expect(await ended(shop, refund.id)).toMatchObject({ state: 'successful', sendCount: 1 });
    expect(atSimulator(shop, refund.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('a slow provider: the send times out, a read before it lands finds nothing and sends again, the provider refuses the duplicate, money moves once', async () => {
    const { attempt } = await paidOrder(shop, 'mtn', 5_000, '+260961110003');
    // Slower than the clients' 1 s timeout: the first send lands at the simulator after the shop gave up.
    await behave(shop, { phone: '+260961110003', answer: 'slow', slowMs: 1_500 });
    const refund = await approvedRefund(shop, attempt, 5_000);
    await until(
      'the slow send to land',
      async () => atSimulator(shop, refund.reference),
      (r) => r !== undefined,
    );
    await behave(shop, { phone: '+260961110003', answer: 'normal' });
    const done = await ended(shop, refund.id);
    expect(done.state).toBe('successful');
    expect(atSimulator(shop, refund.reference)!.moneyMoved).toBe(1);
  });

  it('never final: the refund stays sent and is read again and again, never failed on our clock', async () => {
    const { attempt } = await paidOrder(shop, 'mtn', 5_000, '+260961110004');
    await behave(shop, { phone: '+260961110004', refundOutcome: 'never' });
    const refund = await approvedRefund(shop, attempt, 2_000);
    await until(
      'several reads',
      async () => atSimulator(shop, refund.reference)?.statusReads ?? 0,
      (n) => n >= 3,
    );
    expect(await refundRow(shop, refund.id)).toMatchObject({ state: 'sent', sendCount: 1, endedAt: null });
    // The provider ends it at last: the next read settles it.
    await shop.simulator.app.inject({ method: 'POST', url: `/_sim/refunds/${refund.reference}/succeed` });
    expect(await ended(shop, refund.id)).toMatchObject({ state: 'successful' });
  });

  it('a float too short fails the refund with the provider’s reason (MTN NOT_ENOUGH_FUNDS, Airtel 007); no money moves', async () => {
    const mtn = await paidOrder(shop, 'mtn', 9_000, '+260961110005');
    const airtel = await paidOrder(shop, 'airtel', 9_000, '+260971110005');
    await shop.simulator.app.inject({ method: 'POST', url: '/_sim/float', payload: { mtn: 100, airtel: 100 } });
    const [a, b] = await Promise.all([
      approvedRefund(shop, mtn.attempt, 9_000),
      approvedRefund(shop, airtel.attempt, 9_000),
    ]);
    expect(await ended(shop, a.id)).toMatchObject({ state: 'failed', failureReason: 'NOT_ENOUGH_FUNDS' });
    expect((await ended(shop, b.id)).failureReason).toMatch(/^Not enough money in the Airtel disbursement float/);
    expect(atSimulator(shop, a.reference)!.moneyMoved + atSimulator(shop, b.reference)!.moneyMoved).toBe(0);
  });

  it('killed between the commit and the send (sent, never accepted): the read finds nothing, the same reference goes again, once', async () => {
    const { attempt } = await paidOrder(shop, 'mtn', 5_000, '+260961110006');
    const refund = await approvedRefund(shop, attempt, 5_000, { state: 'sent', sendCount: 1 });
    const done = await ended(shop, refund.id);
    expect(done).toMatchObject({ state: 'successful', sendCount: 2 });
    expect(atSimulator(shop, refund.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('killed after the send (sent, the provider has it, the answer lost): the read finds it and nothing is sent again', async () => {
    const { attempt } = await paidOrder(shop, 'airtel', 5_000, '+260971110007');
    const reference = randomUUID();
    const refund = await approvedRefund(shop, attempt, 5_000, {
      state: 'sent',
      sendCount: 1,
      reference,
      nextPollAt: new Date(Date.now() + 60_000),
    });
    // The dead sender's request, as it reached Airtel before the kill.
    await refundProvidersFor(shop.first.app.config.paymentProviders)['airtel-disbursement']!.sendRefund({
      reference,
      phone: attempt.phone,
      amountNgwee: 5_000,
      currency: 'ZMW',
      collectionReference: attempt.reference,
      orderNumber: '1',
    });
    await shop.first.app.db.update(refunds).set({ nextPollAt: new Date() }).where(eq(refunds.id, refund.id));
    expect(await ended(shop, refund.id)).toMatchObject({ state: 'successful', sendCount: 1 });
    expect(atSimulator(shop, reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('many refunds at once: each is sent once and ends once', async () => {
    const paid = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        paidOrder(shop, i % 2 ? 'airtel' : 'mtn', 3_000, `+2609${i % 2 ? 7 : 6}12200${i}0`),
      ),
    );
    const sent = await Promise.all(paid.map(({ attempt }) => approvedRefund(shop, attempt, 3_000)));
    for (const refund of sent)
      expect(await ended(shop, refund.id)).toMatchObject({ state: 'successful', sendCount: 1 });
    for (const refund of sent)
      expect(atSimulator(shop, refund.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });
}

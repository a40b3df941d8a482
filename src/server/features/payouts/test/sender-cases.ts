import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, payoutRuns, payouts } from '../../../db/schema';
import { monthNameOf } from '../../../../shared/payouts';
import { shopMonthOf } from '../../../../shared/shop-time';
import { payoutProvidersFor } from '../../payments';
import { entriesOf } from './owed-shares';
import {
  approvedPayouts,
  atSimulator,
  behave,
  ended,
  owedMember,
  payoutRow,
  proposedRun,
  until,
  wallet,
  type SendingPayouts,
} from './sending-payouts';

/**
 * The payout sender against the simulator (docs/decisions/064-member-payouts.md): what every payout must
 * show, whether one instance or two send: money moved once into the member's wallet, the provider's id or
 * words kept, her text once it arrived, and never a second send the provider did not ask for.
 */
export function senderCases(shop: SendingPayouts) {
  const audit = (payoutId: string, action: string) =>
    shop.first.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, payoutId), eq(auditEvents.action, action)));
  const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    shop.first.app.inject({ method, url, headers: shop.maker.auth, ...(payload ? { payload } : {}) });

  it('MTN: a transfer to her wallet ends successful with MTN’s id, the money moved once, and she is texted', async () => {
    const member = await owedMember(shop, 'mtn', 12_345, 'Mutinta');
    const [payout] = await approvedPayouts(shop, [member]);
    expect(payout.route).toBe('mtn-transfer');
    const done = await ended(shop, payout._id);
    const sim = atSimulator(shop, payout.reference)!;
    expect(done).toMatchObject({ state: 'successful', sendCount: 1, providerTransactionId: sim.providerTransactionId });
    expect(done.acceptedAt).not.toBeNull();
    expect(sim).toMatchObject({
      provider: 'mtn',
      kind: 'transfer',
      phone: member.mobile,
      amountNgwee: 12_345,
      sendsReceived: 1,
      moneyMoved: 1,
    });
    const seen = await until(
      'her text to arrive',
      () => wallet(shop, member),
      (w) => w.texts.length > 0,
    );
    expect(seen.balanceNgwee).toBe(12_345);
    expect(seen.texts.map((m) => m.text)).toEqual([
      `Forest Gold Women's Co-op (demo): K 123.45 for ${monthNameOf(shopMonthOf(new Date()))}: 1 Mutinta's jar`,
    ]);
    expect((await audit(payout._id, 'payout.successful')).length).toBe(1);
    expect((await entriesOf(shop.first, member)).every((e) => e.payoutId === payout._id)).toBe(true);
  });

  it('Airtel: a disbursement to her number with the PIN, once; the simulator records the payee and amount', async () => {
    const member = await owedMember(shop, 'airtel', 7_550, 'Bupe');
    const [payout] = await approvedPayouts(shop, [member]);
    expect(payout.route).toBe('airtel-disbursement');
    const done = await ended(shop, payout._id);
    expect(done).toMatchObject({ state: 'successful', sendCount: 1 });
    expect(atSimulator(shop, payout.reference)).toMatchObject({
      provider: 'airtel',
      kind: 'disbursement',
      phone: member.mobile,
      amountNgwee: 7_550,
      sendsReceived: 1,
      moneyMoved: 1,
      providerTransactionId: done.providerTransactionId,
    });
    expect((await wallet(shop, member)).balanceNgwee).toBe(7_550);
  });

  it('Zamtel: Lenco’s mobile-money transfer to her wallet, once, read by our reference', async () => {
    const member = await owedMember(shop, 'zamtel', 4_000, 'Mwaka');
    const [payout] = await approvedPayouts(shop, [member]);
    expect(payout.route).toBe('lenco-transfer');
    const done = await ended(shop, payout._id);
    const sim = atSimulator(shop, payout.reference)!;
    expect(done).toMatchObject({ state: 'successful', sendCount: 1, providerTransactionId: sim.providerTransactionId });
    expect(sim).toMatchObject({ provider: 'lenco', operator: 'zamtel', amountNgwee: 4_000, moneyMoved: 1 });
    expect((await wallet(shop, member)).balanceNgwee).toBe(4_000);
  });

  it('a 500 leaves the payout sent and read again; once the provider is back the same reference goes again, once', async () => {
    const member = await owedMember(shop, 'mtn', 5_000, 'Chipo');
    await behave(shop, { phone: member.mobile, answer: 'error-500' });
    const [payout] = await approvedPayouts(shop, [member]);
    const stillSent = await until(
      'a few tries',
      () => payoutRow(shop, payout._id),
      (p) => p.pollCount >= 3,
    );
    expect(stillSent).toMatchObject({ state: 'sent', acceptedAt: null });
    expect(atSimulator(shop, payout.reference)).toBeUndefined();
    await behave(shop, { phone: member.mobile, answer: 'normal' });
    const done = await ended(shop, payout._id);
    expect(done.state).toBe('successful');
    expect(done.sendCount).toBeGreaterThan(1);
    expect(atSimulator(shop, payout.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('a 500 after the money moved: the read finds it successful, nothing is sent again', async () => {
    const member = await owedMember(shop, 'zamtel', 5_000, 'Luyando');
    await behave(shop, { phone: member.mobile, answer: 'error-500-after-accept' });
    const [payout] = await approvedPayouts(shop, [member]);
    expect(await ended(shop, payout._id)).toMatchObject({ state: 'successful', sendCount: 1 });
    expect(atSimulator(shop, payout.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('a refusal fails it: no money moved, she is owed it again, it shows on Needs attention until dealt with, and the next run pays it', async () => {
    const member = await owedMember(shop, 'airtel', 6_000, 'Nalukui Refused');
    await behave(shop, { phone: member.mobile, answer: 'refuse' });
    const [payout] = await approvedPayouts(shop, [member]);
    const failed = await ended(shop, payout._id);
    expect(failed).toMatchObject({ state: 'failed', sendCount: 1 });
    expect(failed.failureReason).toMatch(/Airtel refused the disbursement \(.*DP00900001010/);
    expect(atSimulator(shop, payout.reference)).toBeUndefined();
    expect((await entriesOf(shop.first, member)).every((e) => e.payoutId === null)).toBe(true);
    expect((await wallet(shop, member)).texts).toEqual([]);
    expect((await audit(payout._id, 'payout.failed')).length).toBe(1);

    const attention = (await admin('GET', '/api/payments?filter=attention&keyword=Nalukui')).json();
    expect(attention.failedPayouts).toEqual([
      expect.objectContaining({
        _id: payout._id,
        member: { _id: member.id, name: 'Nalukui Refused' },
        amountNgwee: 6_000,
        route: 'airtel-disbursement',
        failureReason: failed.failureReason,
      }),
    ]);
    expect(attention.counts.attention).toBeGreaterThanOrEqual(1);
    expect((await admin('GET', '/api/dashboard')).json().failedPayouts).toBeGreaterThanOrEqual(1);
    expect((await admin('GET', '/api/payouts?filter=failed')).json().payouts).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: payout._id })]),
    );

    const resolved = await admin('PUT', `/api/payouts/${payout._id}/resolve`, {
      note: 'Her wallet was barred; she unbarred it',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().resolved).toMatchObject({
      name: 'Mutale Maker',
      note: 'Her wallet was barred; she unbarred it',
    });
    expect((await admin('PUT', `/api/payouts/${payout._id}/resolve`, { note: 'again' })).statusCode).toBe(409);
    expect((await admin('GET', '/api/payments?filter=attention&keyword=Nalukui')).json().failedPayouts).toEqual([]);
    expect((await audit(payout._id, 'payout.resolved')).length).toBe(1);

    await behave(shop, { phone: member.mobile, answer: 'normal' });
    const [again] = await approvedPayouts(shop, [member]);
    expect(again).toMatchObject({ amountNgwee: 6_000 });
    expect(await ended(shop, again._id)).toMatchObject({ state: 'successful' });
    expect((await wallet(shop, member)).balanceNgwee).toBe(6_000);
  });

  it('Lenco’s balance too short: Lenco takes nothing (errorCode 02), the payout fails with its words', async () => {
    const member = await owedMember(shop, 'zamtel', 9_000, 'Mapalo Short');
    await shop.simulator.app.inject({ method: 'POST', url: '/_sim/float', payload: { lenco: 100 } });
    const [payout] = await approvedPayouts(shop, [member]);
    const failed = await ended(shop, payout._id);
    expect(failed.failureReason).toMatch(/Insufficient funds in account/);
    expect(atSimulator(shop, payout.reference)).toBeUndefined();
  });

  it('never final: the payout stays sent and is read again and again, never failed on our clock', async () => {
    const member = await owedMember(shop, 'mtn', 5_000, 'Kabwe');
    await behave(shop, { phone: member.mobile, refundOutcome: 'never' });
    const [payout] = await approvedPayouts(shop, [member]);
    await until(
      'several reads',
      async () => atSimulator(shop, payout.reference)?.statusReads ?? 0,
      (n) => n >= 3,
    );
    expect(await payoutRow(shop, payout._id)).toMatchObject({ state: 'sent', sendCount: 1, endedAt: null });
    await shop.simulator.app.inject({ method: 'POST', url: `/_sim/refunds/${payout.reference}/succeed` });
    expect(await ended(shop, payout._id)).toMatchObject({ state: 'successful' });
  });

  /** A payout of a run, put where a sender killed mid-send leaves it: its run approved, itself sent. */
  async function leftSent(memberId: string, change: Partial<typeof payouts.$inferInsert>) {
    const run = await proposedRun(shop);
    const payout = run.payouts.find((p: { member: { _id: string } }) => p.member._id === memberId);
    const db = shop.first.app.db;
    await db
      .update(payouts)
      .set({ state: 'sent', sendCount: 1, ...change })
      .where(eq(payouts.id, payout._id));
    await db
      .update(payoutRuns)
      .set({ state: 'approved', approvedByName: 'Chanda Checker', approvedAt: new Date() })
      .where(eq(payoutRuns.id, run._id));
    await db
      .update(payouts)
      .set({ state: 'approved' })
      .where(and(eq(payouts.runId, run._id), eq(payouts.state, 'proposed')));
    return (await payoutRow(shop, payout._id))!;
  }

  it('killed between the commit and the send (sent, never accepted): the read finds nothing, the same reference goes again, once', async () => {
    const member = await owedMember(shop, 'airtel', 5_000, 'Mulenga');
    const payout = await leftSent(member.id, {});
    const done = await ended(shop, payout.id);
    expect(done).toMatchObject({ state: 'successful', sendCount: 2 });
    expect(atSimulator(shop, payout.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('killed after the send (the provider has it, the answer lost): the read finds it and nothing is sent again', async () => {
    const member = await owedMember(shop, 'mtn', 5_000, 'Inonge');
    const reference = randomUUID();
    const payout = await leftSent(member.id, { reference, nextPollAt: new Date(Date.now() + 60_000) });
    // The dead sender's request, as it reached MTN before the kill.
    await payoutProvidersFor(shop.first.app.config.paymentProviders)['mtn-transfer']!.sendPayout({
      reference,
      phone: member.mobile,
      network: 'mtn',
      amountNgwee: 5_000,
      currency: 'ZMW',
      note: 'Co-op shares',
    });
    await shop.first.app.db.update(payouts).set({ nextPollAt: new Date() }).where(eq(payouts.id, payout.id));
    expect(await ended(shop, payout.id)).toMatchObject({ state: 'successful', sendCount: 1 });
    expect(atSimulator(shop, reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });

  it('many members at once on every network: each payout is sent once and ends once', async () => {
    const networks = ['mtn', 'airtel', 'zamtel'] as const;
    const members = [];
    for (let i = 0; i < 9; i += 1) members.push(await owedMember(shop, networks[i % 3], 3_000 + i, `Many ${i}`));
    const sent = await approvedPayouts(shop, members);
    for (const payout of sent)
      expect(await ended(shop, payout._id)).toMatchObject({ state: 'successful', sendCount: 1 });
    for (const payout of sent)
      expect(atSimulator(shop, payout.reference)).toMatchObject({ sendsReceived: 1, moneyMoved: 1 });
  });
}

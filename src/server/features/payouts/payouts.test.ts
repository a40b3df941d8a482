import { describe, expect, it } from 'vitest';
import { orderReference } from '../../../shared/order-status';
import { monthBefore, monthNameOf } from '../../../shared/payouts';
import { shopMonthOf } from '../../../shared/shop-time';
import { fitsOneSms } from '../../../shared/sms-text';
import { proposeScheduledRun } from './schedule';
import { entriesOf, insertMember, madeBy, refundDebit, soldAndHandedOver } from './test/owed-shares';
import { payoutHelpers, usePayoutShop } from './test/payout-shop';

/**
 * Payout runs over HTTP (docs/decisions/064-member-payouts.md), with no provider's payout settings: every
 * payout goes by hand (the providers' routes are sender.test.ts's). One shop for the file: each test ends
 * with no run waiting, since one run waits at a time.
 */
describe('payout runs', () => {
  const shop = usePayoutShop();
  const h = payoutHelpers(shop);
  const who = () => ({ customer: shop.customer, admin: shop.maker });
  const thisMonth = () => shopMonthOf(new Date());
  type Skipped = { member: { _id: string }; balanceNgwee: number; reason: string };
  const skippedOf = (body: { skipped: Skipped[] }, memberId: string) =>
    body.skipped.find((s) => s.member._id === memberId);

  it('nobody owed the minimum: 409, naming who was left out and why', async () => {
    const empty = await h.propose();
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({
      message: 'Nobody is owed K 20.00 or more: there is nothing to pay',
      minimumNgwee: 2_000,
      skipped: [],
    });
    const chipo = await insertMember(shop.t, { name: 'Chipo Soapmaker' });
    const soap = await madeBy(shop.t, { name: 'Tiny soap', price: 10, makers: [{ member: chipo }] });
    await soldAndHandedOver(shop.t, who(), [{ product: soap, quantity: 1 }]);
    const small = await h.propose();
    expect(small.statusCode).toBe(409);
    expect(skippedOf(small.json(), chipo.id)).toEqual({
      member: { _id: chipo.id, name: 'Chipo Soapmaker' },
      balanceNgwee: 700,
      balance: 7,
      reason: 'below-minimum',
    });
  });

  it('proposes one payout per member owed the minimum, active or not, with her entries attached and its lines', async () => {
    const mutinta = await insertMember(shop.t, { name: 'Mutinta Hamoonga', network: 'mtn' });
    const bupe = await insertMember(shop.t, { name: 'Bupe Banda', network: 'airtel', active: false });
    const mwaka = await insertMember(shop.t, { name: 'Mwaka Phiri', network: 'zamtel' });
    const shea = await madeBy(shop.t, { name: 'Mukwa shea butter', price: 50, makers: [{ member: mutinta }] });
    const gift = await madeBy(shop.t, {
      name: 'Gift set',
      price: 100,
      makers: [{ member: mutinta }, { member: bupe }],
    });
    const { orderId } = await soldAndHandedOver(shop.t, who(), [
      { product: shea, quantity: 11 },
      { product: gift, quantity: 3 },
    ]);
    // A refund after Mwaka's last payout took back more than she earned since.
    await refundDebit(shop.t, { orderId, member: mwaka, amountNgwee: 500 });

    const res = await h.propose();
    expect(res.statusCode).toBe(201);
    const run = res.json();
    expect(run).toMatchObject({
      period: thisMonth(),
      trigger: 'admin',
      state: 'proposed',
      proposedBy: { _id: shop.maker.user.id, name: 'Mutale Maker' },
      awaitingConfirmation: false,
      awaitingApproval: true,
      approvedBy: null,
      minimumNgwee: 2_000,
    });
    expect(skippedOf(run, mwaka.id)).toMatchObject({ balanceNgwee: -500, reason: 'negative' });
    type P = { _id: string; member: { _id: string }; lines: unknown[] };
    const mine = run.payouts.find((p: P) => p.member._id === mutinta.id);
    const hers = run.payouts.find((p: P) => p.member._id === bupe.id);
    // 11 x K50 and her half of 3 x K100, each at the makers' 70% of the net price.
    expect(mine).toMatchObject({
      state: 'proposed',
      route: 'by-hand',
      mobile: mutinta.mobile,
      network: 'mtn',
      amountNgwee: 38_500 + 10_500,
      amount: 490,
      currency: 'ZMW',
      summary: '11 Mukwa shea butter, 3 Gift set',
      sendCount: 0,
    });
    expect(mine.lines).toEqual([
      {
        orderId,
        orderNumber: orderReference(orderId),
        kind: 'sale',
        product: 'Mukwa shea butter',
        quantity: 11,
        amountNgwee: 38_500,
        amount: 385,
      },
      {
        orderId,
        orderNumber: orderReference(orderId),
        kind: 'sale',
        product: 'Gift set',
        quantity: 3,
        amountNgwee: 10_500,
        amount: 105,
      },
    ]);
    expect(hers).toMatchObject({ amountNgwee: 10_500, network: 'airtel', summary: '3 Gift set' });
    expect(run.counts.proposed).toBe(run.payoutCount);
    expect((await entriesOf(shop.t, mutinta)).every((e) => e.payoutId === mine._id)).toBe(true);
    expect((await entriesOf(shop.t, mwaka)).every((e) => e.payoutId === null)).toBe(true);

    const detail = (await h.run(run._id)).json();
    expect(detail.payouts.find((p: P) => p.member._id === mutinta.id).lines).toEqual(mine.lines);
    const herPage = (await h.inject('GET', `/api/payouts?memberId=${mutinta.id}`, shop.maker)).json();
    expect(herPage).toMatchObject({ total: 1, payouts: [{ _id: mine._id, period: thisMonth(), state: 'proposed' }] });
    const list = (await h.inject('GET', '/api/payouts/runs', shop.maker)).json();
    expect(list.runs[0]).toMatchObject({ _id: run._id, payoutCount: run.payoutCount, totalNgwee: run.totalNgwee });
    expect((await h.auditOf(run._id)).map((a) => a.action)).toEqual(['payout-run.proposed']);

    // Maker-checker: the proposer may not approve; of two checkers at once, one approves and one is told it is done.
    const own = await h.approve(shop.maker, run._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('A payout run must be approved by another admin');
    const both = await Promise.all([h.approve(shop.checker, run._id), h.approve(shop.otherChecker, run._id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const approved = both.find((r) => r.statusCode === 200)!.json();
    expect(approved).toMatchObject({
      state: 'approved',
      awaitingApproval: false,
      approvedBy: { _id: expect.any(String) },
    });
    expect(approved.counts).toMatchObject({ proposed: 0, approved: run.payoutCount });
    expect((await h.auditOf(run._id)).map((a) => a.action).sort()).toEqual([
      'payout-run.approved',
      'payout-run.proposed',
    ]);
    expect((await h.cancel(shop.checker, run._id)).statusCode).toBe(409);

    // By hand: the treasurer sends it, then any admin records it; the member is texted; once only.
    const sent = await h.sentByHand(shop.maker, mine._id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      state: 'successful',
      sentByHand: { name: 'Mutale Maker', note: 'Sent from the co-op phone, MTN id 1234567' },
    });
    expect((await h.sentByHand(shop.checker, mine._id)).statusCode).toBe(409);
    const [text] = await h.textsTo(mutinta);
    expect(text.body).toBe(
      `Forest Gold Women's Co-op (demo): K 490.00 for ${monthNameOf(thisMonth())}: 11 Mukwa shea butter, 3 Gift set`,
    );
    expect(fitsOneSms(text.body)).toBe(true);
    expect((await h.auditOf(mine._id)).map((a) => a.action)).toEqual(['payout.sent-by-hand']);
    expect((await h.sentByHand(shop.maker, hers._id)).statusCode).toBe(200);
    // A by-hand payout is not a failure to deal with.
    expect((await h.resolve(shop.maker, hers._id)).statusCode).toBe(409);
  });

  it('one run waits at a time; cancelling it releases its entries, and the next run takes them again', async () => {
    const luyando = await insertMember(shop.t, { name: 'Luyando Mwale' });
    const basket = await madeBy(shop.t, { name: 'Ilala basket', price: 100, makers: [{ member: luyando }] });
    await soldAndHandedOver(shop.t, who(), [{ product: basket, quantity: 1 }]);
    const first = (await h.propose()).json();
    const payout = first.payouts.find((p: { member: { _id: string } }) => p.member._id === luyando.id);
    expect(payout).toMatchObject({ amountNgwee: 7_000 });
    expect((await h.sentByHand(shop.maker, payout._id)).json().message).toBe(
      'This payout waits for its run to be approved: send it once it is',
    );

    const second = await h.propose(shop.checker);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ runId: first._id });

    expect((await h.inject('PUT', `/api/payouts/runs/${first._id}/cancel`, shop.checker, {})).statusCode).toBe(400);
    const cancelled = await h.cancel(shop.checker, first._id, 'Luyando asked for cash at the meeting');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'cancelled',
      cancelledBy: { name: 'Chanda Checker', note: 'Luyando asked for cash at the meeting' },
      counts: { cancelled: first.payoutCount, proposed: 0 },
    });
    expect((await entriesOf(shop.t, luyando)).every((e) => e.payoutId === null)).toBe(true);
    expect((await h.cancel(shop.checker, first._id)).statusCode).toBe(409);
    expect((await h.approve(shop.checker, first._id)).statusCode).toBe(409);
    expect((await h.auditOf(first._id)).map((a) => a.action).sort()).toEqual([
      'payout-run.cancelled',
      'payout-run.proposed',
    ]);

    const again = await h.propose(shop.checker);
    expect(again.statusCode).toBe(201);
    const next = again.json().payouts.find((p: { member: { _id: string } }) => p.member._id === luyando.id);
    expect(next).toMatchObject({ amountNgwee: 7_000 });
    expect(next.reference).not.toBe(payout.reference);
    expect((await entriesOf(shop.t, luyando)).every((e) => e.payoutId === next._id)).toBe(true);
    expect((await h.cancel(shop.maker, again.json()._id)).statusCode).toBe(200);
  });

  it('pays for a month: shares credited after its end (shop time) wait for the next run; a month to come is refused', async () => {
    const nalukui = await insertMember(shop.t, { name: 'Nalukui Sitali' });
    const mat = await madeBy(shop.t, { name: 'Reed mat', price: 100, makers: [{ member: nalukui }] });
    const month = thisMonth();
    const startOfMonth = new Date(`${month}-01T00:00:00+02:00`);
    await soldAndHandedOver(shop.t, who(), [{ product: mat, quantity: 1 }], {
      creditedAt: new Date(startOfMonth.getTime() - 60_000),
    });
    await soldAndHandedOver(shop.t, who(), [{ product: mat, quantity: 2 }], {
      creditedAt: new Date(startOfMonth.getTime() + 60_000),
    });
    const res = await h.propose(shop.maker, { period: monthBefore(month) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ period: monthBefore(month) });
    const hers = res.json().payouts.find((p: { member: { _id: string } }) => p.member._id === nalukui.id);
    expect(hers).toMatchObject({ amountNgwee: 7_000, summary: '1 Reed mat' });
    expect((await h.cancel(shop.maker, res.json()._id)).statusCode).toBe(200);

    for (const period of ['2999-01', '2026-13', 'soon'])
      expect((await h.propose(shop.maker, { period })).statusCode, period).toBe(400);
  });

  it('the monthly schedule: on its day one instance claims the month and proposes for the month before; an admin confirms, another approves', async () => {
    const mapalo = await insertMember(shop.t, { name: 'Mapalo Zulu' });
    const honey = await madeBy(shop.t, { name: 'Forest honey', price: 100, makers: [{ member: mapalo }] });
    await soldAndHandedOver(shop.t, who(), [{ product: honey, quantity: 1 }], {
      creditedAt: new Date('2031-02-20T12:00:00+02:00'),
    });
    await soldAndHandedOver(shop.t, who(), [{ product: honey, quantity: 4 }], {
      creditedAt: new Date('2031-03-02T12:00:00+02:00'),
    });
    const schedule = (now: string) =>
      proposeScheduledRun(shop.t.app, { day: 5, now: new Date(now), minimumNgwee: 2_000 });

    expect(await schedule('2031-03-04T23:59:00+02:00')).toBe('not-due');
    // Two instances look at once: one proposes, the other finds the month's slot taken.
    const looks = await Promise.all([schedule('2031-03-05T00:01:00+02:00'), schedule('2031-03-05T00:01:00+02:00')]);
    expect(looks.sort()).toEqual(['proposed', 'slot-taken']);
    expect(await schedule('2031-03-28T09:00:00+02:00')).toBe('slot-taken');

    const run = (await h.inject('GET', '/api/payouts/runs', shop.maker)).json().runs[0];
    expect(run).toMatchObject({
      period: '2031-02',
      trigger: 'schedule',
      state: 'proposed',
      proposedBy: null,
      awaitingConfirmation: true,
      awaitingApproval: false,
    });
    const detail = (await h.run(run._id)).json();
    expect(detail.payouts.find((p: { member: { _id: string } }) => p.member._id === mapalo.id)).toMatchObject({
      amountNgwee: 7_000,
      summary: '1 Forest honey',
    });

    const confirmed = await h.approve(shop.maker, run._id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      state: 'proposed',
      proposedBy: { _id: shop.maker.user.id, name: 'Mutale Maker' },
      awaitingConfirmation: false,
      awaitingApproval: true,
    });
    expect((await h.approve(shop.maker, run._id)).statusCode).toBe(403);
    expect((await h.approve(shop.checker, run._id)).json()).toMatchObject({ state: 'approved' });
    expect((await h.auditOf(run._id)).map((a) => a.action).sort()).toEqual([
      'payout-run.approved',
      'payout-run.confirmed',
      'payout-run.proposed',
    ]);

    // April: Mapalo's March shares wait behind her payout still to be sent; nobody else is owed the minimum.
    expect(await schedule('2031-04-05T08:00:00+02:00')).toBe('nothing-owed');
    const april = (await h.inject('GET', '/api/payouts/runs', shop.maker)).json().runs[0];
    expect(april).toMatchObject({ period: '2031-03', state: 'cancelled', payoutCount: 0 });
    expect(april.cancelledBy).toEqual({ name: 'Shop (monthly payouts)', note: 'Nobody was owed the minimum' });
    expect(await schedule('2031-04-06T08:00:00+02:00')).toBe('slot-taken');

    // May: an admin's run waits, so the schedule waits; once it is called off, the schedule proposes.
    const herPayout = detail.payouts.find((p: { member: { _id: string } }) => p.member._id === mapalo.id);
    expect((await h.sentByHand(shop.checker, herPayout._id)).statusCode).toBe(200);
    const kabwe = await insertMember(shop.t, { name: 'Kabwe Tembo' });
    const stool = await madeBy(shop.t, { name: 'Carved stool', price: 100, makers: [{ member: kabwe }] });
    await soldAndHandedOver(shop.t, who(), [{ product: stool, quantity: 1 }]);
    const mine = (await h.propose()).json();
    expect(await schedule('2031-05-05T08:00:00+02:00')).toBe('open-run');
    await h.cancel(shop.maker, mine._id);
    expect(await schedule('2031-05-05T08:10:00+02:00')).toBe('proposed');
  });
});

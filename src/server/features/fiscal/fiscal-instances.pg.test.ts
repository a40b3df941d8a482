import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { fiscalSubmissions } from '../../db/schema';
import { createUser, startSecondInstance } from '../../test/test-app';
import { toNgwee } from '../../../shared/money';
import { createFiscalShop, fiscalHelpers, type FiscalShop } from './test/fiscal-shop';

/**
 * Two shop instances on one PostgreSQL, both sending Smart Invoice reports (decision 062): each takes the
 * device's oldest report only when nobody holds it, so every invoice number is signed once and the device
 * signs them in the order they were recorded, whichever instance sent each, through slow signing and lost
 * answers.
 */
let simulator: RunningSimulators;
let shop: FiscalShop;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
let h: ReturnType<typeof fiscalHelpers>;

beforeAll(async () => {
  simulator = await startSimulators();
  shop = await createFiscalShop(simulator);
  second = await startSecondInstance(shop.t);
  h = fiscalHelpers(shop, simulator);
}, 60_000);
afterAll(async () => {
  await second?.close();
  await shop?.t.close();
  await simulator?.close();
});

describe('two instances on one PostgreSQL', () => {
  it('orders paid on both, signing slow, answers lost: one receipt per invoice number, a credit note after its sale', async () => {
    await h.behave({ signingMs: 40, timeoutAfterSigningNext: 3, hangMs: 2_500 });
    const admins = [shop.admin, await createUser(shop.t, { isAdmin: true, name: 'Second Admin' })];
    const apps = [shop.t.app, second.app];
    const placed = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const order = await h.place([{ price: 20 + i, quantity: 1 + (i % 3) }]);
        const paid = await apps[i % 2].inject({
          method: 'PUT',
          url: `/api/orders/${order._id}/pay`,
          headers: admins[i % 2].auth,
          payload: { note: 'Cash' },
        });
        expect(paid.statusCode, paid.body).toBe(200);
        if (i % 4 === 0) {
          const refunded = await apps[(i + 1) % 2].inject({
            method: 'POST',
            url: `/api/orders/${order._id}/refunds`,
            headers: admins[(i + 1) % 2].auth,
            payload: { amountNgwee: 1_000, reason: 'Price agreed lower', attemptId: null },
          });
          expect(refunded.statusCode, refunded.body).toBe(201);
        }
        return order;
      }),
    );
    await h.settled(60_000);
    const rows = await shop.t.app.db.select().from(fiscalSubmissions).orderBy(asc(fiscalSubmissions.seq));
    expect(rows.filter((r) => r.status !== 'done')).toEqual([]);
    const { receipts } = await h.signed();
    const signedRows = rows.filter((r) => r.kind !== 'stock');
    // Every sale and credit note once, none of them signed twice, each credit note after its sale. (Two
    // payments committing at once may be signed in either order: nothing depends on it.)
    expect(receipts.map((r) => r.cisInvcNo).sort()).toEqual(signedRows.map((r) => r.invoiceNo).sort());
    expect(receipts.every((r) => r.requests === 1)).toBe(true);
    expect(receipts.map((r) => r.totRcptNo)).toEqual(receipts.map((_, i) => i + 1));
    for (const note of receipts.filter((r) => r.rcptTyCd === 'R')) {
      const sale = receipts.find((r) => r.rcptTyCd === 'S' && r.rcptNo === note.orgInvcNo)!;
      expect(sale.totRcptNo).toBeLessThan(note.totRcptNo);
    }
    for (const order of placed) {
      const sale = receipts.find((r) => r.cisInvcNo === order._id)!;
      expect(sale.totAmtNgwee).toBe(toNgwee(order.totalPrice));
    }
    expect(receipts.filter((r) => r.rcptTyCd === 'R').map((r) => r.totAmtNgwee)).toEqual(Array(6).fill(1_000));
    // Each sale's stock report went after it, once.
    const reports = (await h.stock()).devices[0].reports;
    expect(reports).toHaveLength(24);
    expect(reports.every((r) => r.repeats === 0)).toBe(true);
  }, 120_000);
});

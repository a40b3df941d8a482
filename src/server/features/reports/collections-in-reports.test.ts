import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';
import { fetchCsv, placeOrderAt } from './test/fixtures';

/** Issue 29: the monthly report and the orders export name who collected each order's money, and by which method. */
describe('reports name the provider and method of each collection', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const ids: Record<string, string> = {};

  const byProvider = (provider: string, reference: string) => ({
    id: `T-${reference}`,
    status: 'COMPLETED',
    update_time: '2026-05-10T10:00:00.000Z',
    email_address: '',
    by: 'provider',
    provider,
    attemptReference: reference,
    recordedBy: null,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    const customer = await createUser(t, { name: 'Mutinta Hichilema' });
    const soap = await insertProduct(t, { name: 'Soap', price: 100 });
    // Each order: 100.00 + 16.00 VAT + 75.00 shipping = 191.00.
    const place = (paymentMethod: 'airtel' | 'mtn' | 'zamtel' | 'creditCard', at: string, paid?: object) =>
      placeOrderAt(t, customer.auth, [{ product: soap.id, quantity: 1, price: 100 }], {
        at,
        paymentMethod,
        ...(paid ? { paidAt: at, paymentResult: paid as Record<string, unknown> } : {}),
      });
    ids.mtn = await place('mtn', '2026-05-02T10:00:00Z', byProvider('mtn', 'r-mtn'));
    ids.zamtel = await place('zamtel', '2026-05-03T10:00:00Z', byProvider('lenco', 'r-zamtel'));
    ids.card = await place('creditCard', '2026-05-04T10:00:00Z', byProvider('lenco', 'r-card'));
    ids.cardTwo = await place('creditCard', '2026-05-05T10:00:00Z', byProvider('lenco', 'r-card-2'));
    // A card paid by a link a member sent, marked paid by an admin.
    ids.cardByHand = await place('creditCard', '2026-05-06T10:00:00Z', {
      id: 'LINK-1',
      status: 'COMPLETED',
      by: 'admin',
      provider: null,
      recordedBy: admin.user.id,
    });
    ids.unpaid = await place('zamtel', '2026-05-07T10:00:00Z');
  });
  afterAll(() => t.close());

  it('the monthly report adds up paid orders by who collected them and by which method', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/monthly?month=2026-05', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().byCollection).toEqual([
      { provider: 'mtn', method: 'mtn', count: 1, amount: 191 },
      { provider: 'lenco', method: 'zamtel', count: 1, amount: 191 },
      { provider: 'lenco', method: 'creditCard', count: 2, amount: 382 },
      { provider: null, method: 'creditCard', count: 1, amount: 191 },
    ]);
    const { data } = await fetchCsv(t, '/api/reports/monthly.csv?month=2026-05', admin.auth);
    expect(data.filter((row) => row[1].startsWith('Collected:'))).toEqual([
      ['2026-05', 'Collected: MTN Mobile Money', '1', '191.00', '', ''],
      ['2026-05', 'Collected: Zamtel Kwacha through Lenco', '1', '191.00', '', ''],
      ['2026-05', 'Collected: Credit / Debit Card through Lenco', '2', '382.00', '', ''],
      ['2026-05', 'Collected: Credit / Debit Card, by hand', '1', '191.00', '', ''],
    ]);
  });

  it('the orders export names the method and who collected it: the provider, by hand, or nobody yet', async () => {
    const { records } = await fetchCsv(t, '/api/reports/orders.csv?from=2026-05-01&to=2026-05-31', admin.auth);
    const row = (id: string) => records.find((r) => r['Order ID'] === id)!;
    const pair = (id: string) => [row(id)['Payment method'], row(id)['Collected through']];
    expect(pair(ids.mtn)).toEqual(['MTN Mobile Money', 'MTN MoMo']);
    expect(pair(ids.zamtel)).toEqual(['Zamtel Kwacha', 'Lenco']);
    expect(pair(ids.card)).toEqual(['Credit / Debit Card', 'Lenco']);
    expect(pair(ids.cardByHand)).toEqual(['Credit / Debit Card', 'By hand']);
    expect(pair(ids.unpaid)).toEqual(['Zamtel Kwacha', '']);
  });
});

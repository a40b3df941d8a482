import { describe, expect, it } from 'vitest';
import { computeTotals, toKwacha } from '../../../shared/money';
import { createUser, useTwoInstances } from '../../test/test-app';
import { address, insertProduct } from '../orders/test/fixtures';

/** Each instance holds the delivery options; an admin's save on one reaches the other (npm run test:pg). */
const pair = useTwoInstances();

const choma = { ...address, city: 'Choma', province: 'Southern' };
const offeredIn = (app: typeof pair.second.app) =>
  app
    .inject({ method: 'GET', url: '/api/delivery-options?province=Southern&town=Choma' })
    .then((res) => res.json().options.map((o: { name: string }) => o.name) as string[]);

async function eventually(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 100 && !(await check()); tries += 1) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('delivery options held by two instances on one PostgreSQL', () => {
  it("an option switched off on one instance is refused by the other's orders, not served from its copy", async () => {
    const admin = await createUser(pair.first, { isAdmin: true });
    const customer = await createUser(pair.first);
    const product = await insertProduct(pair.first, { name: 'Cached option soap', price: 40, countInStock: 5 });
    const option = {
      name: 'Choma stall',
      kind: 'pickup',
      provinces: ['Southern'],
      towns: ['Choma'],
      fee: 10,
      estimate: 'Next day',
    };
    const created = await pair.second.app.inject({
      method: 'POST',
      url: '/api/delivery-options',
      headers: admin.auth,
      payload: option,
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json()._id;
    // The first instance reads the options, so it holds a copy with the new one in it.
    expect(await eventually(async () => (await offeredIn(pair.first.app)).includes('Choma stall'))).toBe(true);

    const off = await pair.second.app.inject({
      method: 'PUT',
      url: `/api/delivery-options/${id}`,
      headers: admin.auth,
      payload: { ...option, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await eventually(async () => !(await offeredIn(pair.first.app)).includes('Choma stall'))).toBe(true);

    const totals = computeTotals([{ unitPriceNgwee: product.priceNgwee, quantity: 1 }], {
      delivery: { feeNgwee: 1_000, freeAboveNgwee: null },
    });
    const order = await pair.first.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: {
        orderItems: [{ product: product.id, quantity: 1 }],
        shippingAddress: choma,
        paymentMethod: 'mtn',
        deliveryOption: id,
        totalAmount: toKwacha(totals.totalNgwee),
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('Choma stall is no longer offered. Please choose another delivery option.');
  });
});

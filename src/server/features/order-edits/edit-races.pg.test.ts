import { describe, expect, it } from 'vitest';
import { insertCustomers, insertProduct, placeOrderAs, stockOf } from '../orders/test/fixtures';
import { putSetParts } from '../products/test/variant-fixtures';
import { editHelpers, useEditShop } from './test/edit-shop';

/**
 * Edits racing orders and each other on PostgreSQL, where transactions truly run side by side
 * (docs/decisions/070-order-edits.md): never more sold than there is, sets and their parts included, no
 * deadlock, and a paid order lowered by many admins at once refunded exactly the difference.
 */
describe('order edits under parallel orders and edits (PostgreSQL)', () => {
  const shop = useEditShop();
  const h = editHelpers(shop);

  it('edits and new orders of a scarce product and a set of it at once never oversell', async () => {
    const honey = await insertProduct(shop.t, { name: 'Scarce Honey', price: 50, countInStock: 12 });
    const wax = await insertProduct(shop.t, { name: 'Scarce Wax', price: 20, countInStock: 40 });
    const set = await insertProduct(shop.t, { name: 'Honey Set', price: 90, countInStock: 0 });
    await putSetParts(shop.t, shop.admin.auth, set.id, {
      parts: [
        { product: honey.id, quantity: 1 },
        { product: wax.id, quantity: 1 },
      ],
    });
    const ids = await Promise.all([0, 1, 2].map(() => h.place([{ product: wax.id, quantity: 1, price: 20 }])));
    const buyers = await insertCustomers(shop.t, 6, 'Racer');
    const answers = await Promise.all([
      ...ids.map((id, i) =>
        h.edit(id, [
          { productId: honey.id, qty: 2 + i },
          { productId: set.id, qty: 1 },
        ]),
      ),
      ...buyers.map((buyer) =>
        placeOrderAs(shop.t, buyer.auth, [{ product: honey.id, quantity: 2, price: 50 }]).then(
          () => ({ statusCode: 201 }),
          () => ({ statusCode: 409 }),
        ),
      ),
    ]);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.statusCode);
    const left = await stockOf(shop.t, honey.id);
    expect(left).toBeGreaterThanOrEqual(0);
    // What is left is the start less what every order's lines hold now, the sets' parts included.
    const heldOf = { honey: 0, wax: 0, sets: 0 };
    for (const id of ids) {
      const order = (await h.inject('GET', `/api/orders/${id}`, shop.admin)).json();
      for (const item of order.orderItems) {
        if (item.product === honey.id) heldOf.honey += item.quantity;
        if (item.product === wax.id) heldOf.wax += item.quantity;
        if (item.product === set.id) heldOf.sets += item.quantity;
      }
    }
    const placed = answers.slice(ids.length).filter((a) => a.statusCode === 201).length;
    expect(left).toBe(12 - heldOf.honey - heldOf.sets - placed * 2);
    expect(await stockOf(shop.t, wax.id)).toBe(40 - heldOf.wax - heldOf.sets);
    expect(await stockOf(shop.t, set.id)).toBe(Math.min(left, 40 - heldOf.wax - heldOf.sets));
  });

  it('many admins changing one paid order at once: what it paid and owes is its total and its refunds, to the ngwee', async () => {
    const oil = await insertProduct(shop.t, { name: 'Race Oil', price: 75, countInStock: 100 });
    const id = await h.placeAsCustomer([{ product: oil.id, quantity: 8, price: 75 }]);
    await h.payByHand(id);
    const paid = (await h.row(id)).totalNgwee;
    const answers = await Promise.all(
      [7, 5, 3, 6, 1, 4].map((qty, i) =>
        h.edit(id, [{ productId: oil.id, qty }], {}, i % 2 ? shop.checker : shop.admin),
      ),
    );
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const final = await h.row(id);
    const refunded = (await h.refundsOf(id)).reduce((sum, r) => sum + r.amountNgwee, 0);
    // Each edit owes or refunds against the one before it: what came in and is due is the total and the refunds.
    expect(paid + final.balanceDueNgwee).toBe(final.totalNgwee + refunded);
    expect(await stockOf(shop.t, oil.id)).toBe(100 - final.itemsNgwee / 7_500);
  });
});

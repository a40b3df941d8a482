import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders, paymentAttempts, products, productVariants } from '../../db/schema';
import { computeTotals } from '../../../shared/money';
import { isOrderPaid } from '../../../shared/order-balance';
import { settleOrderPayment } from '../orders';
import { insertProduct, stockOf } from '../orders/test/fixtures';
import { putSetParts, putVariants, threeSizes } from '../products/test/variant-fixtures';
import { editHelpers, useEditShop } from './test/edit-shop';

/** The spec's delivery (the seeded standard option): K75, free above K500. */
const totalOf = (lines: [priceKwacha: number, qty: number][]) =>
  computeTotals(lines.map(([price, quantity]) => ({ unitPriceNgwee: price * 100, quantity }))).totalNgwee;

/** Order edits before dispatch (docs/decisions/070-order-edits.md), over HTTP, REFUND_APPROVAL=always. */
describe('order edits', () => {
  const shop = useEditShop();
  const h = editHelpers(shop);

  it('an unpaid order: new lines and totals by money.ts, stock moved exactly, the edit kept, audited, texted and mailed', async () => {
    const oil = await insertProduct(shop.t, { name: 'Edit Oil', price: 100, countInStock: 10 });
    const soap = await insertProduct(shop.t, { name: 'Edit Soap', price: 50, countInStock: 5 });
    const id = await h.place([{ product: oil.id, quantity: 2, price: 100 }]);
    expect(await stockOf(shop.t, oil.id)).toBe(8);

    const edited = await h.edit(id, [
      { productId: oil.id, qty: 3 },
      { productId: soap.id, qty: 1 },
    ]);
    expect(edited.statusCode).toBe(200);
    const { order, edit } = edited.json();
    expect(order.totalPrice * 100).toBe(
      totalOf([
        [100, 3],
        [50, 1],
      ]),
    );
    expect(order.orderItems.map((i: { name: string; quantity: number }) => [i.name, i.quantity]).sort()).toEqual([
      ['Edit Oil', 3],
      ['Edit Soap', 1],
    ]);
    expect(order.balanceDueNgwee).toBe(0);
    expect(edit).toMatchObject({ balanceDueNgwee: 0, refundNgwee: 0, refundId: null });
    expect(edit.differenceNgwee).toBe(
      totalOf([
        [100, 3],
        [50, 1],
      ]) - totalOf([[100, 2]]),
    );
    expect(await stockOf(shop.t, oil.id)).toBe(7);
    expect(await stockOf(shop.t, soap.id)).toBe(4);

    const [kept] = await h.editsOf(id);
    expect(kept).toMatchObject({ editedBy: shop.admin.user.id, editedByName: 'Mutale Admin', note: 'Asked by phone' });
    expect((kept.before as { lines: unknown[] }).lines).toHaveLength(1);
    expect((kept.after as { lines: unknown[] }).lines).toHaveLength(2);
    const audit = await shop.t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'order.edited')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorName).toBe('Mutale Admin');
    const [text] = await h.textsOf(id, 'order-edited');
    expect(text.body).toContain('New total K');
    const mails = (await h.mailsOf('order-edited')).filter((m) => m.subject.includes(id.slice(0, 8)));
    expect(mails).toHaveLength(1);

    // The shopper's payment asks the new total: its how-to-pay reads the order's total.
    const own = await h.inject('GET', `/api/orders/${id}`, shop.admin);
    expect(own.json().totalPrice).toBe(order.totalPrice);
  });

  it('a preview answers before and after with stock problems and writes nothing; the edit is refused with the first problem', async () => {
    const rare = await insertProduct(shop.t, { name: 'Rare Honey', price: 80, countInStock: 3 });
    const id = await h.place([{ product: rare.id, quantity: 2, price: 80 }]);
    const before = await h.row(id);
    const preview = await h.preview(id, [{ productId: rare.id, qty: 5 }]);
    expect(preview.statusCode).toBe(200);
    const answer = preview.json();
    expect(answer.before.totalNgwee).toBe(before.totalNgwee);
    expect(answer.after.totalNgwee).toBe(totalOf([[80, 5]]));
    expect(answer.stockProblems).toEqual([
      { message: 'Not enough stock for Rare Honey: only 3 left', product: rare.id, variant: null, countInStock: 3 },
    ]);
    expect(await stockOf(shop.t, rare.id)).toBe(1);
    expect(await h.row(id)).toEqual(before);
    expect(await h.editsOf(id)).toHaveLength(0);

    const refused = await h.edit(id, [{ productId: rare.id, qty: 5 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not enough stock for Rare Honey: only 3 left');
    expect(await stockOf(shop.t, rare.id)).toBe(1);
    const fits = await h.edit(id, [{ productId: rare.id, qty: 3 }]);
    expect(fits.statusCode).toBe(200);
    expect(await stockOf(shop.t, rare.id)).toBe(0);
  });

  it('lowering a paid order refunds the difference once, through the refunds (a second admin approves)', async () => {
    const butter = await insertProduct(shop.t, { name: 'Paid Butter', price: 120, countInStock: 20 });
    const id = await h.placeAsCustomer([{ product: butter.id, quantity: 3, price: 120 }]);
    await h.payByHand(id);
    const paidTotal = (await h.row(id)).totalNgwee;

    const edited = await h.edit(id, [{ productId: butter.id, qty: 1 }]);
    expect(edited.statusCode).toBe(200);
    const newTotal = totalOf([[120, 1]]);
    const { order, edit } = edited.json();
    expect(order.totalPrice * 100).toBe(newTotal);
    expect(edit.refundNgwee).toBe(paidTotal - newTotal);
    expect(edit.refundId).toEqual(expect.any(String));
    const [refund] = await h.refundsOf(id);
    expect(refund).toMatchObject({ amountNgwee: paidTotal - newTotal, state: 'requested', route: 'by-hand' });
    expect(refund.reason).toBe('Order changed: Asked by phone');
    expect(await stockOf(shop.t, butter.id)).toBe(19);

    // Money: what was collected by hand stays what came in; the refund takes the difference.
    const view = (await h.inject('GET', `/api/orders/${id}/refunds`, shop.admin)).json();
    expect(view).toMatchObject({ collectedNgwee: paidTotal, pendingNgwee: paidTotal - newTotal });
    const own = await h.inject('PUT', `/api/refunds/${refund.id}/approve`, shop.admin);
    expect(own.statusCode).toBe(403);
    expect((await h.inject('PUT', `/api/refunds/${refund.id}/approve`, shop.checker)).statusCode).toBe(200);
    const after = (await h.inject('GET', `/api/orders/${id}/refunds`, shop.admin)).json();
    expect(after).toMatchObject({ collectedNgwee: paidTotal, refundedNgwee: paidTotal - newTotal, netNgwee: newTotal });
    const [text] = await h.textsOf(id, 'order-edited');
    expect(text.body).toContain('We will refund K');
  });

  it('two admins lowering a paid order at once: one edit, one refund; different edits: paid + balance due = total + refunds', async () => {
    const nuts = await insertProduct(shop.t, { name: 'Race Nuts', price: 90, countInStock: 30 });
    const id = await h.placeAsCustomer([{ product: nuts.id, quantity: 4, price: 90 }]);
    await h.payByHand(id);
    const paidTotal = (await h.row(id)).totalNgwee;
    const same = await Promise.all([
      h.edit(id, [{ productId: nuts.id, qty: 2 }]),
      h.edit(id, [{ productId: nuts.id, qty: 2 }], {}, shop.checker),
    ]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(same.find((r) => r.statusCode === 409)!.json().message).toBe(
      'The order is already as asked: nothing to change',
    );
    expect((await h.refundsOf(id)).map((r) => r.amountNgwee)).toEqual([paidTotal - totalOf([[90, 2]])]);
    expect(await stockOf(shop.t, nuts.id)).toBe(28);

    const other = await h.placeAsCustomer([{ product: nuts.id, quantity: 5, price: 90 }]);
    await h.payByHand(other);
    const otherPaid = (await h.row(other)).totalNgwee;
    const both = await Promise.all([
      h.edit(other, [{ productId: nuts.id, qty: 3 }]),
      h.edit(other, [{ productId: nuts.id, qty: 1 }], {}, shop.checker),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = await h.row(other);
    const refunded = (await h.refundsOf(other)).reduce((sum, r) => sum + r.amountNgwee, 0);
    // Whichever came second: lowered further (a second refund) or raised back (a balance due, the refund stands).
    expect(otherPaid + final.balanceDueNgwee).toBe(final.totalNgwee + refunded);
    expect(await stockOf(shop.t, nuts.id)).toBe(30 - 2 - final.itemsNgwee / 9_000);
  });

  it('raising a paid order leaves a balance due: not paid by the one rule until the balance is recorded by hand', async () => {
    const oil = await insertProduct(shop.t, { name: 'Balance Oil', price: 60, countInStock: 20 });
    const id = await h.placeAsCustomer([{ product: oil.id, quantity: 1, price: 60 }]);
    await h.payByHand(id);
    const paidTotal = (await h.row(id)).totalNgwee;
    const edited = await h.edit(id, [{ productId: oil.id, qty: 3 }]);
    expect(edited.statusCode).toBe(200);
    const newTotal = totalOf([[60, 3]]);
    expect(edited.json().edit).toMatchObject({ balanceDueNgwee: newTotal - paidTotal, refundNgwee: 0 });
    const mine = (await h.inject('GET', `/api/orders/${id}`, shop.customer)).json();
    expect(mine).toMatchObject({ isPaid: true, balanceDueNgwee: newTotal - paidTotal });
    expect(isOrderPaid(mine)).toBe(false);
    expect((await h.textsOf(id, 'order-edited'))[0].body).toContain('Please pay the balance of K');
    // Collected so far is what came in, not the new total.
    expect((await h.inject('GET', `/api/orders/${id}/refunds`, shop.admin)).json().collectedNgwee).toBe(paidTotal);

    const paid = await h.payByHand(id);
    expect(paid.balanceDueNgwee).toBe(0);
    expect(isOrderPaid(paid)).toBe(true);
    expect((await h.inject('GET', `/api/orders/${id}/refunds`, shop.admin)).json().collectedNgwee).toBe(newTotal);
    const audit = await shop.t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'order.balance-paid')));
    expect(audit).toHaveLength(1);
    // Paid in full: a second mark with a reason is refused as before.
    const again = await h.inject('PUT', `/api/orders/${id}/pay`, shop.admin, { note: 'Again' });
    expect(again.statusCode).toBe(409);
  });

  it("a balance collected by a provider's prompt for exactly the balance makes the order paid in full", async () => {
    const oil = await insertProduct(shop.t, { name: 'Prompt Oil', price: 70, countInStock: 20 });
    const id = await h.placeAsCustomer([{ product: oil.id, quantity: 1, price: 70 }]);
    await h.payByHand(id);
    const edited = (await h.edit(id, [{ productId: oil.id, qty: 2 }])).json();
    const balance = edited.edit.balanceDueNgwee;
    expect(balance).toBeGreaterThan(0);
    const reference = randomUUID();
    await shop.t.app.db.insert(paymentAttempts).values({
      orderId: id,
      provider: 'mtn',
      reference,
      phone: '+260961234567',
      amountNgwee: balance,
      currency: 'ZMW',
      state: 'successful',
      expiresAt: new Date(),
      endedAt: new Date(),
      collectedAt: new Date(),
    });
    await settleOrderPayment(shop.t.app, id, async () => ({
      pay: { provider: 'mtn', reference, providerTransactionId: 'PX-BAL' },
      result: null,
    }));
    const row = await h.row(id);
    expect(row.balanceDueNgwee).toBe(0);
    const view = (await h.inject('GET', `/api/orders/${id}/refunds`, shop.admin)).json();
    expect(view.collectedNgwee).toBe(row.totalNgwee);
  });

  it('an edit that changes nothing is refused, whatever the order of its lines or of its address', async () => {
    const oil = await insertProduct(shop.t, { name: 'Same Oil', price: 40, countInStock: 20 });
    const nuts = await insertProduct(shop.t, { name: 'Same Nuts', price: 25, countInStock: 20 });
    const id = await h.place([
      { product: oil.id, quantity: 1, price: 40 },
      { product: nuts.id, quantity: 2, price: 25 },
    ]);
    const row = await h.row(id);
    const address = Object.fromEntries(Object.entries(row.shippingAddress as object).reverse());
    const same = await h.edit(
      id,
      [
        { productId: nuts.id, qty: 2 },
        { productId: oil.id, qty: 1 },
      ],
      { delivery: { shippingAddress: address, deliveryOption: row.deliveryOptionId ?? undefined } },
    );
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json().message).toBe('The order is already as asked: nothing to change');
    expect(await h.editsOf(id)).toEqual([]);
    expect(await h.textsOf(id, 'order-edited')).toEqual([]);
  });

  it('sizes and gift sets: a size changed and a set added move exactly their variants and parts', async () => {
    const oil = await insertProduct(shop.t, { name: 'Sized Oil', price: 85, countInStock: 0 });
    const sized = await putVariants(shop.t, shop.admin.auth, oil.id, threeSizes([10, 10, 10]));
    const [small, medium] = sized.variants!;
    const butter = await insertProduct(shop.t, { name: 'Set Butter', price: 60, countInStock: 10 });
    const set = await insertProduct(shop.t, { name: 'Edit Gift Set', price: 250, countInStock: 0 });
    await putSetParts(shop.t, shop.admin.auth, set.id, {
      parts: [
        { product: butter.id, quantity: 2 },
        { product: oil.id, variant: small._id, quantity: 1 },
      ],
    });
    const variantStock = async (variantId: string) =>
      (await shop.t.app.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0].countInStock;

    const id = await h.place([
      { product: oil.id, variant: small._id, quantity: 2, price: 85 },
      { product: set.id, quantity: 1, price: 250 },
    ]);
    expect([await variantStock(small._id), await stockOf(shop.t, butter.id)]).toEqual([7, 8]);

    const edited = await h.edit(id, [
      { productId: oil.id, variantId: medium._id, qty: 1 },
      { productId: set.id, qty: 2 },
    ]);
    expect(edited.statusCode).toBe(200);
    expect(await variantStock(small._id)).toBe(8);
    expect(await variantStock(medium._id)).toBe(9);
    expect(await stockOf(shop.t, butter.id)).toBe(6);
    expect(await stockOf(shop.t, set.id)).toBe(3);
    expect(edited.json().order.totalPrice * 100).toBe(
      totalOf([
        [180, 1],
        [250, 2],
      ]),
    );

    // Cancelled afterwards, everything the edited lines took goes back.
    await h.inject('PUT', `/api/orders/${id}/status`, shop.admin, { status: 'Cancelled' });
    expect([await variantStock(small._id), await variantStock(medium._id), await stockOf(shop.t, butter.id)]).toEqual([
      10, 10, 10,
    ]);
  });

  it('a line the order holds keeps its price; a new line takes the catalogue price', async () => {
    const jam = await insertProduct(shop.t, { name: 'Price Jam', price: 40, countInStock: 20 });
    const id = await h.place([{ product: jam.id, quantity: 1, price: 40 }]);
    await shop.t.app.db.update(products).set({ priceNgwee: 5_000 }).where(eq(products.id, jam.id));
    const edited = (await h.edit(id, [{ productId: jam.id, qty: 2 }])).json();
    expect(edited.order.orderItems[0].price).toBe(40);
    expect(edited.order.itemsPrice).toBe(80);
  });

  it('a new delivery option or pickup point: its fee by money.ts, its snapshot and collection code, the address kept', async () => {
    const tea = await insertProduct(shop.t, { name: 'Pickup Tea', price: 40, countInStock: 20 });
    const id = await h.place([{ product: tea.id, quantity: 2, price: 40 }]);
    // Made after the order: the options' cache is cold, and must be read before the edit's transaction
    // (on the embedded database a read inside it would wait for the transaction itself).
    const made = await h.inject('POST', '/api/delivery-options', shop.admin, {
      // Its own town, so the other tests' orders in Lusaka are still offered the standard delivery first.
      provinces: ['Lusaka'],
      towns: ['Chongwe'],
      estimate: 'Next day',
      openingHours: 'Mon-Sat 08:00-17:00',
      directions: 'Behind the market',
      freeAbove: null,
      payOnCollection: false,
      name: 'Soweto market stall',
      kind: 'pickup',
      fee: 15,
    });
    expect(made.statusCode, made.body).toBe(201);
    const stall = made.json()._id;
    const shippingAddress = {
      address: '4 Market Road',
      city: 'Chongwe',
      province: 'Lusaka',
      zipCode: '10101',
      phoneNumber: '0961234567',
    };
    const edited = await h.edit(id, [{ productId: tea.id, qty: 2 }], {
      delivery: { deliveryOption: stall, shippingAddress },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { order } = edited.json();
    expect(order.shippingPrice).toBe(15);
    expect(order.totalPrice * 100).toBe(
      computeTotals([{ unitPriceNgwee: 4_000, quantity: 2 }], { delivery: { feeNgwee: 1_500, freeAboveNgwee: null } })
        .totalNgwee,
    );
    expect(order.delivery).toMatchObject({ option: stall, name: 'Soweto market stall', kind: 'pickup' });
    expect(order.shippingAddress).toEqual(shippingAddress);
    expect((await h.row(id)).collectionCode).toMatch(/^\d{6}$/);

    const nowhere = await h.edit(id, [{ productId: tea.id, qty: 2 }], {
      delivery: {
        deliveryOption: stall,
        shippingAddress: { ...shippingAddress, city: 'Kasama', province: 'Northern' },
      },
    });
    expect(nowhere.statusCode).toBe(400);
  });

  it('a pickup order that owes a balance is not handed over until the balance is paid', async () => {
    const cups = await insertProduct(shop.t, { name: 'Balance Cups', price: 25, countInStock: 20 });
    const made = await h.inject('POST', '/api/delivery-options', shop.admin, {
      provinces: ['Lusaka'],
      towns: ['Chilanga'],
      estimate: 'Next day',
      openingHours: 'Mon-Sat 08:00-17:00',
      directions: 'Beside the clinic',
      freeAbove: null,
      payOnCollection: false,
      name: 'Chilanga clinic stall',
      kind: 'pickup',
      fee: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = await h.place([{ product: cups.id, quantity: 1, price: 25 }]);
    await h.payByHand(id);
    const shippingAddress = {
      address: '9 Clinic Road',
      city: 'Chilanga',
      province: 'Lusaka',
      zipCode: '10101',
      phoneNumber: '0961234567',
    };
    const edited = await h.edit(id, [{ productId: cups.id, qty: 6 }], {
      delivery: { deliveryOption: made.json()._id, shippingAddress },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().edit.balanceDueNgwee).toBeGreaterThan(0);
    const code = (await h.row(id)).collectionCode;
    const owing = await h.inject('POST', `/api/orders/${id}/collected`, shop.admin, { code });
    expect(owing.statusCode, owing.body).toBe(409);
    expect(owing.json().message).toMatch(/^Not paid yet: do not hand the parcel over/);
    await h.payByHand(id);
    const handed = await h.inject('POST', `/api/orders/${id}/collected`, shop.admin, { code });
    expect(handed.statusCode, handed.body).toBe(200);
  });

  it('refused once the order left, was collected or cancelled, naming its state; and while a payment is under way', async () => {
    const soap = await insertProduct(shop.t, { name: 'Late Soap', price: 30, countInStock: 20 });
    for (const status of ['Shipped', 'Delivered', 'Cancelled'] as const) {
      const id = await h.place([{ product: soap.id, quantity: 1, price: 30 }]);
      await h.inject('PUT', `/api/orders/${id}/status`, shop.admin, { status });
      for (const answer of [
        await h.preview(id, [{ productId: soap.id, qty: 2 }]),
        await h.edit(id, [{ productId: soap.id, qty: 2 }]),
      ]) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toContain(`This order is ${status}`);
      }
    }
    const collected = await h.place([{ product: soap.id, quantity: 1, price: 30 }]);
    await shop.t.app.db.update(orders).set({ collectedAt: new Date() }).where(eq(orders.id, collected));
    const refused = await h.edit(collected, [{ productId: soap.id, qty: 2 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order is collected: it can be changed only before it leaves');

    // Paid and delivered, its maker's share written, then reopened: still refused.
    const member = await h.inject('POST', '/api/members', shop.admin, { name: 'Ruth Maker', mobile: '0977300301' });
    expect(member.statusCode, member.body).toBe(201);
    const makers = await h.inject('PUT', `/api/products/${soap.id}/makers`, shop.admin, {
      makersPercent: null,
      makers: [{ memberId: member.json()._id, parts: 1 }],
    });
    expect(makers.statusCode, makers.body).toBe(200);
    const reopened = await h.place([{ product: soap.id, quantity: 1, price: 30 }]);
    await h.payByHand(reopened);
    for (const status of ['Delivered', 'Processing'])
      expect((await h.inject('PUT', `/api/orders/${reopened}/status`, shop.admin, { status })).statusCode).toBe(200);
    const shared = await h.edit(reopened, [{ productId: soap.id, qty: 2 }]);
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toBe(
      "This order was handed over once and its makers' shares are written: it can no longer be changed",
    );
    expect(await h.editsOf(reopened)).toEqual([]);

    const paying = await h.place([{ product: soap.id, quantity: 1, price: 30 }]);
    await shop.t.app.db.insert(paymentAttempts).values({
      orderId: paying,
      provider: 'mtn',
      reference: randomUUID(),
      phone: '+260961234567',
      amountNgwee: 100,
      currency: 'ZMW',
      state: 'pending',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const live = await h.edit(paying, [{ productId: soap.id, qty: 2 }]);
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toContain('A payment of this order is under way');
  });

  it('hostile input and access: 401, 403, 404, 400 and 409 with a message, never a 500', async () => {
    const soap = await insertProduct(shop.t, { name: 'Guard Soap', price: 30, countInStock: 20 });
    const id = await h.place([{ product: soap.id, quantity: 1, price: 30 }]);
    const ok = [{ productId: soap.id, qty: 2 }];
    expect((await h.inject('POST', `/api/orders/${id}/edit`, null, h.body(ok))).statusCode).toBe(401);
    expect((await h.edit(id, ok, {}, shop.customer)).statusCode).toBe(403);
    expect((await h.preview(id, ok, {}, shop.customer)).statusCode).toBe(403);
    expect((await h.inject('GET', `/api/orders/${id}/edits`, shop.customer)).statusCode).toBe(403);
    expect((await h.edit(randomUUID(), ok)).statusCode).toBe(404);
    expect((await h.edit('not-an-id', ok)).statusCode).toBe(404);
    const bad: [unknown, number, string][] = [
      [{ lines: [], note: 'x' }, 400, 'An order needs at least one line: cancel it instead'],
      [{ lines: [{ productId: soap.id, qty: 0 }], note: 'x' }, 400, 'qty must be at least 1'],
      [{ lines: [{ productId: soap.id, qty: 1.5 }], note: 'x' }, 400, 'qty must be a whole number'],
      [{ lines: [{ productId: soap.id, qty: 1e9 }], note: 'x' }, 400, 'qty must be at most'],
      [{ lines: ok, note: '' }, 400, 'Say why the order is changed'],
      [{ lines: ok }, 400, 'note'],
      [{ lines: ok, note: 'x'.repeat(501) }, 400, 'note is too long'],
      [{ lines: 'everything', note: 'x' }, 400, 'lines must be a list'],
      [{ lines: [{ productId: 'x'.repeat(65), qty: 1 }], note: 'x' }, 400, ''],
      [{ lines: [{ productId: "1' or 1=1 --", qty: 1 }], note: 'x' }, 409, 'no longer available'],
      [{ lines: [{ productId: randomUUID(), qty: 1 }], note: 'x' }, 409, 'no longer available'],
      [{ lines: [{ productId: soap.id, variantId: randomUUID(), qty: 1 }], note: 'x' }, 409, 'no longer available'],
      [{ lines: ok, note: 'x', delivery: { shippingAddress: { address: 'x' } } }, 400, ''],
      [
        {
          lines: ok,
          note: 'x',
          delivery: {
            deliveryOption: randomUUID(),
            shippingAddress: {
              address: '1 Long Road',
              city: 'Lusaka',
              province: 'Lusaka',
              zipCode: '1',
              phoneNumber: '0971234567',
            },
          },
        },
        400,
        '',
      ],
    ];
    for (const [payload, status, message] of bad) {
      const what = JSON.stringify(payload).slice(0, 80);
      const edited = await h.inject('POST', `/api/orders/${id}/edit`, shop.admin, payload);
      expect(edited.statusCode, `${what}: ${edited.body}`).toBe(status);
      expect(edited.json().message).toContain(message);
      // A preview answers a stock problem (409 on the edit) as a problem in its 200, and needs no note.
      const previewed = await h.inject('POST', `/api/orders/${id}/edit/preview`, shop.admin, payload);
      const noteOnly = message.startsWith('Say why') || message === 'note';
      expect(previewed.statusCode, `${what}: ${previewed.body}`).toBe(status === 409 || noteOnly ? 200 : status);
      if (status === 409) expect(previewed.json().stockProblems[0].message).toContain(message);
      else if (!noteOnly) expect(previewed.json().message).toContain(message);
    }
    expect(await stockOf(shop.t, soap.id)).toBe(19);
    expect(await h.editsOf(id)).toHaveLength(0);
  });

  it('GET /orders/{id}/edits: who, why, before and after, newest first', async () => {
    const tea = await insertProduct(shop.t, { name: 'History Tea', price: 25, countInStock: 20 });
    const id = await h.place([{ product: tea.id, quantity: 1, price: 25 }]);
    await h.edit(id, [{ productId: tea.id, qty: 2 }]);
    await h.edit(id, [{ productId: tea.id, qty: 4 }], { note: 'Four after all' });
    const list = (await h.inject('GET', `/api/orders/${id}/edits`, shop.admin)).json();
    expect(
      list.map((e: { note: string; after: { lines: { quantity: number }[] } }) => [e.note, e.after.lines[0].quantity]),
    ).toEqual([
      ['Four after all', 4],
      ['Asked by phone', 2],
    ]);
    expect(list[0].editedBy).toEqual({ _id: shop.admin.user.id, name: 'Mutale Admin' });
  });
});

import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, orderItems, orders, settings } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { formatKwacha, toKwacha } from '../../../shared/money';
import { addressesOf, startSmtpPeer, type ReceivedMail, type SmtpPeer } from './test/smtp-peer';
import { insertProduct, orderBody, placeOrderAs, type CartLine } from '../orders/test/fixtures';

const SHOP_INBOX = 'orders@coop-shop.example';
const AIRTEL = '+260 97 123 4567';
const MTN = '+260 96 765 4321';

type Customer = Awaited<ReturnType<typeof createUser>>;

/** The order as stored, with every figure formatted the way the e-mails must show it. */
async function storedOrder(t: TestApp, orderId: string) {
  const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await t.app.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const money = (ngwee: number) => formatKwacha(toKwacha(ngwee));
  return {
    order,
    reference: order.id.slice(0, 8),
    lines: items.map((i) => `${i.quantity} x ${i.name}: ${money(i.unitPriceNgwee * i.quantity)}`),
    subtotal: money(order.itemsNgwee),
    tax: money(order.taxNgwee),
    shipping: order.shippingNgwee === 0 ? 'Free' : money(order.shippingNgwee),
    total: money(order.totalNgwee),
  };
}

describe('order e-mails through a real SMTP peer', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Customer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ smtpUrl: peer.url, shopEmail: SHOP_INBOX });
    admin = (await createUser(t, { isAdmin: true })).auth;
    customer = await createUser(t, { name: 'Chanda Mulenga' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { airtelMoneyNumber: AIRTEL, mtnMoneyNumber: MTN, paymentAccountName: 'Kabulonga Women & Sons' },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const place = async (
    lines: CartLine[],
    overrides: Record<string, unknown> = {},
    headers: Record<string, string> = customer.auth,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderBody(lines, overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.outbox.idle();
    return res.json()._id as string;
  };
  const oneProductOrder = async (price = 40, overrides: Record<string, unknown> = {}) => {
    const product = await insertProduct(t, { price });
    return place([{ product: product.id, quantity: 1, price }], overrides);
  };
  const put = async (url: string, payload?: object, headers = admin) => {
    const res = await t.app.inject({ method: 'PUT', url, headers, payload });
    await t.app.outbox.idle();
    return res;
  };
  /** Mail to an address about one order (its number is in every subject). */
  const mailAbout = (address: string, orderId: string): ReceivedMail[] =>
    peer.to(address).filter((m) => m.parsed.subject?.includes(`#${orderId.slice(0, 8)}`));
  const subjectsAbout = (address: string, orderId: string) => mailAbout(address, orderId).map((m) => m.parsed.subject);

  it('confirms an order to its customer with the stored items, totals, payment instructions and links', async () => {
    const oil = await insertProduct(t, { name: 'Baobab & <Marula> oil "gift"', price: 120.5 });
    const soap = await insertProduct(t, { name: 'Honey soap', price: 45.25 });
    const id = await place([
      { product: oil.id, quantity: 3, price: 120.5 },
      { product: soap.id, quantity: 1, price: 45.25 },
    ]);
    const stored = await storedOrder(t, id);
    expect(stored.shipping).not.toBe('Free'); // K406.75 of items pays shipping

    const mails = mailAbout(customer.email, id);
    expect(mails).toHaveLength(1);
    const { parsed, envelopeTo } = mails[0];
    expect(envelopeTo).toEqual([customer.email]);
    expect(parsed.subject).toBe(`Order #${stored.reference} received`);
    expect(parsed.replyTo?.value[0]).toEqual({ name: "Forest Gold Women's Co-op (demo)", address: SHOP_INBOX });

    const text = parsed.text!;
    const orderUrl = `http://localhost:3000/account/orders/${id}`;
    for (const expected of [
      'Hello Chanda Mulenga,',
      `Your order #${stored.reference} has been received and is being processed.`,
      `Send ${stored.total} by Airtel Money to:`,
      `Number: ${AIRTEL}`,
      'Name: Kabulonga Women & Sons',
      `Reference: ${stored.reference}`,
      `Please use the order number ${stored.reference} as the payment reference so we can match your payment.`,
      `you can enter the transaction id you received on your order page: ${orderUrl}`,
      ...stored.lines,
      `Subtotal: ${stored.subtotal}`,
      `Tax (16%): ${stored.tax}`,
      `Shipping: ${stored.shipping}`,
      `Total: ${stored.total}`,
      'Chanda Mulenga\n12 Kabulonga Road\nLusaka, Lusaka 10101\nPhone: 0971234567',
      `View your order:\n${orderUrl}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(stored.lines[0]).toContain('3 x Baobab & <Marula> oil "gift"');
    expect(text).not.toContain(MTN);
    // No provider settings: the manual way is the only way, no prompt is promised.
    expect(text).not.toContain('prompt');

    const html = parsed.html as string;
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('Baobab &amp; &lt;Marula&gt; oil &quot;gift&quot;');
    expect(html).not.toContain('<Marula>');
    expect(html).toContain('Kabulonga Women &amp; Sons');
    expect(html).toContain(`<a href="${orderUrl}"`);
    for (const amount of [stored.subtotal, stored.tax, stored.shipping, stored.total]) expect(html).toContain(amount);

    const [row] = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, parsed.messageId!.slice(1).split('@')[0]));
    expect(row).toMatchObject({ kind: 'order-confirmation', status: 'sent', toAddress: customer.email });
  });

  it('tells the cooperative of the new order, with a reply going to the customer', async () => {
    const product = await insertProduct(t, { name: 'Gift basket', price: 260 });
    const id = await place([{ product: product.id, quantity: 2, price: 260 }]);
    const stored = await storedOrder(t, id);
    expect(stored.shipping).toBe('Free');

    const notices = mailAbout(SHOP_INBOX, id);
    expect(notices).toHaveLength(1);
    const { parsed } = notices[0];
    expect(parsed.subject).toBe(`New order #${stored.reference}: ${stored.total}, Airtel Money`);
    expect(parsed.replyTo?.value[0]).toEqual({ name: 'Chanda Mulenga', address: customer.email });
    for (const expected of [
      'Customer: Chanda Mulenga',
      `E-mail: ${customer.email}`,
      'Payment: Airtel Money',
      `Total: ${stored.total}`,
      `The customer was asked to send ${stored.total} by Airtel Money with the reference ${stored.reference}.`,
      '2 x Gift basket: ',
      ...stored.lines,
      'Shipping: Free',
      `http://localhost:3000/admin/orders?q=${stored.reference}`,
      `Order id: ${id}`,
    ]) {
      expect(parsed.text).toContain(expected);
    }
    expect(addressesOf(parsed.to)).toEqual([SHOP_INBOX]);
    // The customer's confirmation of the same order says Free shipping too.
    expect(mailAbout(customer.email, id)[0].parsed.text).toContain('Shipping: Free');
  });

  it('gives the MTN number to MTN payers and promises a payment link to card payers', async () => {
    const mtnId = await oneProductOrder(40, { paymentMethod: 'mtn' });
    const mtn = await storedOrder(t, mtnId);
    const mtnText = mailAbout(customer.email, mtnId)[0].parsed.text!;
    expect(mtnText).toContain(`Send ${mtn.total} by MTN Mobile Money to:`);
    expect(mtnText).toContain(`Number: ${MTN}`);
    expect(mtnText).not.toContain(AIRTEL);

    const cardId = await oneProductOrder(40, { paymentMethod: 'creditCard' });
    const card = await storedOrder(t, cardId);
    const cardText = mailAbout(customer.email, cardId)[0].parsed.text!;
    expect(cardText).toContain(
      `You chose to pay by card: the cooperative will send you a payment link for ${card.total} (reference ${card.reference}).`,
    );
    expect(cardText).not.toContain('Number:');
    expect(mailAbout(SHOP_INBOX, cardId)[0].parsed.text).toContain(`please send them a payment link for ${card.total}`);
  });

  it('mails the customer when an admin marks the order paid, shipped and delivered, once each', async () => {
    const id = await oneProductOrder();
    const stored = await storedOrder(t, id);
    const ref = stored.reference;

    // The owner attaching the transaction id of their payment is not a payment the cooperative confirmed.
    expect(
      (await put(`/api/orders/${id}/pay`, { paymentReference: 'MP2611.1234.A56789' }, customer.auth)).statusCode,
    ).toBe(200);
    expect(subjectsAbout(customer.email, id)).toEqual([`Order #${ref} received`]);

    expect((await put(`/api/orders/${id}/pay`, {})).statusCode).toBe(200);
    expect((await put(`/api/orders/${id}/pay`, {})).statusCode).toBe(200); // already paid: no second mail
    const paid = mailAbout(customer.email, id).at(-1)!.parsed;
    expect(paid.subject).toBe(`Order #${ref}: payment received`);
    expect(paid.text).toContain(`We have received your payment of ${stored.total} for order #${ref}.`);
    expect(paid.text).toContain(`http://localhost:3000/account/orders/${id}`);

    for (const status of ['Processing', 'Shipped', 'Shipped']) {
      expect((await put(`/api/orders/${id}/status`, { status })).statusCode).toBe(200);
    }
    const shipped = mailAbout(customer.email, id).at(-1)!.parsed;
    expect(shipped.subject).toBe(`Order #${ref} shipped`);
    expect(shipped.text).toContain(`Order #${ref} has been shipped to:\n\nChanda Mulenga\n12 Kabulonga Road`);

    expect((await put(`/api/orders/${id}/deliver`)).statusCode).toBe(200);
    expect((await put(`/api/orders/${id}/deliver`)).statusCode).toBe(200);
    expect((await put(`/api/orders/${id}/status`, { status: 'Delivered' })).statusCode).toBe(200);
    expect(subjectsAbout(customer.email, id)).toEqual([
      `Order #${ref} received`,
      `Order #${ref}: payment received`,
      `Order #${ref} shipped`,
      `Order #${ref} delivered`,
    ]);
    const kinds = await t.app.db
      .select({ kind: mailMessages.kind, status: mailMessages.status })
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, customer.email));
    expect(kinds.filter((k) => k.kind === 'order-delivered')).toEqual([{ kind: 'order-delivered', status: 'sent' }]);
  });

  it('sends Delivered from the status route too, and nothing for Pending or Processing', async () => {
    const id = await oneProductOrder();
    const ref = id.slice(0, 8);
    for (const status of ['Processing', 'Pending', 'Processing'])
      expect((await put(`/api/orders/${id}/status`, { status })).statusCode).toBe(200);
    expect(subjectsAbout(customer.email, id)).toEqual([`Order #${ref} received`]);
    expect((await put(`/api/orders/${id}/status`, { status: 'Delivered' })).statusCode).toBe(200);
    expect(subjectsAbout(customer.email, id)).toEqual([`Order #${ref} received`, `Order #${ref} delivered`]);
  });

  it('mails a cancellation once, saying what happens to money paid or not', async () => {
    const unpaid = await oneProductOrder();
    for (const status of ['Cancelled', 'Cancelled'])
      expect((await put(`/api/orders/${unpaid}/status`, { status })).statusCode).toBe(200);
    // Reopening a cancelled order is the cooperative correcting itself: no mail.
    expect((await put(`/api/orders/${unpaid}/status`, { status: 'Processing' })).statusCode).toBe(200);
    const unpaidMails = mailAbout(customer.email, unpaid);
    expect(unpaidMails.map((m) => m.parsed.subject)).toEqual([
      `Order #${unpaid.slice(0, 8)} received`,
      `Order #${unpaid.slice(0, 8)} cancelled`,
    ]);
    expect(unpaidMails[1].parsed.text).toContain('Please do not send a payment for this order.');

    const paid = await oneProductOrder();
    const stored = await storedOrder(t, paid);
    expect((await put(`/api/orders/${paid}/pay`, {})).statusCode).toBe(200);
    expect((await put(`/api/orders/${paid}/status`, { status: 'Cancelled' })).statusCode).toBe(200);
    const cancelled = mailAbout(customer.email, paid).at(-1)!.parsed;
    expect(cancelled.subject).toBe(`Order #${stored.reference} cancelled`);
    expect(cancelled.text).toContain(
      `We had received your payment of ${stored.total}: we will contact you to return it.`,
    );
    // A cancelled order cannot be paid (409), so no payment mail follows.
    expect((await put(`/api/orders/${paid}/pay`, {})).statusCode).toBe(409);
    expect(mailAbout(customer.email, paid)).toHaveLength(3);
  });

  it('sends one mail for a double tap on the same change', async () => {
    const id = await oneProductOrder();
    const taps = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'PUT', url: `/api/orders/${id}/deliver`, headers: admin })),
    );
    expect(taps.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const pays = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'PUT', url: `/api/orders/${id}/pay`, headers: admin, payload: {} })),
    );
    expect(pays.map((r) => r.statusCode)).toEqual([200, 200]);
    await t.app.outbox.idle();
    const ref = id.slice(0, 8);
    expect(subjectsAbout(customer.email, id).sort()).toEqual([
      `Order #${ref} delivered`,
      `Order #${ref} received`,
      `Order #${ref}: payment received`,
    ]);
  });

  it('sends one confirmation for a submit repeated with the same Idempotency-Key, even at once', async () => {
    const product = await insertProduct(t, { price: 55 });
    const body = orderBody([{ product: product.id, quantity: 1, price: 55 }]);
    const headers = { ...customer.auth, 'idempotency-key': `checkout-${randomUUID()}` };
    const post = () => t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body });
    const first = await post();
    const again = await post();
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()._id).toBe(first.json()._id);

    const otherHeaders = { ...customer.auth, 'idempotency-key': `checkout-${randomUUID()}` };
    const together = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/orders', headers: otherHeaders, payload: body })),
    );
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(together.map((r) => r.json()._id)).size).toBe(1);

    await t.app.outbox.idle();
    for (const id of [first.json()._id, together[0].json()._id]) {
      expect(mailAbout(customer.email, id)).toHaveLength(1);
      expect(mailAbout(SHOP_INBOX, id)).toHaveLength(1);
    }
  });

  it('places the order (201) when the mail server refuses the customer, and records the refusal', async () => {
    const refused = await createUser(t, { name: 'Refused Reader' });
    peer.rejectRecipients.add(refused.email.toLowerCase());
    const product = await insertProduct(t, { price: 30 });
    const id = await place([{ product: product.id, quantity: 1, price: 30 }], {}, refused.auth);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ userId: refused.user.id, status: 'Pending' });
    expect(peer.to(refused.email)).toHaveLength(0);
    const [row] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, refused.email));
    expect(row).toMatchObject({ kind: 'order-confirmation', status: 'failed' });
    expect(row.lastError).toMatch(/550/);
    expect(mailAbout(SHOP_INBOX, id)).toHaveLength(1);
  });
});

describe('order e-mails when the mail server cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A peer started and stopped again: its port refuses connections.
    const gone = await startSmtpPeer();
    await gone.close();
    t = await createTestApp({ smtpUrl: gone.url });
  });
  afterAll(() => t?.close());

  it('answers 201 and keeps the order; both messages are recorded as failed', async () => {
    const customer = await createUser(t);
    const admin = (await createUser(t, { isAdmin: true })).auth;
    const product = await insertProduct(t, { price: 80 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity: 2, price: 80 }]),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id;
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/status`,
      headers: admin,
      payload: { status: 'Shipped' },
    });
    expect(shipped.statusCode).toBe(200);
    await t.app.outbox.idle();

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: customer.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ totalPrice: 260.6, status: 'Shipped' });
    const rows = await t.app.db.select().from(mailMessages);
    expect(rows.map((r) => [r.kind, r.toAddress, r.status]).sort()).toEqual(
      [
        ['order-confirmation', customer.email, 'failed'],
        ['order-notice', 'hello@coop-shop.example', 'failed'],
        ['order-shipped', customer.email, 'failed'],
      ].sort(),
    );
    expect(rows.every((r) => /ECONNREFUSED|connect/i.test(r.lastError ?? ''))).toBe(true);
  });
});

describe('order e-mails without SMTP: the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('writes the confirmation and the notice as .eml files', async () => {
    const customer = await createUser(t);
    const product = await insertProduct(t, { price: 25 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity: 1, price: 25 }], { paymentMethod: 'mtn' }),
    });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.idle();
    const outbox = path.join(t.dataDir, 'outbox');
    const parsed = await Promise.all(readdirSync(outbox).map((f) => simpleParser(readFileSync(path.join(outbox, f)))));
    const ref = res.json()._id.slice(0, 8);
    expect(parsed.map((m) => [addressesOf(m.to)[0], m.subject]).sort()).toEqual(
      [
        [customer.email, `Order #${ref} received`],
        ['hello@coop-shop.example', `New order #${ref}: ${formatKwacha(res.json().totalPrice)}, MTN Mobile Money`],
      ].sort(),
    );
    // The demo MTN number until an admin enters the cooperative's own.
    expect(parsed.find((m) => addressesOf(m.to)[0] === customer.email)!.text).toContain('Number: +260 96 000 0002');
  });

  it('asks the customer to write for the number when the shop has none for that network', async () => {
    const admin = (await createUser(t, { isAdmin: true })).auth;
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin, payload: { airtelMoneyNumber: '' } }))
        .statusCode,
    ).toBe(200);
    const customer = await createUser(t);
    const product = await insertProduct(t, { price: 25 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody([{ product: product.id, quantity: 1, price: 25 }]),
    });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.idle();
    const [row] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, customer.email));
    expect(row.textBody).toContain('Number: please ask us at hello@coop-shop.example');
    expect(row.textBody).not.toContain('+260 97 000 0001');
  });

  it("uses the shop's copy of its settings where it alone writes them, dropped by a save; PostgreSQL reads them in the order's transaction", async () => {
    const admin = (await createUser(t, { isAdmin: true })).auth;
    const product = await insertProduct(t, { price: 30 });
    const placeAndRead = async () => {
      const buyer = await createUser(t);
      await placeOrderAs(t, buyer.auth, [{ product: product.id, quantity: 1, price: 30 }]);
      await t.app.outbox.idle();
      const [row] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, buyer.email));
      return row.textBody;
    };
    const save = async (airtelMoneyNumber: string) => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin,
        payload: { airtelMoneyNumber },
      });
      expect(saved.statusCode).toBe(200);
    };
    await save('+260 97 555 0101');
    expect(await placeAndRead()).toContain('+260 97 555 0101');
    // Written behind the shop's back: only a read in the transaction sees it before the copy's 30 s end.
    await t.app.db
      .update(settings)
      .set({ value: sql`${settings.value} || '{"airtelMoneyNumber":"+260 97 555 0202"}'::jsonb` })
      .where(eq(settings.key, 'shop'));
    const body = await placeAndRead();
    if (t.app.database.kind === 'pglite') expect(body).toContain('+260 97 555 0101');
    else expect(body).toContain('+260 97 555 0202');
    // A save through the shop is seen by the very next order on either database.
    await save('+260 97 555 0303');
    expect(await placeAndRead()).toContain('+260 97 555 0303');
  });
});

describe('the confirmation of an order the shop collects by itself', () => {
  it('tells the shopper to pay from the order page by a prompt on the phone, and still gives the manual way', async () => {
    const peer = await startSmtpPeer();
    const airtel = {
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'id',
      clientSecret: 'secret',
      country: 'ZM' as const,
      currency: 'ZMW' as const,
      timeoutMs: 1_000,
    };
    const t = await createTestApp({ smtpUrl: peer.url, shopEmail: SHOP_INBOX, paymentProviders: { airtel } });
    try {
      const customer = await createUser(t);
      const product = await insertProduct(t, { price: 40 });
      const placed = async (paymentMethod: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: customer.auth,
          payload: orderBody([{ product: product.id, quantity: 1, price: 40 }], { paymentMethod }),
        });
        expect(res.statusCode, res.body).toBe(201);
        await t.app.outbox.idle();
        const id = res.json()._id as string;
        return peer.to(customer.email).find((m) => m.parsed.subject === `Order #${id.slice(0, 8)} received`)!.parsed
          .text!;
      };
      const byAirtel = await placed('airtel');
      expect(byAirtel).toContain(
        'we send an Airtel Money prompt to your phone, you approve it with your PIN, and your order is marked paid by itself.',
      );
      expect(byAirtel).toContain('Pay from your order page:\nhttp://localhost:3000/account/orders/');
      expect(byAirtel).toContain('If the prompt does not reach you, you can also send the money by hand:');
      expect(byAirtel).toMatch(/Send K\s?[\d.,]+ by Airtel Money to:/);
      // MTN has no settings here: its shoppers get only the manual way.
      const byMtn = await placed('mtn');
      expect(byMtn).not.toContain('prompt');
      expect(byMtn).toMatch(/Send K\s?[\d.,]+ by MTN Mobile Money to:/);
    } finally {
      await t.close();
      await peer.close();
    }
  });
});

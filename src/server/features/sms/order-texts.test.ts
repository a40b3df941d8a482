import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/orders';
import { smsLength } from '../../../shared/sms-text';
import {
  heldFor,
  newOrderText,
  orderPlacedText,
  orderRefundedText,
  orderReleasedText,
  orderUpdateText,
  type OrderTextContext,
} from './order-texts';

// The longest a real link gets: a 25-character public address, /o/ and the 43-character token.
const PUBLIC_URL = 'https://shop.kabulonga.zm'; // 25
const LINK = `${PUBLIC_URL}/o/${'A'.repeat(43)}`;
const ADMIN_LINK = `${PUBLIC_URL}/admin/orders?q=3f2a9c1e`;

const settings: OrderTextContext['settings'] = {
  shopName: 'Kabulonga Women’s Craft Co-operative Society',
  phone: '+260 97 765 4321',
  airtelMoneyNumber: '+260 97 123 4567',
  mtnMoneyNumber: '096 123 4567',
  paymentAccountName: 'Kabulonga Women’s Crafts Savings Group',
};
const context: OrderTextContext = { settings, link: LINK };
const ORDER_PAGE = `${PUBLIC_URL}/account/orders/3f2a9c1e-8b7d-4e6f-a5c4-123456789abc`;
const automatic: OrderTextContext = { ...context, automaticPayments: ['airtel'], orderPage: ORDER_PAGE };

function order(change: Partial<Order> = {}): Order {
  return {
    _id: '3f2a9c1e-8b7d-4e6f-a5c4-123456789abc',
    user: { _id: null, name: 'Mwila Chanda-Mulenga Nakamba', email: '' },
    orderItems: [
      { name: 'Hand-woven “Chitenge” basket — large', quantity: 12, price: 1_234.5, image: '', product: 'p' },
    ],
    shippingAddress: {
      address: 'Plot 12',
      city: 'Kapiri Mposhi',
      province: 'Central',
      zipCode: '10101',
      phoneNumber: '0971234567',
    },
    paymentMethod: 'airtel',
    totalPrice: 123_456.78,
    isPaid: false,
    status: 'Pending',
    ...change,
  } as Order;
}

const every = (o: Order) => [
  orderPlacedText(o, context),
  ...(['paid', 'Shipped', 'Delivered', 'Cancelled'] as const).map((update) => orderUpdateText(update, o, context)),
  newOrderText(o, ADMIN_LINK),
];

describe('order texts', () => {
  it('fit one GSM-7 message with long names, a six-figure total and the longest link', () => {
    for (const paymentMethod of ['airtel', 'mtn', 'creditCard']) {
      for (const isPaid of [false, true]) {
        for (const text of every(order({ paymentMethod, isPaid }))) {
          expect(smsLength(text), text).toMatchObject({ encoding: 'GSM-7', parts: 1 });
          expect(text).not.toMatch(/[’“”—]/);
        }
      }
    }
    for (const text of every(order())) expect(text).toMatch(/(\/o\/A{43}|\?q=3f2a9c1e)$/);
    for (const paymentMethod of ['airtel', 'mtn']) {
      const text = orderPlacedText(order({ paymentMethod }), automatic);
      expect(smsLength(text), text).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    }
  });

  it("carry a pickup order's collection code in one message, with the longest link and mobile-money wording", () => {
    const delivery = {
      option: null,
      name: 'Choma market stall 14',
      kind: 'pickup' as const,
      estimate: '',
      openingHours: '',
      directions: '',
    };
    const collection = { code: '048213', collectedAt: null, collectedBy: null };
    for (const paymentMethod of ['mtn', 'airtel', 'creditCard']) {
      const text = orderPlacedText(order({ paymentMethod, delivery, collection }), context);
      expect(text).toContain('048213');
      expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    }
    const roomy = { link: 'https://coop.zm/o/abc123', settings: { ...settings, shopName: 'Kabulonga Crafts' } };
    expect(orderPlacedText(order({ paymentMethod: 'creditCard', delivery, collection }), roomy)).toMatch(
      /^Kabulonga Crafts: Collect at Choma market stall 14 with code 048213\. /,
    );
  });

  it('name a pickup point while it fits one message, and leave the seeded standard delivery unsaid', () => {
    const pickup = (name: string) =>
      order({
        paymentMethod: 'creditCard',
        totalPrice: 450,
        delivery: { option: null, name, kind: 'pickup', estimate: '', openingHours: '', directions: '' },
      });
    const short = {
      link: 'https://coop.zm/o/abc123',
      settings: { ...settings, shopName: 'Kabulonga Crafts' },
    };
    const named = orderPlacedText(pickup('Choma market stall 14'), short);
    expect(named).toMatch(/^Kabulonga Crafts: Collect at Choma market stall 14\. /);
    // An 80-character name leaves no room: the text is the one without it, still one message.
    const long = orderPlacedText(pickup('Choma '.repeat(13) + 'xx'), context);
    expect(long).not.toContain('Collect at');
    expect(smsLength(long)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    const standard = {
      option: null,
      name: 'Standard delivery',
      kind: 'door' as const,
      estimate: '',
      openingHours: '',
      directions: '',
    };
    expect(orderPlacedText(order({ delivery: standard }), short)).toBe(orderPlacedText(order(), short));
  });

  it('point a shopper whose network the shop collects by itself to the order page, with no pay-by-hand instructions', () => {
    const short = { ...automatic, settings: { ...settings, shopName: 'Kabulonga Crafts' } };
    expect(orderPlacedText(order({ totalPrice: 450 }), short)).toBe(
      `Kabulonga Crafts: Order #3f2a9c1e, K450.00. Pay from your order page: ${ORDER_PAGE}`,
    );
    expect(
      orderPlacedText(order({ totalPrice: 450 }), { ...short, orderPage: 'https://kumbuka.zm/account/orders/1' }),
    ).toBe(
      'Kabulonga Crafts: Thank you! Order #3f2a9c1e received, K450.00. Pay by Airtel Money prompt from your order page: https://kumbuka.zm/account/orders/1',
    );
    const text = orderPlacedText(order({ paymentMethod: 'airtel' }), automatic);
    expect(text).toMatch(/from your order page: /);
    expect(text.endsWith(ORDER_PAGE)).toBe(true);
    expect(text).not.toMatch(/0971234567|ref/);
    // MTN has no provider settings here: its shoppers still pay by hand.
    expect(orderPlacedText(order({ paymentMethod: 'mtn' }), automatic)).toMatch(
      /Pay by MTN.* to 0961234567, ref(erence)? 3f2a9c1e\./,
    );
  });

  it('tell a mobile-money customer the total, the number and the reference to pay with, shop name first when it fits', () => {
    const short = { ...context, settings: { ...settings, shopName: 'Kabulonga Crafts', paymentAccountName: '' } };
    expect(orderPlacedText(order({ totalPrice: 450 }), short)).toBe(
      `Kabulonga Crafts: Order #3f2a9c1e, K450.00. Pay by Airtel to 0971234567, ref 3f2a9c1e. ${LINK}`,
    );
    const shortLink = { ...short, link: 'https://kumbuka.zm/o/x' };
    expect(orderPlacedText(order({ totalPrice: 450 }), shortLink)).toBe(
      'Kabulonga Crafts: Thank you! Order #3f2a9c1e received, K450.00. Pay by Airtel Money to 0971234567, reference 3f2a9c1e. https://kumbuka.zm/o/x',
    );
    const long = orderPlacedText(order({ paymentMethod: 'mtn' }), context);
    expect(long).toContain('K123,456.78');
    expect(long).toMatch(/Pay by MTN.* to 0961234567, ref(erence)? 3f2a9c1e\./);
    expect(orderPlacedText(order({ paymentMethod: 'creditCard', totalPrice: 450 }), short)).toMatch(
      /card payment link/,
    );
    const noNumber = { ...short, settings: { ...short.settings, airtelMoneyNumber: '' } };
    expect(orderPlacedText(order({ totalPrice: 450 }), noNumber)).toBe(
      `Kabulonga Crafts: Thank you! Order #3f2a9c1e received, K450.00. How to pay: ${LINK}`,
    );
  });

  it('say what changed: paid, on its way, delivered, cancelled (with or without a refund)', () => {
    const o = order({ totalPrice: 450 });
    const context = { settings: { ...settings, shopName: 'Kabulonga Crafts' }, link: LINK };
    expect(orderUpdateText('Shipped', o, { settings, link: LINK })).toBe(
      `Kabulonga Women's Craft Co-operative Society: Order #3f2a9c1e is on its way. ${LINK}`,
    );
    expect(orderUpdateText('paid', o, context)).toMatch(/K450\.00 .*#3f2a9c1e/);
    expect(orderUpdateText('Shipped', o, context)).toContain('#3f2a9c1e is on its way to Kapiri Mposhi.');
    expect(orderUpdateText('Delivered', o, context)).toContain('Call 0977654321.');
    expect(orderUpdateText('Cancelled', o, context)).toContain('(K450.00) cancelled. Please do not pay for it.');
    expect(orderUpdateText('Cancelled', order({ totalPrice: 450, isPaid: true }), context)).toContain(
      'cancelled; we will return your K450.00.',
    );
  });

  it('tell the co-op of a new order in one line with the back-office link', () => {
    expect(newOrderText(order({ totalPrice: 450, paymentMethod: 'mtn' }), ADMIN_LINK)).toBe(
      `New order #3f2a9c1e, K450.00, MTN, 12 items for Mwila Chanda-Mulenga Nakamba, Kapiri Mposhi. ${ADMIN_LINK}`,
    );
  });

  it('tells of a refund in one message: the wallet it went to, or that it was sent back by hand', () => {
    const refund = { refundId: 'r', amountNgwee: 12_345_678, refundedNgwee: 12_345_678, status: 'refunded' as const };
    const toMtn = orderRefundedText(order(), { ...refund, route: 'mtn-refund', phone: '+260961234567' }, context);
    expect(toMtn).toContain('Refund of K123,456.78 for order #3f2a9c1e sent to your MTN number 0961234567.');
    const toAirtel = orderRefundedText(
      order(),
      { ...refund, route: 'airtel-disbursement', phone: '+260971234567' },
      context,
    );
    expect(toAirtel).toContain('sent to your Airtel number 0971234567');
    const byHand = orderRefundedText(order(), { ...refund, route: 'by-hand', phone: null }, context);
    expect(byHand).toContain('Refund of K123,456.78 for order #3f2a9c1e');
    expect(byHand).not.toContain('number 09');
    for (const text of [toMtn, toAirtel, byHand])
      expect(smsLength(text), text).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  it('tell of an unpaid order the shop released in one message: not paid in time, do not pay now; a held pay-on-collection order', () => {
    const unpaid = { heldMs: 48 * 3_600_000, onCollection: false };
    const held = { heldMs: 14 * 86_400_000, onCollection: true };
    for (const shopName of [settings.shopName, 'Forest Gold', "Forest Gold Women's Co-op (demo)"]) {
      for (const release of [unpaid, held]) {
        const text = orderReleasedText(order(), release, { ...context, settings: { ...settings, shopName } });
        expect(smsLength(text), text).toMatchObject({ encoding: 'GSM-7', parts: 1 });
        expect(text).toMatch(/\/o\/A{43}$/);
        if (release.onCollection) expect(text).toMatch(/#3f2a9c1e (was held for|cancelled after) 14 days/);
        else expect(text).toMatch(/not paid in (48 hours|time).*do not pay/i);
      }
    }
    expect(orderReleasedText(order(), unpaid, { ...context, settings: { ...settings, shopName: 'Forest Gold' } })).toBe(
      `Forest Gold: Order #3f2a9c1e not paid in 48 hours: cancelled. Do not pay for it. ${LINK}`,
    );
    expect([heldFor(48 * 3_600_000), heldFor(72 * 3_600_000), heldFor(7 * 86_400_000), heldFor(3_600_000)]).toEqual([
      '48 hours',
      '3 days',
      '7 days',
      '1 hour',
    ]);
  });
});

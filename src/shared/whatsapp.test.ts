import { describe, expect, it } from 'vitest';
import { howToPay, payNumberFor } from './how-to-pay';
import { cartOrderText, productOrderText, WHATSAPP_TEXT_LIMIT, whatsappDigits, whatsappLink } from './whatsapp';

const SHOP = "Forest Gold Women's Co-op";

describe('whatsappDigits', () => {
  it.each([
    ['+260 97 000 0000', '260970000000'],
    ['0970000000', '260970000000'],
    ['260-96-123-4567', '260961234567'],
    ['00260 (77) 123 4567', '260771234567'],
    [' 095 123 4567 ', '260951234567'],
  ])('reads %j as %s', (written, digits) => {
    expect(whatsappDigits(written)).toBe(digits);
  });

  it.each(['', '   ', '12345', '+27 82 123 4567', '0911234567'])('gives no number for %j', (written) => {
    expect(whatsappDigits(written)).toBeNull();
    expect(whatsappLink(written, 'Hello')).toBeNull();
  });
});

describe('the product message', () => {
  it('names the shop, the quantity, the line total, the unit price and the page', () => {
    const text = productOrderText(SHOP, {
      name: 'Mungongo Oil 50 ml',
      price: 130,
      quantity: 2,
      url: 'https://shop.example/products/abc',
    });
    expect(text).toBe(
      "Hello Forest Gold Women's Co-op! I would like to order:\n" +
        '\n' +
        '2 x Mungongo Oil 50 ml — K260.00 (K130.00 each)\n' +
        'https://shop.example/products/abc\n' +
        '\n' +
        'Please tell me the total with shipping and tax, and how to pay. Thank you!',
    );
  });

  it('says no unit price for one, and groups thousands', () => {
    const text = productOrderText(SHOP, {
      name: 'Gift set',
      price: 1234.5,
      quantity: 1,
      url: 'https://shop.example/products/g',
    });
    expect(text.split('\n')[2]).toBe('1 x Gift set — K1,234.50');
  });
});

describe('the cart message', () => {
  it('lists each line with its total, the subtotal and who confirms shipping and tax', () => {
    const text = cartOrderText(SHOP, [
      { name: 'Baobab Oil', price: 60, quantity: 2 },
      { name: 'Shea Lotion', price: 45.5, quantity: 1 },
    ]);
    expect(text).toBe(
      "Hello Forest Gold Women's Co-op! I would like to order:\n" +
        '\n' +
        '2 x Baobab Oil — K120.00\n' +
        '1 x Shea Lotion — K45.50\n' +
        '\n' +
        'Subtotal: K165.50\n' +
        'Shipping and tax are confirmed by the co-op. Please tell me the total and how to pay. Thank you!',
    );
  });

  it('stays under the limit: a long cart names its first lines and counts the rest, the subtotal covers all', () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      name: `Mungongo and baobab body butter, large jar number ${i + 1}`,
      price: 10,
      quantity: 1,
    }));
    const text = cartOrderText(SHOP, lines);
    expect(text.length).toBeLessThanOrEqual(WHATSAPP_TEXT_LIMIT);
    const shown = text.split('\n').filter((line) => line.startsWith('1 x '));
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(text).toContain(`\nand ${40 - shown.length} more items\n`);
    expect(text).toContain('Subtotal: K400.00');
    expect(shown[0]).toBe('1 x Mungongo and baobab body butter, large jar number 1 — K10.00');
  });

  it('a cart that fits is not cut', () => {
    const lines = Array.from({ length: 8 }, (_, i) => ({ name: `Oil ${i + 1}`, price: 10, quantity: 1 }));
    expect(cartOrderText(SHOP, lines)).not.toContain('more item');
  });
});

describe('whatsappLink', () => {
  it('is wa.me with the digits and the text encoded: &, #, new lines and non-ASCII names', () => {
    const text = productOrderText('Ba & Ma #1 Co-op', {
      name: 'Crème de Mwinilunga ✨',
      price: 99.5,
      quantity: 1,
      url: 'https://shop.example/products/x?a=1&b=2',
    });
    const link = whatsappLink('+260 97 000 0000', text)!;
    expect(link).toBe(
      'https://wa.me/260970000000?text=' +
        'Hello%20Ba%20%26%20Ma%20%231%20Co-op!%20I%20would%20like%20to%20order%3A%0A%0A' +
        '1%20x%20Cr%C3%A8me%20de%20Mwinilunga%20%E2%9C%A8%20%E2%80%94%20K99.50%0A' +
        'https%3A%2F%2Fshop.example%2Fproducts%2Fx%3Fa%3D1%26b%3D2%0A%0A' +
        'Please%20tell%20me%20the%20total%20with%20shipping%20and%20tax%2C%20and%20how%20to%20pay.%20Thank%20you!',
    );
    expect(decodeURIComponent(new URL(link).search.slice('?text='.length))).toBe(text);
    expect(new URL(link).searchParams.get('text')).toBe(text);
  });
});

describe('howToPay (the order link and the payment panel)', () => {
  const settings = {
    airtelMoneyNumber: '+260 97 000 0001',
    mtnMoneyNumber: '+260 96 000 0002',
    paymentAccountName: 'Co-op',
  };
  const order = {
    _id: 'abcdef12-0000-4000-8000-000000000000',
    paymentMethod: 'mtn',
    totalPrice: 376.6,
    isPaid: false,
    status: 'Pending',
  };

  it("gives the network's number, the name and the reference while unpaid", () => {
    expect(howToPay(order, settings)).toEqual({
      kind: 'mobileMoney',
      method: 'mtn',
      methodLabel: 'MTN Mobile Money',
      amount: 376.6,
      number: '+260 96 000 0002',
      accountName: 'Co-op',
      reference: 'abcdef12',
    });
    expect(payNumberFor('airtel', settings)).toBe('+260 97 000 0001');
    expect(payNumberFor('creditCard', settings)).toBe('');
  });

  it('nothing once paid or cancelled', () => {
    expect(howToPay({ ...order, isPaid: true }, settings)).toBeNull();
    expect(howToPay({ ...order, status: 'Cancelled' }, settings)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { insertProduct, orderBody } from '../orders/test/fixtures';
import { productAnswer, putSetParts, putVariants, threeSizes } from '../products/test/variant-fixtures';
import { returnsHelpers, useReturnsShop } from './test/returns-shop';

/** Returns of sizes and gift sets (decisions 067 and 069): stock goes back to the variant, a set's to its parts. */
describe('returns of sizes and sets', () => {
  const shop = useReturnsShop({ refundApproval: { kind: 'off' } });
  const h = returnsHelpers(shop);

  it('a set comes back to its parts; a size is exchanged for another, its balance to pay', async () => {
    const oil = await insertProduct(shop.t, { name: 'Mungongo Oil', price: 85, countInStock: 0 });
    const sized = await putVariants(shop.t, shop.admin.auth, oil.id, threeSizes([10, 10, 10]));
    const [small, medium, litre] = sized.variants!;
    const set = await insertProduct(shop.t, { name: 'Gift Set', price: 300, countInStock: 0 });
    await putSetParts(shop.t, shop.admin.auth, set.id, {
      parts: [
        { product: oil.id, variant: small!._id, quantity: 2 },
        { product: oil.id, variant: medium!._id, quantity: 1 },
      ],
    });
    const placed = await h.ok(
      h.inject(
        'POST',
        '/api/orders',
        shop.customer,
        orderBody([
          { product: oil.id, variant: medium!._id, quantity: 1, price: 180 },
          { product: set.id, quantity: 2, price: 300 },
        ]),
      ),
      201,
    );
    await h.ok(h.inject('PUT', `/api/orders/${placed._id}/pay`, shop.admin, { note: 'Cash' }));
    await h.ok(h.inject('PUT', `/api/orders/${placed._id}/deliver`, shop.admin));
    const stockOf = async () => {
      const answer = await productAnswer(shop.t, oil.id);
      const variant = (id: string) => answer.variants!.find((v) => v._id === id)!.countInStock;
      return { small: variant(small!._id), medium: variant(medium!._id), litre: variant(litre!._id) };
    };
    // Two sets took 4 x 100 ml and 2 x 250 ml; the line of one size 1 x 250 ml.
    expect(await stockOf()).toEqual({ small: 6, medium: 7, litre: 10 });

    const [sizeLine, setLine] = (await h.ok(h.returnable(placed._id))).lines;
    expect(sizeLine).toMatchObject({ variantId: medium!._id, variantText: '250 ml' });
    const setBack = await h.ok(h.ask(placed._id, { lines: [{ orderItemId: setLine.orderItemId, qty: 1 }] }), 201);
    await h.ok(h.accept(setBack.id));
    await h.ok(h.receiveAll(setBack));
    expect(await stockOf()).toEqual({ small: 8, medium: 8, litre: 10 });
    expect((await productAnswer(shop.t, set.id)).countInStock).toBe(4);

    const exchange = await h.ok(
      h.ask(placed._id, {
        lines: [{ orderItemId: sizeLine.orderItemId, qty: 1 }],
        reason: 'wrong-item',
        outcome: 'exchange',
        exchange: [{ productId: oil.id, variantId: litre!._id, qty: 1 }],
      }),
      201,
    );
    expect(exchange.exchange).toEqual([
      {
        productId: oil.id,
        variantId: litre!._id,
        name: 'Mungongo Oil',
        variantText: '1 litre',
        qty: 1,
        priceNgwee: 60_000,
      },
    ]);
    await h.ok(h.accept(exchange.id));
    const done = await h.ok(h.receiveAll(exchange));
    // K180 + VAT = K208.80 credit; K600 + VAT = K696 for the litre: K487.20 to pay.
    expect(done).toMatchObject({ state: 'exchanged', amountNgwee: 20_880, differenceNgwee: 48_720 });
    expect(await stockOf()).toEqual({ small: 8, medium: 9, litre: 9 });
    const replacement = await h.ok(h.inject('GET', `/api/orders/${done.replacementOrderId}`, shop.customer));
    expect(replacement).toMatchObject({ totalPrice: 487.2, isPaid: false });
    expect(replacement.orderItems[0]).toMatchObject({ name: 'Mungongo Oil (1 litre)', variant: litre!._id });
  });
});

import { describe, expect, it } from 'vitest';
import { jpegWithExif, multipart, png } from '../uploads/test/images';
import { orderLinkUrl } from '../orders';
import { returnsHelpers, useReturnsShop } from './test/returns-shop';

/** The signed order link's return routes and the return's photo (decision 069). */
describe('returns through the signed order link, and photos', () => {
  const shop = useReturnsShop({ refundApproval: { kind: 'off' } });
  const h = returnsHelpers(shop);
  const tokenOf = (orderId: string, now?: number) =>
    orderLinkUrl('http://x', orderId, shop.t.config.jwtSecret, now).split('/o/')[1];

  /** A multipart upload with the caller's token beside its content type. */
  const upload = async (url: string, auth: Record<string, string>, data: Buffer, type = 'image/png') => {
    const body = multipart([{ field: 'file', filename: 'photo', type, data }]);
    return shop.t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...auth, ...body.headers } });
  };

  it('asks a return with a photo through the link, as the order page does', async () => {
    const jar = await h.product(55);
    const order = await h.delivered([{ product: jar, quantity: 2 }]);
    const token = tokenOf(order.id);
    const returnable = await h.ok(h.inject('GET', `/api/order-links/${token}/returnable`, null));
    expect(returnable).toMatchObject({ open: true, lines: [{ returnableQty: 2 }] });

    const firstPhoto = multipart([
      { field: 'file', filename: 'jar.png', type: 'image/png', data: await png(400, 300) },
    ]);
    const sent = await shop.t.app.inject({
      method: 'POST',
      url: `/api/order-links/${token}/returns/photo`,
      ...firstPhoto,
    });
    expect(sent.statusCode).toBe(201);
    const { photoId } = sent.json();

    const asked = await h.ok(
      h.inject('POST', `/api/order-links/${token}/returns`, null, {
        lines: [{ orderItemId: returnable.lines[0].orderItemId, qty: 1 }],
        reason: 'damaged',
        outcome: 'refund',
        photoId,
        note: 'The lid cracked',
      }),
      201,
    );
    expect(asked).toMatchObject({
      state: 'requested',
      note: 'The lid cracked',
      timeline: [{ byName: 'Natasha Customer (order link)' }],
    });
    expect(asked.photoUrl).toMatch(/^\/uploads\/.+\.webp$/);
    const listed = await h.ok(h.inject('GET', `/api/order-links/${token}/returns`, null));
    expect(listed.returns.map((r: { id: string }) => r.id)).toEqual([asked.id]);

    // A photo of one order is not another's; a photo of the owner's order through the order page is.
    const other = await h.delivered([{ product: jar, quantity: 1 }]);
    const otherLine = (await h.ok(h.returnable(other.id))).lines[0];
    const borrowed = await h.ask(other.id, { lines: [{ orderItemId: otherLine.orderItemId, qty: 1 }], photoId });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().message).toBe('That photo was not sent for this order');
    const own = await upload(
      `/api/orders/${other.id}/returns/photo`,
      shop.customer.auth,
      await jpegWithExif(800, 600),
      'image/jpeg',
    );
    expect(own.statusCode).toBe(201);
    const strangers = await upload(`/api/orders/${other.id}/returns/photo`, shop.stranger.auth, await png());
    expect(strangers.statusCode).toBe(404);
  });

  it('refuses what is not an image or is over 5 MB, and a link that is not valid or has expired', async () => {
    const jar = await h.product(30);
    const order = await h.delivered([{ product: jar, quantity: 1 }]);
    const token = tokenOf(order.id);
    const text = await shop.t.app.inject({
      method: 'POST',
      url: `/api/order-links/${token}/returns/photo`,
      ...multipart([{ field: 'file', filename: 'x.png', type: 'image/png', data: Buffer.from('not an image at all') }]),
    });
    expect(text.statusCode).toBe(415);
    expect(typeof text.json().message).toBe('string');
    const huge = await shop.t.app.inject({
      method: 'POST',
      url: `/api/order-links/${token}/returns/photo`,
      ...multipart([
        { field: 'file', filename: 'x.png', type: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
      ]),
    });
    expect(huge.statusCode).toBe(413);
    expect(typeof huge.json().message).toBe('string');

    expect((await h.inject('GET', `/api/order-links/${token}x/returnable`, null)).statusCode).toBe(404);
    const old = tokenOf(order.id, Date.now() - 400 * 24 * 3600 * 1000);
    const expired = await h.inject('GET', `/api/order-links/${old}/returnable`, null);
    expect(expired.statusCode).toBe(410);
  });
});

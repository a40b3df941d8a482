import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAKERS_PERCENT } from '../../../shared/member-shares';
import { insertProduct } from '../orders/test/fixtures';
import { memberHelpers, useMemberShop } from './test/member-shop';

/** Who made what (docs/decisions/065-members-and-wallet-changes.md): a product's makers, their parts and its percent. */
describe('product makers', () => {
  const shop = useMemberShop();
  const h = memberHelpers(shop);
  let mary: { _id: string };
  let bupe: { _id: string };
  let ruth: { _id: string };

  beforeAll(async () => {
    mary = await h.addMember({ name: 'Mary Mwiinga' });
    bupe = await h.addMember({ name: 'Bupe Phiri' });
    ruth = await h.addMember({ name: 'Ruth Tembo' });
  });

  const save = (productId: string, body: unknown, who = shop.asker) =>
    h.inject('PUT', `/api/products/${productId}/makers`, who, body);
  const read = (productId: string) => h.inject('GET', `/api/products/${productId}/makers`, shop.checker);

  it('a product names none at first; a save replaces the list and the percent, with an audit line of before and after', async () => {
    const product = await insertProduct(shop.t, { name: 'Mukwa shea butter', price: 85 });
    expect((await read(product.id)).json()).toEqual({
      productId: product.id,
      makersPercent: null,
      defaultMakersPercent: DEFAULT_MAKERS_PERCENT,
      makers: [],
    });

    const saved = await save(product.id, {
      makersPercent: 80,
      makers: [
        { memberId: bupe._id, parts: 1 },
        { memberId: mary._id, parts: 2 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      productId: product.id,
      makersPercent: 80,
      defaultMakersPercent: DEFAULT_MAKERS_PERCENT,
      makers: [
        { memberId: mary._id, name: 'Mary Mwiinga', parts: 2, active: true },
        { memberId: bupe._id, name: 'Bupe Phiri', parts: 1, active: true },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await read(product.id)).json()).toEqual(expected);

    const changed = await save(
      product.id,
      { makersPercent: null, makers: [{ memberId: ruth._id, parts: 3 }] },
      shop.checker,
    );
    expect(changed.json()).toMatchObject({
      makersPercent: null,
      makers: [{ memberId: ruth._id, name: 'Ruth Tembo', parts: 3, active: true }],
    });
    // The same again changes nothing and writes no line.
    expect(
      (await save(product.id, { makersPercent: null, makers: [{ memberId: ruth._id, parts: 3 }] })).statusCode,
    ).toBe(200);

    const lines = await h.auditOf(product.id, 'product.makers-changed');
    expect(lines.map((l) => [l.actorName, l.subjectType, l.summary])).toEqual([
      [
        'Mutale Asker',
        'product',
        "Mukwa shea butter: makers none → Mary Mwiinga 2 parts, Bupe Phiri 1 part; makers' share 70% (shop default) → 80%",
      ],
      [
        'Chanda Checker',
        'product',
        "Mukwa shea butter: makers Mary Mwiinga 2 parts, Bupe Phiri 1 part → Ruth Tembo 3 parts; makers' share 80% → 70% (shop default)",
      ],
    ]);
    expect(lines[1].before).toEqual({
      makersPercent: 80,
      makers: [
        { memberId: mary._id, name: 'Mary Mwiinga', parts: 2 },
        { memberId: bupe._id, name: 'Bupe Phiri', parts: 1 },
      ],
    });
    expect(lines[1].after).toEqual({
      makersPercent: null,
      makers: [{ memberId: ruth._id, name: 'Ruth Tembo', parts: 3 }],
    });

    const cleared = await save(product.id, { makersPercent: 0, makers: [] });
    expect(cleared.json()).toMatchObject({ makersPercent: 0, makers: [] });
  });

  it("reads the shop's default percent from the settings", async () => {
    const product = await insertProduct(shop.t, { price: 30 });
    const settings = (await h.inject('GET', '/api/settings', shop.checker)).json();
    const changed = await h.inject('PUT', '/api/settings', shop.checker, { ...settings, makersPercent: 65 });
    expect(changed.statusCode).toBe(200);
    try {
      expect((await read(product.id)).json()).toMatchObject({ makersPercent: null, defaultMakersPercent: 65 });
    } finally {
      await h.inject('PUT', '/api/settings', shop.checker, settings);
    }
  });

  it('refuses a bad list with 400 naming the problem, and keeps the stored one', async () => {
    const product = await insertProduct(shop.t, { price: 40 });
    expect((await save(product.id, { makersPercent: 60, makers: [{ memberId: mary._id, parts: 1 }] })).statusCode).toBe(
      200,
    );
    const percent = 'makersPercent must be a whole number from 0 to 100, or null for the shop default';
    const parts = 'parts must be a whole number from 1 to 100';
    const unknown = randomUUID();
    const cases: Array<[unknown, string]> = [
      [{ makersPercent: 101, makers: [] }, percent],
      [{ makersPercent: -1, makers: [] }, percent],
      [{ makersPercent: 50.5, makers: [] }, percent],
      [{ makersPercent: '70', makers: [] }, percent],
      [{ makers: [] }, percent],
      [{ makersPercent: 70 }, 'makers must be a list of {memberId, parts}'],
      [{ makersPercent: 70, makers: [{ memberId: mary._id, parts: 0 }] }, parts],
      [{ makersPercent: 70, makers: [{ memberId: mary._id, parts: 101 }] }, parts],
      [{ makersPercent: 70, makers: [{ memberId: mary._id, parts: 1.5 }] }, parts],
      [{ makersPercent: 70, makers: [{ memberId: mary._id }] }, parts],
      [
        { makersPercent: 70, makers: Array.from({ length: 11 }, () => ({ memberId: randomUUID(), parts: 1 })) },
        'makers: at most 10 makers for one product',
      ],
      [
        {
          makersPercent: 70,
          makers: [
            { memberId: mary._id, parts: 1 },
            { memberId: mary._id.toUpperCase(), parts: 2 },
          ],
        },
        'makers: each member may be named once only',
      ],
      [{ makersPercent: 70, makers: [{ memberId: unknown, parts: 1 }] }, `makers: no member has the id ${unknown}`],
      [{ makersPercent: 70, makers: [{ memberId: 'mary', parts: 1 }] }, 'makers: no member has the id mary'],
      [{ makersPercent: 70, makers: [{ memberId: 'x'.repeat(65), parts: 1 }] }, 'memberId is not the id of a member'],
      [
        { makersPercent: 70, makers: [{ memberId: 'a\u0000b', parts: 1 }] },
        'makers.0.memberId: text must not contain NUL characters or broken Unicode (an unpaired surrogate)',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await save(product.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.json().message, JSON.stringify(body).slice(0, 100)).toBe(message);
    }
    expect((await read(product.id)).json()).toMatchObject({
      makersPercent: 60,
      makers: [{ memberId: mary._id, parts: 1 }],
    });
  });

  it('an inactive member cannot be named (400 naming her); one made inactive after stays listed, flagged, and blocks a save with her', async () => {
    const product = await insertProduct(shop.t, { price: 30 });
    const gone = await h.addMember({ name: 'Agnes Inactive', active: false });
    const refused = await save(product.id, { makersPercent: null, makers: [{ memberId: gone._id, parts: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'makers: Agnes Inactive is inactive: only active members can be named as makers',
    );

    const later = await h.addMember({ name: 'Grace Later' });
    await save(product.id, {
      makersPercent: null,
      makers: [
        { memberId: later._id, parts: 1 },
        { memberId: mary._id, parts: 1 },
      ],
    });
    await h.inject('PATCH', `/api/members/${later._id}`, shop.checker, { active: false });
    expect((await read(product.id)).json().makers).toEqual([
      { memberId: later._id, name: 'Grace Later', parts: 1, active: false },
      { memberId: mary._id, name: 'Mary Mwiinga', parts: 1, active: true },
    ]);
    const again = await save(product.id, {
      makersPercent: 50,
      makers: [
        { memberId: later._id, parts: 1 },
        { memberId: gone._id, parts: 1 },
      ],
    });
    expect(again.json().message).toBe(
      'makers: Grace Later, Agnes Inactive are inactive: only active members can be named as makers',
    );
    expect((await save(product.id, { makersPercent: 50, makers: [{ memberId: mary._id, parts: 1 }] })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an unknown product and anything that is not an id; admins only', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      expect((await read(id)).json()).toEqual({ message: 'Product not found' });
      const put = await save(id, { makersPercent: null, makers: [] });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: 'Product not found' });
    }
    const product = await insertProduct(shop.t, { price: 10 });
    expect((await h.inject('GET', `/api/products/${product.id}/makers`, shop.customer)).statusCode).toBe(403);
    expect(
      (await h.inject('PUT', `/api/products/${product.id}/makers`, null, { makersPercent: null, makers: [] }))
        .statusCode,
    ).toBe(401);
  });
});

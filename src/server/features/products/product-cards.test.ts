import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../../../shared/schemas/products';
import { ProductCards } from './product-cards';

const card = (id: string, countInStock = 5) =>
  ({ _id: id, name: `Product ${id.slice(0, 4)}`, countInStock }) as ProductSummary;

/** Product cards by id, without a database: only missing cards are read, and forgetting is per product. */
describe('ProductCards', () => {
  const ids = Array.from({ length: 4 }, () => randomUUID());

  it('reads only the cards it does not hold, answers in the order asked, and leaves out a product that is gone', async () => {
    const cards = new ProductCards();
    const asked: string[][] = [];
    const read = async (missing: string[]) => (
      asked.push(missing),
      missing.filter((id) => id !== ids[3]).map((id) => card(id))
    );
    expect((await cards.inOrder([ids[1], ids[0]], read)).map((c) => c._id)).toEqual([ids[1], ids[0]]);
    expect((await cards.inOrder([ids[2], ids[0], ids[3], ids[1]], read)).map((c) => c._id)).toEqual([
      ids[2],
      ids[0],
      ids[1],
    ]);
    expect(asked).toEqual([
      [ids[1], ids[0]],
      [ids[2], ids[3]],
    ]);
    expect(await cards.inOrder([], read)).toEqual([]);
    expect(asked).toHaveLength(2);
  });

  it('forgets the named products only, or all of them', async () => {
    const cards = new ProductCards();
    let stock = 5;
    const asked: string[][] = [];
    const read = async (missing: string[]) => (asked.push(missing), missing.map((id) => card(id, stock)));
    await cards.inOrder(ids, read);
    stock = 4;
    cards.forget([ids[2]]);
    const after = await cards.inOrder(ids, read);
    expect(after.map((c) => c.countInStock)).toEqual([5, 5, 4, 5]);
    cards.forget();
    expect(cards.size).toBe(0);
    await cards.inOrder(ids, read);
    expect(asked).toEqual([ids, [ids[2]], ids]);
  });

  it('does not keep a card read while a change landed, and keeps at most the limit', async () => {
    const cards = new ProductCards(2);
    let release!: () => void;
    const reading = cards.inOrder(
      [ids[0]],
      (missing) => new Promise((resolve) => (release = () => resolve(missing.map((id) => card(id))))),
    );
    cards.forget([ids[1]]);
    release();
    expect(await reading).toHaveLength(1);
    expect(cards.size).toBe(0);
    await cards.inOrder(ids, async (missing) => missing.map((id) => card(id)));
    expect(cards.size).toBe(2);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailMessages } from '../../db/schema';
import { useTwoInstances } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';
import { sendLowStockDigest } from './low-stock-digest';

/** Two instances on one PostgreSQL (npm run test:pg) look for low stock at the same moment. */
const pair = useTwoInstances();

describe('low-stock digest shared by every instance', () => {
  it('of two instances looking at once, each product is named in exactly one digest', async () => {
    const made = [];
    for (let i = 1; i <= 12; i += 1)
      made.push(await insertProduct(pair.first, { name: `Low product ${i}`, price: 10, countInStock: i % 4 }));
    const rounds = await Promise.all([
      sendLowStockDigest(pair.first.app),
      sendLowStockDigest(pair.second.app),
      sendLowStockDigest(pair.first.app),
    ]);
    const named = rounds.flat().map((p) => p.id);
    expect(named.sort()).toEqual(made.map((p) => p.id).sort());
    const mails = await pair.first.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'low-stock'));
    expect(mails).toHaveLength(rounds.filter((r) => r.length > 0).length);
    const mentions = made.map((p) => mails.filter((m) => m.textBody.includes(`- ${p.name} (`)).length);
    expect(mentions).toEqual(made.map(() => 1));
  });
});

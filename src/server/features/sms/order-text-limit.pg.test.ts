import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, smsMessages } from '../../db/schema';
import { useTwoInstances } from '../../test/test-app';
import { address, insertCustomers, insertProduct, orderBody } from '../orders/test/fixtures';

/** The text limit per number (decision 057) is one count for every instance on one PostgreSQL (npm run test:pg). */
const PER_DAY = 4;
const pair = useTwoInstances({ orderTextsPerNumberPerDay: PER_DAY });

describe('order texts to one number from two instances at once', () => {
  it(`stop at ${PER_DAY}, with every order placed and each text held back audited`, async () => {
    const t = pair.first;
    const product = await insertProduct(t, { price: 100, countInStock: 10_000 });
    const shoppers = await insertCustomers(t, 6, 'Two instances');
    const burst = 30;
    const placed = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        (i % 2 === 0 ? pair.first.app : pair.second.app).inject({
          method: 'POST',
          url: '/api/orders',
          headers: shoppers[i % shoppers.length].auth,
          payload: orderBody([{ product: product.id, quantity: 1, price: 100 }], {
            shippingAddress: { ...address, phoneNumber: '0977000555' },
          }),
        }),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(burst).fill(201));
    await Promise.all([pair.first.app.sms.idle(), pair.second.app.sms.idle()]);

    const rows = await t.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, '+260977000555'));
    expect(rows).toHaveLength(burst);
    const held = rows.filter((r) => r.lastError?.startsWith('Held back'));
    expect(held).toHaveLength(burst - PER_DAY);
    expect(rows.filter((r) => !held.includes(r)).map((r) => r.status)).toEqual(Array(PER_DAY).fill('sent'));
    const audit = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.text-held-back'));
    expect(audit.map((a) => a.subjectId).sort()).toEqual(held.map((r) => r.orderId).sort());
  });
});

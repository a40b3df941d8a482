import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryOptions } from '../../db/schema';
import { createTestApp, startSecondInstance, type TestApp } from '../../test/test-app';
import { insertStandardDeliveryIfNone } from './queries';

describe('the standard delivery option with several instances on one PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is inserted once however many instances start at once on a shop that has none', async () => {
    await t.app.db.delete(deliveryOptions);
    const started = await Promise.all([startSecondInstance(t), startSecondInstance(t), startSecondInstance(t)]);
    await Promise.all(Array.from({ length: 10 }, () => insertStandardDeliveryIfNone(t.app.db)));
    const rows = await t.app.db.select().from(deliveryOptions);
    for (const instance of started) await instance.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Standard delivery', kind: 'door', feeNgwee: 7_500, freeAboveNgwee: 50_000 });
  });

  it('is not inserted again once the shop has any option, even if the standard one was renamed', async () => {
    await t.app.db.update(deliveryOptions).set({ name: 'Door to door' });
    const again = await startSecondInstance(t);
    await again.close();
    const rows = await t.app.db.select().from(deliveryOptions);
    expect(rows.map((r) => r.name)).toEqual(['Door to door']);
  });
});

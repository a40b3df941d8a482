import { describe, expect, it } from 'vitest';
import { createUser, useTwoInstances, type TestApp } from '../../test/test-app';
import { cachedShopSettings } from './service';

/** Two instances on one PostgreSQL (run by `npm run test:pg`): a save on one reaches the other's copy at once. */
const pair = useTwoInstances();

describe('shop settings across instances', () => {
  it("a save on one instance drops the other's copy within a second, not after its 30 s", async () => {
    const admin = await createUser(pair.first, { isAdmin: true });
    // Instance two has its copy (pages and e-mails read it) before the save.
    expect((await cachedShopSettings(pair.second.app.db)).shopName).not.toBe('Kabulonga Women’s Co-op');
    const res = await pair.first.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { shopName: 'Kabulonga Women’s Co-op' },
    });
    expect(res.statusCode).toBe(200);
    const savedAt = Date.now();
    let seen = await cachedShopSettings(pair.second.app.db);
    while (seen.shopName !== 'Kabulonga Women’s Co-op' && Date.now() - savedAt < 5_000) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await cachedShopSettings(pair.second.app.db);
    }
    expect(seen.shopName).toBe('Kabulonga Women’s Co-op');
    expect(Date.now() - savedAt).toBeLessThan(1_000);
  });

  it('a save on the first instance is seen by itself at once', async () => {
    const admin = await createUser(pair.first, { isAdmin: true });
    await cachedShopSettings(pair.first.app.db);
    await pair.first.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { phone: '+260 97 555 0101' },
    });
    expect((await cachedShopSettings(pair.first.app.db)).phone).toBe('+260 97 555 0101');
  });
});

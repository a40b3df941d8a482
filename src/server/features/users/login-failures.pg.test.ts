import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, startSecondInstance, type TestApp } from '../../test/test-app';
import { ACCOUNT_FAILURES_ALLOWED } from './routes';

/** Failed logins on PostgreSQL are counted in the database: every instance, and a restart, see the same tries (npm run test:pg). */
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const login = (app: TestApp['app'], payload: object, remoteAddress: string) => app.inject({ method: 'POST', url: '/api/users/login', payload, remoteAddress });

describe('failed logins across instances', () => {
  it('tries spread over two instances count together, and a success on either forgives the account', async () => {
    const { email, password } = await createUser(t);
    const address = '192.0.2.77';
    for (let i = 0; i < ACCOUNT_FAILURES_ALLOWED; i += 1) {
      const app = i % 2 === 0 ? t.app : second.app;
      expect((await login(app, { email, password: 'wrong guess' }, address)).statusCode).toBe(401);
    }
    for (const app of [t.app, second.app]) {
      const blocked = await login(app, { email, password }, address);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // Another account at that address, and this account elsewhere, are not blocked.
    const neighbour = await createUser(t);
    expect((await login(second.app, { email: neighbour.email, password: neighbour.password }, address)).statusCode).toBe(200);
    expect((await login(t.app, { email, password }, '192.0.2.78')).statusCode).toBe(200);
  });

  it('a burst of parallel guesses over both instances lets exactly the allowed number through', async () => {
    const { email } = await createUser(t);
    const address = '192.0.2.79';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(i % 2 === 0 ? t.app : second.app, { email, password: 'wrong guess' }, address)),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(ACCOUNT_FAILURES_ALLOWED);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(12 - ACCOUNT_FAILURES_ALLOWED);
  });
});

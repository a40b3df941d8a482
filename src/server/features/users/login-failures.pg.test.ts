import { describe, expect, it } from 'vitest';
import { createUser, useTwoInstances, type TestApp } from '../../test/test-app';
import { ACCOUNT_FAILURES_ALLOWED } from './routes';

/** Failed logins on PostgreSQL are counted in the database: every instance, and a restart, see the same tries (npm run test:pg). */
const pair = useTwoInstances();

const login = (app: TestApp['app'], payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload, remoteAddress });

describe('failed logins across instances', () => {
  it('tries spread over two instances count together, and a success on either forgives the account', async () => {
    const { email, password } = await createUser(pair.first);
    const address = '192.0.2.77';
    for (let i = 0; i < ACCOUNT_FAILURES_ALLOWED; i += 1) {
      const app = i % 2 === 0 ? pair.first.app : pair.second.app;
      expect((await login(app, { email, password: 'wrong guess' }, address)).statusCode).toBe(401);
    }
    for (const app of [pair.first.app, pair.second.app]) {
      const blocked = await login(app, { email, password }, address);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // Another account at that address, and this account elsewhere, are not blocked.
    const neighbour = await createUser(pair.first);
    expect(
      (await login(pair.second.app, { email: neighbour.email, password: neighbour.password }, address)).statusCode,
    ).toBe(200);
    expect((await login(pair.first.app, { email, password }, '192.0.2.78')).statusCode).toBe(200);
  });

  it('a burst of parallel guesses over both instances lets exactly the allowed number through', async () => {
    const { email } = await createUser(pair.first);
    const address = '192.0.2.79';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(i % 2 === 0 ? pair.first.app : pair.second.app, { email, password: 'wrong guess' }, address),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(ACCOUNT_FAILURES_ALLOWED);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(12 - ACCOUNT_FAILURES_ALLOWED);
  });
});

import { describe, expect, it } from 'vitest';
import { useTwoInstances, type TestApp } from '../../test/test-app';

/** Registration and contact limits on PostgreSQL are one count for every instance (npm run test:pg). */
const pair = useTwoInstances({ registrationsPerHour: 4 });

describe('limits shared by every instance', () => {
  it('new accounts from one address count together on both instances', async () => {
    const remoteAddress = '203.0.113.91';
    const register = (app: TestApp['app'], i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress,
        payload: { name: `Shared ${i}`, email: `shared-${i}@example.com`, password: 'long enough pw' },
      });
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await register(i % 2 === 0 ? pair.first.app : pair.second.app, i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const sixth = await register(pair.first.app, 5);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many new accounts from your address\. Please try again in /);
    // Another address counts apart.
    const elsewhere = await pair.second.app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '203.0.113.92',
      payload: { name: 'Elsewhere', email: 'elsewhere@example.com', password: 'long enough pw' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('contact messages from one address count together on both instances', async () => {
    const remoteAddress = '203.0.113.93';
    const send = (app: TestApp['app'], i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress,
        payload: {
          name: 'Visitor',
          email: `visitor${i}@example.com`,
          subject: 'Question',
          message: 'Do you ship to Choma?',
        },
      });
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await send(i % 2 === 0 ? pair.first.app : pair.second.app, i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    await pair.first.app.outbox.idle();
    await pair.second.app.outbox.idle();
  });
});

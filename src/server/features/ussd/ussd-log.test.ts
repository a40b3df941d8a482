import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { Caller, postStep, TEST_SECRET } from './test/ussd-phone';
import { TEST_USSD } from './test/ussd-shop';

describe("the USSD callback's secret address, in the server's log and in answers", () => {
  const lines: string[] = [];
  const logStream = { write: (line: string) => void lines.push(line) };
  let t: TestApp;
  const mobile = '+260961110001';
  const long = `${TEST_SECRET}${'s'.repeat(300)}`;

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info', ussd: { ...TEST_USSD } }, { logStream });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a too-long secret is answered 414 with a {message} that does not echo the address', async () => {
    const tooLong = await postStep(t.app, { sessionId: 'ATUid_l', phoneNumber: mobile, text: '' }, long);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(tooLong.json())).toEqual(['message']);
    expect(tooLong.json().message).toBeTypeOf('string');
    expect(tooLong.body).not.toContain(TEST_SECRET);
    expect(tooLong.body).not.toContain('/api/ussd');
  });

  it('the log never holds the secret, right, wrong or too long; the translations keep their address', async () => {
    const caller = new Caller(t.app, mobile);
    expect(await caller.dial()).toMatch(/^CON Welcome/);
    await caller.choose('Help');
    const wrong = `${TEST_SECRET.slice(0, -4)}zzzz`;
    expect((await postStep(t.app, { sessionId: 'ATUid_w', phoneNumber: mobile, text: '' }, wrong)).statusCode).toBe(
      403,
    );
    await postStep(t.app, { sessionId: 'ATUid_l', phoneNumber: mobile, text: '' }, long);
    expect((await t.app.inject({ method: 'GET', url: `/api/ussd/${TEST_SECRET}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ussd/translations' })).statusCode).toBe(401);

    const log = lines.join('');
    expect(log).toContain('"url":"/api/ussd/[redacted]"');
    expect(log).toContain('"url":"/api/ussd/translations"');
    for (const secret of [TEST_SECRET, TEST_SECRET.slice(0, 20), wrong, long.slice(-40)])
      expect(log).not.toContain(secret);
  });
});

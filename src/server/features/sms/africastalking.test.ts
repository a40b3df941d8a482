import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AFRICASTALKING, startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { smsMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REMOVED_SECRET } from './queries';
import type { AfricasTalkingSettings } from './sms-settings';

const NUMBER = '+260971234567';

/** An address nothing listens on: a provider that is down. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("sms through Africa's Talking (the simulator, over HTTP)", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  const settings = (change: Partial<AfricasTalkingSettings> = {}): AfricasTalkingSettings => ({
    provider: 'africastalking',
    ...DEMO_AFRICASTALKING,
    senderId: 'KUMBUKA',
    baseUrl: sim.url,
    timeoutMs: 1_000,
    ...change,
  });

  beforeAll(async () => {
    sim = await startSimulators();
    t = await createTestApp({ sms: settings() });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  afterEach(async () => {
    // A request the shop gave up on still finishes at the simulator: let it land before the next test.
    while (sim.state.sms.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    sim.state.reset();
  });

  const rowOfKind = async (app: TestApp['app'], kind: string) =>
    (await app.db.select().from(smsMessages).where(eq(smsMessages.kind, kind)))[0];
  const sendOne = async (kind: string, change: { text?: string; secret?: boolean } = {}, app = t.app) => {
    await app.sms.sendLater([{ kind, to: NUMBER, text: change.text ?? `Hello from ${kind}`, secret: change.secret }]);
    await app.sms.idle();
    return rowOfKind(app, kind);
  };

  it('sends one request per message and records the provider id and cost', async () => {
    expect(t.app.sms.mode).toBe('africastalking');
    const row = await sendOne('ok');
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      cost: 'ZMW 0.2500',
      providerMessageId: expect.stringMatching(/^ATXid_/),
    });
    expect(sim.state.sms.to(NUMBER)).toMatchObject([
      { text: 'Hello from ok', from: 'KUMBUKA', messageId: row.providerMessageId },
    ]);
  });

  it("blanks a code's text once it is out", async () => {
    const row = await sendOne('code', { text: 'Your code is 123456', secret: true });
    expect(row).toMatchObject({ status: 'sent', body: REMOVED_SECRET });
    expect(sim.state.sms.to(NUMBER).map((m) => m.text)).toEqual(['Your code is 123456']);
  });

  it('records a refusal of the number as failed with its reason, and does not try again', async () => {
    await sim.app.inject({ method: 'POST', url: '/_sim/sms/behaviour', payload: { failNext: 1, statusCode: 403 } });
    const row = await sendOne('refused');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Not sent: 403 InvalidPhoneNumber' });
    expect(sim.state.sms.to(NUMBER)).toEqual([]);
  });

  it('keeps a message the provider could not take (500, out of credit) for a later try; a code fails at once', async () => {
    await sim.app.inject({ method: 'POST', url: '/_sim/sms/behaviour', payload: { failNext: 2, httpStatus: 500 } });
    const row = await sendOne('busy');
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: "Africa's Talking answered 500: Simulated failure",
    });
    expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 20_000); // waits before its next try
    const code = await sendOne('busy-code', { text: 'Your code is 654321', secret: true });
    expect(code).toMatchObject({
      status: 'failed',
      body: REMOVED_SECRET,
      lastError: "Africa's Talking answered 500: Simulated failure; ask for a new code",
    });
  });

  it('records a wrong API key as failed, never writing the key anywhere', async () => {
    const wrong = await createTestApp({ sms: settings({ apiKey: 'not-the-key-at-all' }) });
    try {
      const row = await sendOne('wrong-key', {}, wrong.app);
      expect(row).toMatchObject({
        status: 'failed',
        lastError: "Africa's Talking refused the username or API key (401: The supplied authentication is invalid)",
      });
      expect(JSON.stringify(row)).not.toContain('not-the-key-at-all');
    } finally {
      await wrong.close();
    }
  });

  it('loses nothing while the provider is down or too slow: the message waits for another try', async () => {
    const down = await createTestApp({ sms: settings({ baseUrl: await closedPort() }) });
    try {
      const row = await sendOne('down', {}, down.app);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: expect.stringMatching(/^Africa's Talking not reachable \(ECONNREFUSED\)/),
      });
    } finally {
      await down.close();
    }
    await sim.app.inject({ method: 'POST', url: '/_sim/sms/behaviour', payload: { slowMs: 1_500 } });
    const slow = await sendOne('slow');
    expect(slow).toMatchObject({ status: 'pending', lastError: "No answer from Africa's Talking within 1 s" });
  });
});

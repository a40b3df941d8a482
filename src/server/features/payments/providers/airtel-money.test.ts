import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AIRTEL, startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { startCallbackListener } from '../test/callback-listener';
import type { ProviderError } from './collection-provider';
import { AirtelMoneyCollections } from './airtel-money';
import type { AirtelMoneySettings } from './provider-config';

let simulator: RunningSimulators;
let listener: Awaited<ReturnType<typeof startCallbackListener>>;

beforeAll(async () => {
  listener = await startCallbackListener();
  simulator = await startSimulators({
    airtel: { tokenSeconds: 2 },
    airtelCallbackUrl: `${listener.url}/api/payments/callbacks/airtel`,
    airtelCallbackKey: 'airtel-private-key',
  });
});
afterAll(async () => {
  await simulator.close();
  await listener.close();
});
afterEach(() => {
  simulator.state.reset();
  listener.received.length = 0;
});

const settings = (change: Partial<AirtelMoneySettings> = {}): AirtelMoneySettings => ({
  baseUrl: simulator.url,
  clientId: DEMO_AIRTEL.clientId,
  clientSecret: DEMO_AIRTEL.clientSecret,
  country: 'ZM',
  currency: 'ZMW',
  timeoutMs: 2_000,
  ...change,
});
const payment = (phone = '+260971234567', amountNgwee = 12_345) => ({
  reference: randomUUID(),
  phone,
  amountNgwee,
  currency: 'ZMW',
  orderNumber: '1042',
});
const behave = (body: object) => simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body });
const phoneAnswers = (reference: string, action: string) =>
  simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/${action}` });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a ProviderError'),
    (error: unknown) => error as ProviderError,
  );

describe('Airtel Money collections against the simulator', () => {
  it('pushes the exact amount to the nine-digit number, reads TIP as pending and TS as successful', async () => {
    const airtel = new AirtelMoneyCollections(settings());
    const request = payment('+260571234567', 9_999);
    await airtel.requestPayment(request);
    expect(simulator.state.payments.get(request.reference)).toMatchObject({
      provider: 'airtel',
      phone: '+260571234567',
      amountNgwee: 9_999,
      message: 'Order 1042',
    });
    expect(await airtel.readPayment(request.reference)).toEqual({
      state: 'pending',
      amountNgwee: null,
      currency: null,
      providerTransactionId: null,
      reason: 'Transaction in progress',
    });
    await phoneAnswers(request.reference, 'approve');
    const reading = await airtel.readPayment(request.reference);
    expect(reading).toMatchObject({ state: 'successful', reason: null, amountNgwee: null });
    expect(reading.providerTransactionId).toMatch(/^MP/);
  });

  it('reads a decline and a wrong PIN as failed with Airtel’s message', async () => {
    const airtel = new AirtelMoneyCollections(settings());
    const declined = payment();
    const wrongPin = payment('+260771234567');
    await airtel.requestPayment(declined);
    await airtel.requestPayment(wrongPin);
    await phoneAnswers(declined.reference, 'decline');
    await phoneAnswers(wrongPin.reference, 'wrong-pin');
    expect(await airtel.readPayment(declined.reference)).toMatchObject({
      state: 'failed',
      reason: 'Transaction declined by the subscriber',
    });
    expect(await airtel.readPayment(wrongPin.reference)).toMatchObject({
      state: 'failed',
      reason: 'Incorrect PIN entered',
    });
  });

  it('reuses its token and renews it shortly before the end of its lifetime', async () => {
    const airtel = new AirtelMoneyCollections(settings());
    const request = payment();
    await airtel.requestPayment(request);
    await airtel.readPayment(request.reference);
    expect(simulator.state.tokensIssued.airtel).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    await airtel.readPayment(request.reference);
    expect(simulator.state.tokensIssued.airtel).toBe(2);
  });

  it('turns a 500 into a retryable error and a slow answer into a retryable timeout', async () => {
    const airtel = new AirtelMoneyCollections(settings({ timeoutMs: 300 }));
    await behave({ phone: '0971111111', answer: 'error-500' });
    await behave({ phone: '0972222222', answer: 'slow', slowMs: 1_000 });
    expect(await failure(airtel.requestPayment(payment('+260971111111')))).toMatchObject({
      kind: 'provider-error',
      retryable: true,
      httpStatus: 500,
    });
    expect(await failure(airtel.requestPayment(payment('+260972222222')))).toMatchObject({
      kind: 'timeout',
      retryable: true,
    });
  });

  it('refuses a reused transaction id and an id Airtel does not know, neither retryable', async () => {
    const airtel = new AirtelMoneyCollections(settings());
    const request = payment();
    await airtel.requestPayment(request);
    const duplicate = await failure(airtel.requestPayment(request));
    expect(duplicate).toMatchObject({ kind: 'duplicate', retryable: false });
    expect(duplicate.message).toContain('Duplicate transaction id');
    expect(await failure(airtel.readPayment(randomUUID()))).toMatchObject({ kind: 'not-found', retryable: false });
    expect(await failure(airtel.requestPayment({ ...payment(), currency: 'EUR' }))).toMatchObject({
      kind: 'refused',
      retryable: false,
    });
  });

  it('receives the signed callback and reads our transaction id from it; a never-sent callback leaves the read to tell', async () => {
    const airtel = new AirtelMoneyCollections(settings());
    await behave({ outcome: 'approve' });
    await behave({ phone: '0979999999', outcome: 'decline', callback: 'never' });
    const request = payment();
    const silent = payment('+260979999999');
    await airtel.requestPayment(request);
    await airtel.requestPayment(silent);
    const [callback] = await listener.waitFor(1);
    expect(callback.method).toBe('POST');
    const { transaction, hash } = callback.body as { transaction: Record<string, string>; hash: string };
    expect(transaction).toMatchObject({ id: request.reference, status_code: 'TS' });
    expect(hash).toBe(
      createHmac('sha256', 'airtel-private-key').update(JSON.stringify({ transaction })).digest('base64'),
    );
    expect(airtel.referenceInCallback(callback.body)).toBe(request.reference);
    expect(airtel.referenceInCallback({ transaction: { id: 42 } })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listener.received).toHaveLength(1);
    expect(await airtel.readPayment(silent.reference)).toMatchObject({ state: 'failed' });
  });

  it('says clearly that the client id or secret is wrong, without them, and does not retry', async () => {
    const error = await failure(
      new AirtelMoneyCollections(settings({ clientSecret: 'wrong-airtel-secret' })).requestPayment(payment()),
    );
    expect(error).toMatchObject({ provider: 'airtel', kind: 'credentials', retryable: false, httpStatus: 401 });
    expect(error.message).toBe('Airtel Money token: Airtel refused our client id or secret (401); check the settings');
  });
});

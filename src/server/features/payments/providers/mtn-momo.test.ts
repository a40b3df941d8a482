import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MTN, startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { startCallbackListener } from '../test/callback-listener';
import { ProviderError } from './collection-provider';
import { MtnMomoCollections } from './mtn-momo';
import type { MtnMomoSettings } from './provider-config';

let simulator: RunningSimulators;
let listener: Awaited<ReturnType<typeof startCallbackListener>>;

beforeAll(async () => {
  simulator = await startSimulators({ mtn: { tokenSeconds: 2 } });
  listener = await startCallbackListener();
});
afterAll(async () => {
  await simulator.close();
  await listener.close();
});
afterEach(() => {
  simulator.state.reset();
  listener.received.length = 0;
});

const settings = (change: Partial<MtnMomoSettings> = {}): MtnMomoSettings => ({
  baseUrl: simulator.url,
  apiUser: DEMO_MTN.apiUser,
  apiKey: DEMO_MTN.apiKey,
  subscriptionKey: DEMO_MTN.subscriptionKey,
  targetEnvironment: DEMO_MTN.targetEnvironment,
  currency: 'ZMW',
  callbackUrl: `${listener.url}/api/payments/callbacks/mtn`,
  timeoutMs: 2_000,
  ...change,
});
const payment = (phone = '+260961234567', amountNgwee = 12_345) => ({
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

describe('MTN MoMo collections against the simulator', () => {
  it('asks for the exact amount, then reads pending and, once the phone approves, successful with the amount', async () => {
    const mtn = new MtnMomoCollections(settings());
    const request = payment();
    await mtn.requestPayment(request);
    const [received] = simulator.state.payments.values();
    expect(received).toMatchObject({
      provider: 'mtn',
      phone: '+260961234567',
      amountNgwee: 12_345,
      externalId: request.reference,
      message: 'Order 1042',
    });
    expect(await mtn.readPayment(request.reference)).toEqual({
      state: 'pending',
      amountNgwee: 12_345,
      currency: 'ZMW',
      providerTransactionId: null,
      reason: null,
    });
    expect((await phoneAnswers(request.reference, 'approve')).statusCode).toBe(200);
    const reading = await mtn.readPayment(request.reference);
    expect(reading).toMatchObject({ state: 'successful', amountNgwee: 12_345, currency: 'ZMW', reason: null });
    expect(reading.providerTransactionId).toMatch(/^\d+$/);
  });

  it('reads a decline and a wrong PIN as failed with the reason', async () => {
    const mtn = new MtnMomoCollections(settings());
    const declined = payment();
    const wrongPin = payment('+260761234567');
    await mtn.requestPayment(declined);
    await mtn.requestPayment(wrongPin);
    await phoneAnswers(declined.reference, 'decline');
    await phoneAnswers(wrongPin.reference, 'wrong-pin');
    expect(await mtn.readPayment(declined.reference)).toMatchObject({
      state: 'failed',
      reason: 'APPROVAL_REJECTED',
      providerTransactionId: null,
    });
    expect(await mtn.readPayment(wrongPin.reference)).toMatchObject({ state: 'failed', reason: 'APPROVAL_REJECTED' });
  });

  it('reuses its token, renews it shortly before it expires, and once more when MTN refuses it early', async () => {
    const mtn = new MtnMomoCollections(settings());
    const request = payment();
    await mtn.requestPayment(request);
    await mtn.readPayment(request.reference);
    await mtn.readPayment(request.reference);
    expect(simulator.state.tokensIssued.mtn).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_700)); // the token lives 2 s; renewed after 1.6 s
    await mtn.readPayment(request.reference);
    expect(simulator.state.tokensIssued.mtn).toBe(2);
    await simulator.app.inject({ method: 'POST', url: '/_sim/tokens/expire' });
    expect((await mtn.readPayment(request.reference)).state).toBe('pending');
    expect(simulator.state.tokensIssued.mtn).toBe(3);
  });

  it('turns a provider 500 into a retryable error and a slow answer into a retryable timeout', async () => {
    const mtn = new MtnMomoCollections(settings({ timeoutMs: 300 }));
    await behave({ phone: '0961111111', answer: 'error-500' });
    await behave({ phone: '0962222222', answer: 'slow', slowMs: 1_000 });
    const broken = await failure(mtn.requestPayment(payment('+260961111111')));
    expect(broken).toMatchObject({
      name: 'ProviderError',
      provider: 'mtn',
      kind: 'provider-error',
      retryable: true,
      httpStatus: 500,
    });
    const slow = await failure(mtn.requestPayment(payment('+260962222222')));
    expect(slow).toMatchObject({ kind: 'timeout', retryable: true });
    expect(slow.message).toBe('MTN MoMo request-to-pay: no answer within 300 ms');
  });

  it('refuses a reused reference (409) and an unknown one, neither worth retrying', async () => {
    const mtn = new MtnMomoCollections(settings());
    const request = payment();
    await mtn.requestPayment(request);
    expect(await failure(mtn.requestPayment({ ...request, amountNgwee: 1 }))).toMatchObject({
      kind: 'duplicate',
      retryable: false,
      httpStatus: 409,
    });
    expect(await failure(mtn.readPayment(randomUUID()))).toMatchObject({ kind: 'not-found', retryable: false });
    expect(simulator.state.payments.get(request.reference)?.amountNgwee).toBe(12_345);
  });

  it('reports the amount the provider says it collected, even when it differs from the request', async () => {
    const mtn = new MtnMomoCollections(settings());
    await behave({ phone: '0963333333', outcome: 'approve', amountDeltaNgwee: -100 });
    const request = payment('+260963333333', 50_000);
    await mtn.requestPayment(request);
    await listener.waitFor(1);
    expect(await mtn.readPayment(request.reference)).toMatchObject({ state: 'successful', amountNgwee: 49_900 });
  });

  it('receives the callback (PUT to X-Callback-Url) and reads our reference from it, twice when MTN sends it twice', async () => {
    const mtn = new MtnMomoCollections(settings());
    await behave({ outcome: 'approve', callback: 'twice' });
    const request = payment();
    await mtn.requestPayment(request);
    const callbacks = await listener.waitFor(2);
    expect(callbacks.map((c) => [c.method, c.path])).toEqual([
      ['PUT', '/api/payments/callbacks/mtn'],
      ['PUT', '/api/payments/callbacks/mtn'],
    ]);
    expect(callbacks[0].body).toMatchObject({ status: 'SUCCESSFUL', amount: '123.45', currency: 'ZMW' });
    expect(mtn.referenceInCallback(callbacks[0].body)).toBe(request.reference);
    expect(mtn.referenceInCallback({ status: 'SUCCESSFUL' })).toBeNull();
    expect(mtn.referenceInCallback('nonsense')).toBeNull();
  });

  it('lets a callback come before the status read agrees: the read still says pending', async () => {
    const mtn = new MtnMomoCollections(settings());
    await behave({ outcome: 'approve', callback: 'early', earlyMs: 1_000 });
    const request = payment();
    await mtn.requestPayment(request);
    const [callback] = await listener.waitFor(1);
    expect(callback.body).toMatchObject({ status: 'SUCCESSFUL' });
    expect((await mtn.readPayment(request.reference)).state).toBe('pending');
  });

  it('says clearly that the credentials are wrong, without the keys, and does not retry', async () => {
    const badKey = await failure(
      new MtnMomoCollections(settings({ apiKey: 'wrong-secret-key' })).requestPayment(payment()),
    );
    expect(badKey).toMatchObject({ kind: 'credentials', retryable: false, httpStatus: 401 });
    expect(badKey.message).toBe('MTN MoMo token: the provider refused our credentials (401); check the settings');
    const badSubscription = await failure(
      new MtnMomoCollections(settings({ subscriptionKey: 'wrong-subscription' })).readPayment(randomUUID()),
    );
    expect(badSubscription).toMatchObject({ kind: 'credentials', retryable: false });
    expect(`${badKey.message} ${badSubscription.message}`).not.toMatch(
      /wrong-secret-key|wrong-subscription|simulator-mtn/,
    );
    const badEnvironment = await failure(
      new MtnMomoCollections(settings({ targetEnvironment: 'sandbox' })).requestPayment(payment()),
    );
    expect(badEnvironment).toMatchObject({ kind: 'refused', retryable: false, httpStatus: 400 });
    expect(badEnvironment.message).toContain('NOT_ALLOWED_TARGET_ENVIRONMENT');
  });

  it('cannot reach a provider that is not there: retryable', async () => {
    const error = await failure(
      new MtnMomoCollections(settings({ baseUrl: 'http://127.0.0.1:9' })).readPayment(randomUUID()),
    );
    expect(error).toMatchObject({ kind: 'unreachable', retryable: true });
    expect(error).toBeInstanceOf(ProviderError);
  });
});

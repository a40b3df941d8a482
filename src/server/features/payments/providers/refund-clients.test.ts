import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { shopEnvForSimulator } from '../../../../../simulators/shop-env';
import { AirtelMoneyDisbursements } from './airtel-disbursement';
import { MtnMomoCollections } from './mtn-momo';
import { MtnMomoDisbursements } from './mtn-disbursement';
import { readPaymentProviderSettings, type PaymentProviderSettings } from './registry';
import type { ProviderError } from './collection-provider';
import { refundRouteFor } from './refund-routes';

/** The refund clients (MTN Disbursement, Airtel disbursement) over HTTP against the simulator. */
let simulator: RunningSimulators;
let settings: PaymentProviderSettings;

beforeAll(async () => {
  simulator = await startSimulators();
  const read = readPaymentProviderSettings(shopEnvForSimulator(simulator.url, undefined));
  if (!read.ok) throw new Error(read.issues.join('\n'));
  settings = read.settings;
  for (const s of [settings.mtn!, settings.mtn!.disbursement!, settings.airtel!.disbursement!]) s.timeoutMs = 500;
});
afterAll(() => simulator.close());
afterEach(() => simulator.state.reset());

function expectNoSecretIn(message: string, secrets: string[]) {
  expect(message.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(message).not.toContain(secret);
}

const behave = (body: object) => simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a ProviderError'),
    (error: unknown) => error as ProviderError,
  );

/** A successful MTN collection at the simulator, the one a refund pays back. */
async function mtnCollection(phone = '+260961234567', amountNgwee = 10_000) {
  const reference = randomUUID();
  await new MtnMomoCollections(settings.mtn!).requestPayment({
    reference,
    phone,
    amountNgwee,
    currency: 'ZMW',
    orderNumber: '7',
  });
  await simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` });
  return reference;
}
const refund = (collectionReference: string, amountNgwee: number, phone = '+260961234567') => ({
  reference: randomUUID(),
  phone,
  amountNgwee,
  currency: 'ZMW',
  collectionReference,
  orderNumber: 'A1B2C3',
});

describe('MTN MoMo refunds (Disbursement) against the simulator', () => {
  it('sends a part refund of a collection with its own token, reads it successful with MTN’s id; a second send of the reference is taken as the first', async () => {
    const mtn = new MtnMomoDisbursements(settings.mtn!.disbursement!);
    const request = refund(await mtnCollection(), 4_000);
    expect(await mtn.sendRefund(request)).toEqual({ state: 'pending', providerTransactionId: null, reason: null });
    const reading = await mtn.readRefund(request.reference);
    expect(reading.state).toBe('successful');
    expect(reading.providerTransactionId).toMatch(/^\d+$/);
    expect(simulator.state.tokensIssued['mtn-disbursement']).toBe(1);
    expect(await mtn.sendRefund(request)).toMatchObject({ state: 'pending' });
    expect(simulator.state.refunds.get(request.reference)).toMatchObject({
      sendsReceived: 2,
      moneyMoved: 1,
      amountNgwee: 4_000,
      collectionReference: request.collectionReference,
    });
    expect(await mtn.readBalance()).toEqual({ availableNgwee: 100_000_000 - 4_000, currency: 'ZMW' });
  });

  it('reads a short float as FAILED NOT_ENOUGH_FUNDS, an unknown reference as not found, and refuses more than is left', async () => {
    const mtn = new MtnMomoDisbursements(settings.mtn!.disbursement!);
    const collection = await mtnCollection();
    await simulator.app.inject({ method: 'POST', url: '/_sim/float', payload: { mtn: 10 } });
    const short = refund(collection, 5_000);
    await mtn.sendRefund(short);
    expect(await mtn.readRefund(short.reference)).toEqual({
      state: 'failed',
      providerTransactionId: null,
      reason: 'NOT_ENOUGH_FUNDS',
    });
    expect(await failure(mtn.readRefund(randomUUID()))).toMatchObject({ kind: 'not-found', retryable: false });
    expect(await failure(mtn.sendRefund(refund(collection, 10_001)))).toMatchObject({
      kind: 'refused',
      retryable: false,
      httpStatus: 400,
    });
  });

  it('a 500 or a slow answer is retryable; a Collection key is refused by Disbursement', async () => {
    const collection = await mtnCollection('+260961110000');
    await behave({ phone: '+260961110000', answer: 'error-500' });
    const mtn = new MtnMomoDisbursements(settings.mtn!.disbursement!);
    expect(await failure(mtn.sendRefund(refund(collection, 100, '+260961110000')))).toMatchObject({
      kind: 'provider-error',
      retryable: true,
    });
    await behave({ phone: '+260961110000', answer: 'slow', slowMs: 800 });
    expect(await failure(mtn.sendRefund(refund(collection, 100, '+260961110000')))).toMatchObject({
      kind: 'timeout',
      retryable: true,
    });
    const withCollectionKey = new MtnMomoDisbursements({
      ...settings.mtn!.disbursement!,
      subscriptionKey: settings.mtn!.subscriptionKey,
    });
    const refused = await failure(withCollectionKey.sendRefund(refund(collection, 100)));
    expect(refused).toMatchObject({ kind: 'credentials', retryable: false });
    // The message becomes a log line and a refund's failure reason: no key of ours may be in it.
    expectNoSecretIn(refused.message, [
      settings.mtn!.subscriptionKey,
      settings.mtn!.disbursement!.apiKey,
      settings.mtn!.disbursement!.subscriptionKey,
    ]);
  });
});

describe('Airtel Money refunds (disbursement) against the simulator', () => {
  it('pays the nine-digit number with the encrypted PIN, reads it successful; a second send of the id is Airtel’s 017 and moves nothing', async () => {
    const airtel = new AirtelMoneyDisbursements(settings.airtel!.disbursement!);
    const request = refund('', 2_550, '+260971234567');
    const answer = await airtel.sendRefund(request);
    expect(answer.state).toBe('successful');
    expect(await airtel.readRefund(request.reference)).toEqual(answer);
    expect(await airtel.sendRefund(request)).toMatchObject({ state: 'pending' });
    expect(simulator.state.refunds.get(request.reference)).toMatchObject({
      phone: '+260971234567',
      amountNgwee: 2_550,
      sendsReceived: 2,
      moneyMoved: 1,
    });
  });

  it('a wrong PIN is refused (not retryable); a short float fails with 007; an unknown id is not found; never-final stays pending', async () => {
    const wrongPin = new AirtelMoneyDisbursements({ ...settings.airtel!.disbursement!, pin: '9173' });
    const refusedPin = refund('', 100, '+260971234567');
    const refused = await failure(wrongPin.sendRefund(refusedPin));
    expect(refused).toMatchObject({ kind: 'refused', retryable: false });
    expectNoSecretIn(refused.message, [
      '9173',
      settings.airtel!.disbursement!.pin,
      settings.airtel!.disbursement!.clientSecret,
    ]);
    expect(simulator.state.refunds.has(refusedPin.reference)).toBe(false);
    const airtel = new AirtelMoneyDisbursements(settings.airtel!.disbursement!);
    await simulator.app.inject({ method: 'POST', url: '/_sim/float', payload: { airtel: 50 } });
    expect(await airtel.sendRefund(refund('', 100, '+260971234567'))).toMatchObject({
      state: 'failed',
      reason: 'Not enough money in the Airtel disbursement float (Insufficient funds)',
    });
    expect(await failure(airtel.readRefund(randomUUID()))).toMatchObject({ kind: 'not-found' });
    await behave({ phone: '+260971110000', refundOutcome: 'never' });
    const pending = refund('', 10, '+260971110000');
    expect(await airtel.sendRefund(pending)).toMatchObject({ state: 'pending' });
    expect(await airtel.readRefund(pending.reference)).toMatchObject({ state: 'pending' });
    expect([...simulator.state.refunds.values()].map((r) => r.moneyMoved)).toEqual([0, 0]);
  });
});

describe('refund settings', () => {
  it('are all-or-none per provider, need the provider’s collections, and decide the route', () => {
    const env = shopEnvForSimulator('http://127.0.0.1:4010', undefined);
    const half = readPaymentProviderSettings({ ...env, MTN_MOMO_DISBURSEMENT_API_KEY: '' });
    expect(half).toMatchObject({ ok: false });
    expect(!half.ok && half.issues[0]).toMatch(/^MTN_MOMO_DISBURSEMENT_API_KEY: MTN MoMo refunds needs/);
    const noCollections = readPaymentProviderSettings({
      ...env,
      AIRTEL_MONEY_BASE_URL: '',
      AIRTEL_MONEY_CLIENT_ID: '',
      AIRTEL_MONEY_CLIENT_SECRET: '',
    });
    expect(!noCollections.ok && noCollections.issues.join()).toMatch(
      /Airtel Money refunds need Airtel Money collections/,
    );
    expect(readPaymentProviderSettings({ ...env, AIRTEL_MONEY_PIN_PUBLIC_KEY: 'not a key' })).toMatchObject({
      ok: false,
    });
    const off = readPaymentProviderSettings({
      ...env,
      AIRTEL_MONEY_DISBURSEMENT_PIN: '',
      AIRTEL_MONEY_PIN_PUBLIC_KEY: '',
    });
    expect(off.ok && refundRouteFor('airtel', off.settings)).toBe('by-hand');
    expect(off.ok && refundRouteFor('mtn', off.settings)).toBe('mtn-refund');
    const on = readPaymentProviderSettings(env);
    expect(on.ok && refundRouteFor('airtel', on.settings)).toBe('airtel-disbursement');
  });
});

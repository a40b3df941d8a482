import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AIRTEL_PIN_PUBLIC_KEY_PEM } from './airtel-pin-key';
import { DEMO_AIRTEL, DEMO_MTN, DEMO_MTN_DISBURSEMENT, startSimulators, type RunningSimulators } from './server';
import type { SimRefund } from './state';

let sim: RunningSimulators;
beforeAll(async () => {
  sim = await startSimulators();
});
afterAll(() => sim.close());
afterEach(() => sim.state.reset());

const basic = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
const token = async (url: string, user: string, key: string, subscriptionKey: string) =>
  (
    await sim.app.inject({
      method: 'POST',
      url,
      headers: { authorization: basic(user, key), 'ocp-apim-subscription-key': subscriptionKey },
    })
  ).json().access_token as string;
const mtnHeaders = (bearer: string, reference = randomUUID()) => ({
  authorization: `Bearer ${bearer}`,
  'ocp-apim-subscription-key': DEMO_MTN_DISBURSEMENT.subscriptionKey,
  'x-target-environment': DEMO_MTN.targetEnvironment,
  'x-reference-id': reference,
});

/** A successful MTN request-to-pay, straight into the simulator's memory. */
async function collected(phone = '+260961234567', amountNgwee = 10_000) {
  const bearer = await token('/collection/token/', DEMO_MTN.apiUser, DEMO_MTN.apiKey, DEMO_MTN.subscriptionKey);
  const reference = randomUUID();
  await sim.app.inject({
    method: 'POST',
    url: '/collection/v1_0/requesttopay',
    headers: { ...mtnHeaders(bearer, reference), 'ocp-apim-subscription-key': DEMO_MTN.subscriptionKey },
    payload: {
      amount: (amountNgwee / 100).toFixed(2),
      currency: 'ZMW',
      externalId: 'x',
      payer: { partyIdType: 'MSISDN', partyId: phone.slice(1) },
      payerMessage: 'Order 1',
      payeeNote: 'Order 1',
    },
  });
  await sim.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` });
  return reference;
}
const refunds = async () =>
  (await sim.app.inject({ method: 'GET', url: '/_sim/refunds' })).json() as {
    refunds: SimRefund[];
    float: Record<string, number>;
  };

describe('the refund simulators move money at most once per reference', () => {
  it('MTN: Disbursement needs its own token; a refund pays back a successful payment once; the same reference again is 409 and moves nothing', async () => {
    const collection = await collected();
    const collectionToken = await token(
      '/collection/token/',
      DEMO_MTN.apiUser,
      DEMO_MTN.apiKey,
      DEMO_MTN.subscriptionKey,
    );
    const refund = {
      amount: '40.00',
      currency: 'ZMW',
      externalId: 'r',
      payerMessage: 'Refund',
      payeeNote: 'Refund',
      referenceIdToRefund: collection,
    };
    expect(
      (
        await sim.app.inject({
          method: 'POST',
          url: '/disbursement/v1_0/refund',
          headers: mtnHeaders(collectionToken),
          payload: refund,
        })
      ).statusCode,
    ).toBe(401);
    const bearer = await token(
      '/disbursement/token/',
      DEMO_MTN_DISBURSEMENT.apiUser,
      DEMO_MTN_DISBURSEMENT.apiKey,
      DEMO_MTN_DISBURSEMENT.subscriptionKey,
    );
    const headers = mtnHeaders(bearer);
    expect(
      (await sim.app.inject({ method: 'POST', url: '/disbursement/v1_0/refund', headers, payload: refund })).statusCode,
    ).toBe(202);
    expect(
      (await sim.app.inject({ method: 'POST', url: '/disbursement/v1_0/refund', headers, payload: refund })).json(),
    ).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
    const read = await sim.app.inject({
      method: 'GET',
      url: `/disbursement/v1_0/refund/${headers['x-reference-id']}`,
      headers,
    });
    expect(read.json()).toMatchObject({ status: 'SUCCESSFUL', amount: '40.00', externalId: headers['x-reference-id'] });
    const listed = await refunds();
    expect(listed.refunds).toMatchObject([{ sendsReceived: 2, moneyMoved: 1 }]);
    expect(listed.float.mtn).toBe(100_000_000 - 4_000);
    // More than is left of the payment, or a payment that is not a success: refused.
    expect(
      (
        await sim.app.inject({
          method: 'POST',
          url: '/disbursement/v1_0/refund',
          headers: mtnHeaders(bearer),
          payload: { ...refund, amount: '60.01' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sim.app.inject({
          method: 'POST',
          url: '/disbursement/v1_0/refund',
          headers: mtnHeaders(bearer),
          payload: { ...refund, referenceIdToRefund: randomUUID() },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('MTN: error-500-after-accept moves the money and answers 500; never stays pending until the control route ends it', async () => {
    const collection = await collected('+260961110001');
    const bearer = await token(
      '/disbursement/token/',
      DEMO_MTN_DISBURSEMENT.apiUser,
      DEMO_MTN_DISBURSEMENT.apiKey,
      DEMO_MTN_DISBURSEMENT.subscriptionKey,
    );
    const refund = {
      amount: '10.00',
      currency: 'ZMW',
      externalId: 'r',
      payerMessage: 'Refund',
      payeeNote: 'Refund',
      referenceIdToRefund: collection,
    };
    await sim.app.inject({
      method: 'POST',
      url: '/_sim/behaviour',
      payload: { phone: '0961110001', answer: 'error-500-after-accept' },
    });
    const lost = mtnHeaders(bearer);
    expect(
      (await sim.app.inject({ method: 'POST', url: '/disbursement/v1_0/refund', headers: lost, payload: refund }))
        .statusCode,
    ).toBe(500);
    await sim.app.inject({
      method: 'POST',
      url: '/_sim/behaviour',
      payload: { phone: '0961110001', answer: 'normal', refundOutcome: 'never' },
    });
    const pending = mtnHeaders(bearer);
    await sim.app.inject({ method: 'POST', url: '/disbursement/v1_0/refund', headers: pending, payload: refund });
    expect((await refunds()).refunds.map((r) => [r.status, r.moneyMoved])).toEqual([
      ['SUCCESSFUL', 1],
      ['PENDING', 0],
    ]);
    expect(
      (await sim.app.inject({ method: 'POST', url: `/_sim/refunds/${pending['x-reference-id']}/fail` })).json(),
    ).toMatchObject({ status: 'FAILED' });
    expect(
      (await sim.app.inject({ method: 'POST', url: `/_sim/refunds/${pending['x-reference-id']}/succeed` })).statusCode,
    ).toBe(409);
  });

  it('Airtel: the PIN must decrypt with the simulator’s key; the same transaction id again is 017 and moves nothing', async () => {
    const bearer = sim.state.issueToken('airtel', 60);
    const pin = (value: string) =>
      publicEncrypt(
        { key: AIRTEL_PIN_PUBLIC_KEY_PEM, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(value),
      ).toString('base64');
    const send = (id: string, encrypted: string) =>
      sim.app.inject({
        method: 'POST',
        url: '/standard/v1/disbursements/',
        headers: { authorization: `Bearer ${bearer}`, 'x-country': 'ZM', 'x-currency': 'ZMW' },
        payload: {
          payee: { msisdn: '971234567', wallet_type: 'NORMAL' },
          reference: 'Refund1',
          pin: encrypted,
          transaction: { amount: 12.5, id, type: 'B2C' },
        },
      });
    const id = randomUUID();
    expect((await send(id, pin('9999'))).json().status.response_code).toBe('DP00900001013');
    expect((await send(id, pin(DEMO_AIRTEL.pin))).json().status).toMatchObject({
      response_code: 'DP00900001001',
      success: true,
    });
    expect((await send(id, pin(DEMO_AIRTEL.pin))).json().status.response_code).toBe('DP00900001017');
    expect((await refunds()).refunds).toMatchObject([
      { provider: 'airtel', phone: '+260971234567', amountNgwee: 1_250, sendsReceived: 2, moneyMoved: 1 },
    ]);
  });
});

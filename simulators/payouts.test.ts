import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LENCO, LENCO_BASE_PATH } from './lenco';
import { DEMO_MTN, DEMO_MTN_DISBURSEMENT, startSimulators, type RunningSimulators } from './server';

let sim: RunningSimulators;
beforeAll(async () => {
  sim = await startSimulators();
});
afterAll(() => sim.close());
afterEach(() => sim.state.reset());

async function disbursementToken() {
  const basic = Buffer.from(`${DEMO_MTN_DISBURSEMENT.apiUser}:${DEMO_MTN_DISBURSEMENT.apiKey}`).toString('base64');
  const res = await sim.app.inject({
    method: 'POST',
    url: '/disbursement/token/',
    headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': DEMO_MTN_DISBURSEMENT.subscriptionKey },
  });
  return res.json().access_token as string;
}

const wallet = async (phone: string) =>
  (await sim.app.inject({ method: 'GET', url: `/_sim/wallets/${encodeURIComponent(phone)}` })).json();

/** Members' payouts at the simulator (docs/providers/payout-apis.md): once per reference, into the payee's wallet. */
describe('the payout simulators', () => {
  it('MTN: a transfer pays the payee’s wallet once; the same reference again is 409; the read answers as a refund read', async () => {
    const bearer = await disbursementToken();
    const reference = randomUUID();
    const send = () =>
      sim.app.inject({
        method: 'POST',
        url: '/disbursement/v1_0/transfer',
        headers: {
          authorization: `Bearer ${bearer}`,
          'ocp-apim-subscription-key': DEMO_MTN_DISBURSEMENT.subscriptionKey,
          'x-target-environment': DEMO_MTN.targetEnvironment,
          'x-reference-id': reference,
        },
        payload: {
          amount: '412.50',
          currency: 'ZMW',
          externalId: reference,
          payee: { partyIdType: 'MSISDN', partyId: '260961234567' },
          payerMessage: 'Co-op November shares',
          payeeNote: 'Co-op November shares',
        },
      });
    expect((await send()).statusCode).toBe(202);
    expect((await send()).json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
    expect(sim.state.refunds.get(reference)).toMatchObject({
      kind: 'transfer',
      phone: '+260961234567',
      amountNgwee: 41_250,
      sendsReceived: 2,
      moneyMoved: 1,
    });
    const read = await sim.app.inject({
      method: 'GET',
      url: `/disbursement/v1_0/transfer/${reference}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        'ocp-apim-subscription-key': DEMO_MTN_DISBURSEMENT.subscriptionKey,
        'x-target-environment': DEMO_MTN.targetEnvironment,
      },
    });
    expect(read.json()).toMatchObject({ status: 'SUCCESSFUL', amount: '412.50', payee: { partyId: '260961234567' } });
    // A transfer is not a refund: the refund read does not know it.
    const asRefund = await sim.app.inject({
      method: 'GET',
      url: `/disbursement/v1_0/refund/${reference}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        'ocp-apim-subscription-key': DEMO_MTN_DISBURSEMENT.subscriptionKey,
        'x-target-environment': DEMO_MTN.targetEnvironment,
      },
    });
    expect(asRefund.statusCode).toBe(404);
    expect(await wallet('0961234567')).toMatchObject({
      phone: '+260961234567',
      balanceNgwee: 41_250,
      received: [{ provider: 'mtn', kind: 'transfer', reference, amountNgwee: 41_250, status: 'SUCCESSFUL' }],
      texts: [],
    });
  });

  it('Lenco: a transfer from the payouts account, once (400 errorCode 04 again); refused for a short balance or a number told to refuse', async () => {
    const send = (reference: string, phone = '0951234567') =>
      sim.app.inject({
        method: 'POST',
        url: `${LENCO_BASE_PATH}/transfers/mobile-money`,
        headers: { authorization: `Bearer ${DEMO_LENCO.apiToken}` },
        payload: { accountId: DEMO_LENCO.accountId, amount: 40, reference, phone, operator: 'zamtel', country: 'zm' },
      });
    const reference = randomUUID();
    const first = await send(reference);
    expect(first.json()).toMatchObject({ status: true, data: { reference, status: 'successful', amount: '40.00' } });
    expect((await send(reference)).json()).toMatchObject({ status: false, errorCode: '04' });
    expect(sim.state.refunds.get(reference)).toMatchObject({ provider: 'lenco', sendsReceived: 2, moneyMoved: 1 });
    const read = await sim.app.inject({
      method: 'GET',
      url: `${LENCO_BASE_PATH}/transfers/status/${reference}`,
      headers: { authorization: `Bearer ${DEMO_LENCO.apiToken}` },
    });
    expect(read.json().data).toMatchObject({ status: 'successful', lencoReference: first.json().data.lencoReference });
    const unknown = await sim.app.inject({
      method: 'GET',
      url: `${LENCO_BASE_PATH}/transfers/status/${randomUUID()}`,
      headers: { authorization: `Bearer ${DEMO_LENCO.apiToken}` },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await wallet('+260951234567')).balanceNgwee).toBe(4_000);

    await sim.app.inject({
      method: 'POST',
      url: '/_sim/behaviour',
      payload: { phone: '0957654321', answer: 'refuse' },
    });
    expect((await send(randomUUID(), '0957654321')).json()).toMatchObject({ errorCode: '05' });
    await sim.app.inject({ method: 'POST', url: '/_sim/float', payload: { lenco: 100 } });
    expect((await send(randomUUID())).json()).toMatchObject({ errorCode: '02' });
    expect((await wallet('+260951234567')).balanceNgwee).toBe(4_000);
  });
});

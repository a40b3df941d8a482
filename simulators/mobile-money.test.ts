import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AIRTEL, DEMO_MTN, startSimulators, type RunningSimulators } from './server';

let sim: RunningSimulators;
beforeAll(async () => {
  sim = await startSimulators();
});
afterAll(() => sim.close());
afterEach(() => sim.state.reset());

const basic = `Basic ${Buffer.from(`${DEMO_MTN.apiUser}:${DEMO_MTN.apiKey}`).toString('base64')}`;
const mtnToken = async () => {
  const answer = await fetch(`${sim.url}/collection/token/`, {
    method: 'POST',
    headers: { Authorization: basic, 'Ocp-Apim-Subscription-Key': DEMO_MTN.subscriptionKey },
  });
  return ((await answer.json()) as { access_token: string }).access_token;
};
const mtnHeaders = (token: string, change: Record<string, string> = {}) => ({
  Authorization: `Bearer ${token}`,
  'Ocp-Apim-Subscription-Key': DEMO_MTN.subscriptionKey,
  'X-Target-Environment': 'mtnzambia',
  'X-Reference-Id': randomUUID(),
  'Content-Type': 'application/json',
  ...change,
});
const mtnBody = {
  amount: '10.00',
  currency: 'ZMW',
  externalId: 'x',
  payer: { partyIdType: 'MSISDN', partyId: '260961234567' },
  payerMessage: 'Order 1',
  payeeNote: 'Order 1',
};
const requestToPay = async (headers: Record<string, string>, body: object = mtnBody) => {
  const answer = await fetch(`${sim.url}/collection/v1_0/requesttopay`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.text()) || null };
};

describe('the MTN MoMo and Airtel Money simulators check what the providers check', () => {
  it('MTN: refuses a missing subscription key, a bad token, a bad target environment, reference or body', async () => {
    const token = await mtnToken();
    expect((await requestToPay(mtnHeaders(token, { 'Ocp-Apim-Subscription-Key': 'nope' }))).status).toBe(401);
    expect((await requestToPay(mtnHeaders('forged'))).status).toBe(401);
    expect((await requestToPay(mtnHeaders(token, { 'X-Target-Environment': 'sandbox' }))).status).toBe(400);
    expect((await requestToPay(mtnHeaders(token, { 'X-Reference-Id': 'order-1' }))).status).toBe(400);
    expect((await requestToPay(mtnHeaders(token), { ...mtnBody, amount: 10 })).status).toBe(400);
    expect((await requestToPay(mtnHeaders(token), { ...mtnBody, amount: '10.001' })).status).toBe(400);
    expect((await requestToPay(mtnHeaders(token), { ...mtnBody, currency: 'EUR' })).status).toBe(400);
    expect(
      (await requestToPay(mtnHeaders(token), { ...mtnBody, payer: { partyIdType: 'MSISDN', partyId: '0961234567' } }))
        .status,
    ).toBe(400);
    expect(sim.state.payments.size).toBe(0);
    const headers = mtnHeaders(token);
    expect(await requestToPay(headers)).toEqual({ status: 202, body: null });
    expect((await requestToPay(headers)).status).toBe(409);
  });

  it('Airtel: refuses wrong client secret, wrong country or currency headers, and a number with its country code', async () => {
    const tokenAnswer = await sim.app.inject({
      method: 'POST',
      url: '/auth/oauth2/token',
      payload: { client_id: DEMO_AIRTEL.clientId, client_secret: 'nope', grant_type: 'client_credentials' },
    });
    expect(tokenAnswer.statusCode).toBe(401);
    const token = sim.state.issueToken('airtel', 60);
    const push = (headers: Record<string, string>, msisdn = '971234567') =>
      sim.app.inject({
        method: 'POST',
        url: '/merchant/v1/payments/',
        headers: { Authorization: `Bearer ${token}`, 'X-Country': 'ZM', 'X-Currency': 'ZMW', ...headers },
        payload: {
          reference: 'Order 1',
          subscriber: { country: 'ZM', currency: 'ZMW', msisdn },
          transaction: { amount: 10.5, country: 'ZM', currency: 'ZMW', id: randomUUID() },
        },
      });
    expect((await push({ 'X-Country': 'UG' })).statusCode).toBe(400);
    expect((await push({ 'X-Currency': 'UGX' })).statusCode).toBe(400);
    expect((await push({}, '260971234567')).statusCode).toBe(400);
    expect((await push({ Authorization: 'Bearer forged' })).statusCode).toBe(401);
    const accepted = await push({});
    expect(accepted.json()).toMatchObject({ status: { success: true } });
    expect([...sim.state.payments.values()].map((p) => [p.phone, p.amountNgwee])).toEqual([['+260971234567', 1_050]]);
  });
});

describe('the tester and the tests drive it', () => {
  it('shows an open request on the phone page and settles it from the form, then lists it as ended', async () => {
    const token = await mtnToken();
    const headers = mtnHeaders(token);
    await requestToPay(headers);
    const reference = headers['X-Reference-Id'];
    const page = await (await fetch(`${sim.url}/`)).text();
    expect(page).toContain('pay ZMW 10.00 from +260961234567');
    expect(page).toContain(`action="/_sim/requests/${reference}/approve"`);
    const form = await fetch(`${sim.url}/_sim/requests/${reference}/wrong-pin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect([form.status, form.headers.get('location')]).toEqual([303, '/']);
    expect(sim.state.payments.get(reference)?.status).toBe('FAILED');
    expect(await (await fetch(`${sim.url}/`)).text()).toContain('Failed: APPROVAL_REJECTED');
    const again = await sim.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` });
    expect(again.statusCode).toBe(409);
  });

  it('approves after the seconds it was told, for that number only', async () => {
    await sim.app.inject({
      method: 'POST',
      url: '/_sim/behaviour',
      payload: { phone: '+260 96 123 4567', outcome: 'approve', afterSeconds: 1 },
    });
    const token = await mtnToken();
    const mine = mtnHeaders(token);
    const other = mtnHeaders(token);
    await requestToPay(mine);
    await requestToPay(other, { ...mtnBody, payer: { partyIdType: 'MSISDN', partyId: '260761234567' } });
    const statusOf = (reference: string) => sim.state.payments.get(reference)?.status;
    expect(statusOf(mine['X-Reference-Id'])).toBe('PENDING');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(statusOf(mine['X-Reference-Id'])).toBe('SUCCESSFUL');
    expect(statusOf(other['X-Reference-Id'])).toBe('PENDING');
    const listed = (await sim.app.inject({ method: 'GET', url: '/_sim/requests' })).json() as {
      requests: unknown[];
      tokensIssued: { mtn: number };
    };
    expect(listed.requests).toHaveLength(2);
    expect(listed.tokensIssued.mtn).toBe(1);
  });

  it('keeps a prompt open until it is answered, however late; expire ends it as each provider reads an expired prompt', async () => {
    const token = await mtnToken();
    const late = mtnHeaders(token);
    const unanswered = mtnHeaders(token);
    await requestToPay(late);
    await requestToPay(unanswered);
    const mtnStatus = async (reference: string) =>
      (
        await fetch(`${sim.url}/collection/v1_0/requesttopay/${reference}`, { headers: mtnHeaders(token) })
      ).json() as Promise<{ status: string; reason?: string }>;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await sim.app.inject({ method: 'POST', url: `/_sim/requests/${late['X-Reference-Id']}/approve` })).statusCode,
    ).toBe(200);
    expect(await mtnStatus(late['X-Reference-Id'])).toMatchObject({ status: 'SUCCESSFUL' });
    expect(
      (await sim.app.inject({ method: 'POST', url: `/_sim/requests/${unanswered['X-Reference-Id']}/expire` })).json(),
    ).toEqual({
      reference: unanswered['X-Reference-Id'],
      status: 'EXPIRED',
    });
    expect(await mtnStatus(unanswered['X-Reference-Id'])).toMatchObject({ status: 'FAILED', reason: 'EXPIRED' });
    expect(
      (await sim.app.inject({ method: 'POST', url: `/_sim/requests/${unanswered['X-Reference-Id']}/approve` }))
        .statusCode,
    ).toBe(409);

    const airtelToken = (
      (
        await sim.app.inject({
          method: 'POST',
          url: '/auth/oauth2/token',
          payload: {
            client_id: DEMO_AIRTEL.clientId,
            client_secret: DEMO_AIRTEL.clientSecret,
            grant_type: 'client_credentials',
          },
        })
      ).json() as {
        access_token: string;
      }
    ).access_token;
    const airtelHeaders = { Authorization: `Bearer ${airtelToken}`, 'X-Country': 'ZM', 'X-Currency': 'ZMW' };
    const id = randomUUID();
    await sim.app.inject({
      method: 'POST',
      url: '/merchant/v1/payments/',
      headers: airtelHeaders,
      payload: {
        reference: 'Order 2',
        subscriber: { country: 'ZM', currency: 'ZMW', msisdn: '971234567' },
        transaction: { amount: 10, country: 'ZM', currency: 'ZMW', id },
      },
    });
    await sim.app.inject({ method: 'POST', url: `/_sim/requests/${id}/expire` });
    const enquiry = await sim.app.inject({ method: 'GET', url: `/standard/v1/payments/${id}`, headers: airtelHeaders });
    expect(enquiry.json()).toMatchObject({ data: { transaction: { id, status: 'TE' } } });
  });

  it('answers a bad behaviour with 400 and the allowed values', async () => {
    const bad = (payload: object) => sim.app.inject({ method: 'POST', url: '/_sim/behaviour', payload });
    expect((await bad({ outcome: 'maybe' })).json()).toEqual({
      message: 'outcome must be wait, approve, decline or wrong-pin',
    });
    expect((await bad({ afterSeconds: -1 })).statusCode).toBe(400);
    expect((await bad({ callback: 'sometimes' })).statusCode).toBe(400);
    expect((await bad({ phone: '12' })).statusCode).toBe(400);
    expect((await bad({ answer: 'slow', slowMs: 50 })).json()).toMatchObject({
      phone: 'all',
      behaviour: { answer: 'slow', slowMs: 50 },
    });
  });
});

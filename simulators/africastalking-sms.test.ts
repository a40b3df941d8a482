import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AFRICASTALKING, startSimulators, type RunningSimulators } from './server';

let sim: RunningSimulators;
beforeAll(async () => {
  sim = await startSimulators();
});
afterAll(() => sim.close());
afterEach(() => sim.state.reset());

const send = async (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const answer = await fetch(`${sim.url}/version1/messaging`, {
    method: 'POST',
    headers: {
      apiKey: DEMO_AFRICASTALKING.apiKey,
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams({ username: DEMO_AFRICASTALKING.username, bulkSMSMode: '1', ...fields }),
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text) };
};

describe("the simulator's Africa's Talking SMS API", () => {
  it('refuses a wrong key or username with 401 text, as the real API does', async () => {
    expect(await send({ to: '+260971234567', message: 'x' }, { apiKey: 'nope' })).toMatchObject({
      status: 401,
      text: 'The supplied authentication is invalid',
    });
    expect((await send({ to: '+260971234567', message: 'x', username: 'someone-else' })).status).toBe(401);
    expect((await send({ message: 'x' })).status).toBe(400);
    expect(sim.state.sms.messages).toEqual([]);
  });

  it('answers 201 with one entry per recipient, and refuses a bad number per recipient', async () => {
    const answer = await send({ to: '+260971234567,+26097123', message: 'Your order is on its way', from: 'KUMBUKA' });
    expect(answer.status).toBe(201);
    const data = answer.json().SMSMessageData;
    expect(data.Message).toBe('Sent to 1/2 Total Cost: ZMW 0.2500');
    expect(data.Recipients).toEqual([
      {
        statusCode: 101,
        number: '+260971234567',
        status: 'Success',
        cost: 'ZMW 0.2500',
        messageId: expect.stringMatching(/^ATXid_/),
      },
      { statusCode: 403, number: '+26097123', status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' },
    ]);
    const listed = (await (await fetch(`${sim.url}/_sim/sms/messages?to=%2B260971234567`)).json()) as {
      messages: { text: string; from: string }[];
    };
    expect(listed.messages).toMatchObject([{ text: 'Your order is on its way', from: 'KUMBUKA' }]);
    expect(await (await fetch(`${sim.url}/?to=0971234567`)).text()).toContain('Your order is on its way');
  });

  it('fails the next messages as told, then works again', async () => {
    const told = await sim.app.inject({
      method: 'POST',
      url: '/_sim/sms/behaviour',
      payload: { failNext: 1, statusCode: 405 },
    });
    expect(told.json()).toMatchObject({ behaviour: { failNext: 1, statusCode: 405 } });
    expect((await send({ to: '+260971234567', message: 'one' })).json().SMSMessageData.Recipients[0]).toMatchObject({
      statusCode: 405,
      status: 'InsufficientBalance',
    });
    expect((await send({ to: '+260971234567', message: 'two' })).json().SMSMessageData.Recipients[0].statusCode).toBe(
      101,
    );
    await sim.app.inject({ method: 'POST', url: '/_sim/sms/behaviour', payload: { failNext: 1, httpStatus: 500 } });
    expect((await send({ to: '+260971234567', message: 'three' })).status).toBe(500);
    expect(sim.state.sms.to('+260971234567').map((m) => m.text)).toEqual(['two']);
    expect(
      (await sim.app.inject({ method: 'POST', url: '/_sim/sms/behaviour', payload: { statusCode: 200 } })).statusCode,
    ).toBe(400);
    expect((await sim.app.inject({ method: 'DELETE', url: '/_sim/sms/messages' })).statusCode).toBe(200);
    expect(sim.state.sms.messages).toEqual([]);
  });
});

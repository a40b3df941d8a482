import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { App } from '../../../app';

export const TEST_SECRET = 'test-secret-for-the-ussd-callback-0123456789';

export interface StepResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): { message?: unknown };
}

/**
 * Posts one step as Africa's Talking does: a form, the whole input history in text. Over the socket when
 * the shop listens (as the gateway reaches it, and so parallel steps really are parallel), else injected.
 */
export async function postStep(
  app: App,
  fields: { sessionId: string; phoneNumber: string; text: string; networkCode?: string },
  secret = TEST_SECRET,
): Promise<StepResponse> {
  const form = new URLSearchParams({
    sessionId: fields.sessionId,
    serviceCode: '*384*123#',
    phoneNumber: fields.phoneNumber,
    networkCode: fields.networkCode ?? '64502',
    text: fields.text,
  });
  const path = `/api/ussd/${secret}`;
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  if (!app.server.listening) return app.inject({ method: 'POST', url: path, headers, payload: form.toString() });
  const { port } = app.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers, body: form.toString() });
  const body = await response.text();
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body,
    json: () => JSON.parse(body),
  };
}

/**
 * A caller on a feature phone: dial() starts a session, press() sends one more input. Every answer is
 * checked against the protocol: 200, text/plain, CON or END and one space, 160 characters at most.
 */
export class Caller {
  sessionId = `ATUid_${randomUUID().replace(/-/g, '')}`;
  inputs: string[] = [];
  screens: string[] = [];
  constructor(
    private readonly app: App,
    readonly phoneNumber: string,
  ) {}

  get screen() {
    return this.screens[this.screens.length - 1] ?? '';
  }

  async send(text: string): Promise<string> {
    const response = await postStep(this.app, { sessionId: this.sessionId, phoneNumber: this.phoneNumber, text });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^(CON|END) \S/);
    expect(response.body.length, response.body).toBeLessThanOrEqual(160);
    this.screens.push(response.body);
    return response.body;
  }

  dial(): Promise<string> {
    this.inputs = [];
    return this.send('');
  }

  press(input: string): Promise<string> {
    this.inputs.push(input);
    return this.send(this.inputs.join('*'));
  }

  /** The number of the line whose label contains `label` ("2. Shop" -> "2"). */
  optionFor(label: string): string {
    const line = this.screen.split('\n').find((l) => /^\d+\. /.test(l) && l.includes(label));
    if (!line) throw new Error(`no option "${label}" on:\n${this.screen}`);
    return line.split('.')[0]!;
  }

  choose(label: string): Promise<string> {
    return this.press(this.optionFor(label));
  }

  /** A new session from the same phone (the old one dropped). */
  redial(): Promise<string> {
    this.sessionId = `ATUid_${randomUUID().replace(/-/g, '')}`;
    return this.dial();
  }

  /** Another session of the same number, alongside this one (a gateway still delivering a stale session's steps). */
  alongside(): Caller {
    return new Caller(this.app, this.phoneNumber);
  }
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { updateShopSettings } from '../settings';
import { addressesOf, startSmtpPeer, type SmtpPeer } from './test/smtp-peer';

describe('POST /api/contact', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let client = 0;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ smtpUrl: peer.url });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  /** Each test speaks from its own client address, so the throttle of one does not touch another. */
  const fromNewClient = () => {
    client += 1;
    return (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: `203.0.113.${client}`,
        payload: payload as object,
      });
  };
  const message = (email: string) => ({
    name: 'Grace <Mwale>',
    email,
    subject: 'Wholesale\r\nBcc: evil@example.com',
    message: 'Do you ship 200 ml mungongo oil to Lusaka?\nThanks & regards',
  });

  it('stores the message and mails the cooperative with Reply-To the sender', async () => {
    const send = fromNewClient();
    const res = await send(message('Grace@Example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully!' });

    const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, 'grace@example.com'));
    expect(row).toMatchObject({
      name: 'Grace <Mwale>',
      message: 'Do you ship 200 ml mungongo oil to Lusaka?\nThanks & regards',
    });

    await t.app.outbox.idle();
    const received = peer.to('hello@coop-shop.example');
    expect(received).toHaveLength(1);
    const { parsed, envelopeTo } = received[0];
    expect(envelopeTo).toEqual(['hello@coop-shop.example']);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Grace <Mwale>', address: 'grace@example.com' }]);
    expect(parsed.subject).toBe('Contact form: Wholesale Bcc: evil@example.com');
    expect(parsed.bcc).toBeUndefined();
    expect(addressesOf(parsed.to)).toEqual(['hello@coop-shop.example']);
    expect(parsed.text).toContain('From: Grace <Mwale> <grace@example.com>');
    expect(parsed.text).toContain('Do you ship 200 ml mungongo oil to Lusaka?');
    expect(parsed.html).toContain('Grace &lt;Mwale&gt;');
    expect(peer.to('evil@example.com')).toHaveLength(0);

    const [mail] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'contact'));
    expect(mail).toMatchObject({ status: 'sent', toAddress: 'hello@coop-shop.example' });
  });

  it("mails the address in the shop's settings", async () => {
    await updateShopSettings(t.app.db, { email: 'orders@coop.example.org' });
    const res = await fromNewClient()(message('visitor@example.com'));
    expect(res.statusCode).toBe(201);
    await t.app.outbox.idle();
    expect(peer.to('orders@coop.example.org')).toHaveLength(1);
  });

  it('keeps the message when the mail cannot be sent (the stored row is the record)', async () => {
    peer.rejectRecipients.add('orders@coop.example.org');
    const res = await fromNewClient()(message('unlucky@example.com'));
    expect(res.statusCode).toBe(201);
    await t.app.outbox.idle();
    expect(
      await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, 'unlucky@example.com')),
    ).toHaveLength(1);
    const failed = await t.app.db.select().from(mailMessages).where(eq(mailMessages.status, 'failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0].lastError).toMatch(/550/);
    peer.rejectRecipients.clear();
  });

  it('validates every field and stores nothing on a bad request', async () => {
    const send = fromNewClient();
    const cases: [unknown, RegExp][] = [
      [{ ...message('a@example.com'), name: '  ' }, /Name is required/],
      [{ ...message('not-an-email') }, /Invalid email address/],
      [{ ...message('a@example.com'), subject: '' }, /Subject is required/],
      [{ ...message('a@example.com'), message: undefined }, /message/],
      [{ ...message('a@example.com'), message: 'x'.repeat(5001) }, /too long/],
    ];
    for (const [payload, text] of cases) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(text);
    }
    expect(
      await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, 'a@example.com')),
    ).toHaveLength(0);
  });

  it('allows 5 messages per 10 minutes from one address, then answers 429', async () => {
    const send = fromNewClient();
    for (let i = 0; i < 5; i += 1) {
      expect((await send(message(`burst${i}@example.com`))).statusCode).toBe(201);
    }
    const sixth = await send(message('burst5@example.com'));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many messages from your address\. Please try again in \d+ minutes?/);
    expect(
      await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, 'burst5@example.com')),
    ).toHaveLength(0);

    expect((await fromNewClient()(message('someone-else@example.com'))).statusCode).toBe(201);
    await t.app.outbox.idle();
  });

  it('does not let a client pick its own address with X-Forwarded-For (no proxy is trusted by default)', async () => {
    const remoteAddress = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
        payload: message(`spoof${i}@example.com`),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    await t.app.outbox.idle();
  });
});

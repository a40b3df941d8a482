import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { rowsOf as resultRows } from '../../db/client';
import { mailMessages } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { addressesOf, startSmtpPeer, type SmtpPeer } from './test/smtp-peer';
import { createOutbox } from './outbox';
import { describeFailure } from './transport';

describe('POST /api/email/bulk against a real SMTP peer', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ smtpUrl: peer.url });
    admin = (await createUser(t, { isAdmin: true })).auth;
    customer = (await createUser(t)).auth;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const bulk = (payload: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/email/bulk', headers, payload: payload as object });
  const rowsOf = (batchId: string) => t.app.db.select().from(mailMessages).where(eq(mailMessages.batchId, batchId));

  it('sends one message per recipient, each addressed to that recipient alone', async () => {
    const res = await bulk({
      recipients: ['ann@example.com', 'ben@example.org', 'ANN@Example.com', ' cat@example.net '],
      subject: '  New baobab oil  ',
      message: 'Fresh stock is in.\n\nPrices <b>unchanged</b> & shipping free over K500.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Email sent to 3 customer(s)', sent: 3, failed: 0, failedRecipients: [] });
    expect(body.batchId).toMatch(/^[0-9a-f-]{36}$/);

    for (const address of ['ann@example.com', 'ben@example.org', 'cat@example.net']) {
      const got = peer.to(address);
      expect(got, address).toHaveLength(1);
      const [{ parsed, envelopeTo }] = got;
      expect(envelopeTo).toEqual([address]);
      expect(addressesOf(parsed.to)).toEqual([address]);
      expect(parsed.cc).toBeUndefined();
      expect(parsed.bcc).toBeUndefined();
      expect(parsed.subject).toBe('New baobab oil');
      expect(parsed.from?.value[0].address).toBe('shop@coop-shop.example');
      expect(parsed.text?.trim()).toBe('Fresh stock is in.\n\nPrices <b>unchanged</b> & shipping free over K500.');
      expect(parsed.html).toContain('Prices &lt;b&gt;unchanged&lt;/b&gt; &amp; shipping');
      expect(parsed.html).not.toContain('<b>');
    }

    const rows = await rowsOf(body.batchId);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'bulk', lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      const [received] = peer.to(row.toAddress);
      expect(received.parsed.messageId).toBe(`<${row.id}@coop-shop.example>`);
    }
  });

  it('records a refused recipient as failed and still sends to the others', async () => {
    peer.rejectRecipients.add('gone@example.com');
    const res = await bulk({
      recipients: ['dan@example.com', 'gone@example.com', 'eve@example.com'],
      subject: 'Hello',
      message: 'Hi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Email sent to 2 customer(s)',
      sent: 2,
      failed: 1,
      failedRecipients: ['gone@example.com'],
    });
    expect(peer.to('gone@example.com')).toHaveLength(0);
    expect(peer.to('dan@example.com')).toHaveLength(1);

    const rows = await rowsOf(res.json().batchId);
    const byAddress = Object.fromEntries(rows.map((r) => [r.toAddress, r]));
    expect(byAddress['gone@example.com'].status).toBe('failed');
    expect(byAddress['gone@example.com'].lastError).toMatch(/550/);
    expect(byAddress['gone@example.com'].sentAt).toBeNull();
    expect(byAddress['dan@example.com'].status).toBe('sent');
    expect(byAddress['eve@example.com'].status).toBe('sent');
  });

  it('answers 502 when every message failed', async () => {
    peer.rejectRecipients.add('nobody@example.com');
    const res = await bulk({ recipients: ['gone@example.com', 'nobody@example.com'], subject: 'Hello', message: 'Hi' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'Failed to send email. Please try again.' });
    const rows = await t.app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'nobody@example.com'));
    expect(rows.map((r) => r.status)).toEqual(['failed']);
  });

  it('keeps going past refused recipients, but stops trying a server that is down', async () => {
    const refused = ['r1@example.com', 'r2@example.com', 'r3@example.com', 'r4@example.com'];
    refused.forEach((a) => peer.rejectRecipients.add(a));
    const res = await bulk({ recipients: [...refused, 'fine@example.com'], subject: 'Hi', message: 'Hi' });
    expect(res.json()).toMatchObject({ sent: 1, failed: 4 });
    const rows = await rowsOf(res.json().batchId);
    expect(rows.filter((r) => r.status === 'failed').every((r) => /550/.test(r.lastError ?? ''))).toBe(true);

    // A mailer over the same database whose server never answers: it gives up after 3 failures in a row.
    let calls = 0;
    const down = createOutbox({
      db: t.app.db,
      config: t.config,
      log: t.app.log,
      transport: {
        mode: 'smtp',
        async send() {
          calls += 1;
          throw Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' });
        },
        close() {},
      },
    });
    const ids = await down.outbox.queue(
      Array.from({ length: 12 }, (_, i) => ({ kind: 'bulk', to: `down${i}@example.com`, subject: 'x', text: 'y' })),
    );
    const result = await down.outbox.deliver(ids);
    expect(result).toMatchObject({ sent: [] });
    expect(result.failed.sort()).toEqual([...ids].sort());
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThanOrEqual(5);
    const downRows = await t.app.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
    expect(downRows.every((r) => r.status === 'failed')).toBe(true);
    const skipped = downRows.filter((r) => r.attempts === 0);
    expect(skipped.length).toBe(12 - calls);
    expect(skipped[0].lastError).toMatch(
      /^Not attempted: the mail server failed 3 times in a row \(Connection timeout\)/,
    );
  });

  it('validates recipients, subject and message', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ recipients: ['a@example.com'], subject: '   ', message: 'Hi' }, 'Please fill in both subject and message'],
      [{ recipients: ['a@example.com'], subject: 'Hi', message: ' \n ' }, 'Please fill in both subject and message'],
      [{ recipients: ['a@example.com'], subject: 'Hi' }, 'Please fill in both subject and message'],
      [{ recipients: ['a@example.com', 'not-an-address'], subject: 'Hi', message: 'Hi' }, /Invalid email address/],
      [{ recipients: [], subject: 'Hi', message: 'Hi' }, /at least one recipient/],
      [{ recipients: 'a@example.com', subject: 'Hi', message: 'Hi' }, /list of e-mail addresses/],
      [
        { recipients: Array.from({ length: 501 }, (_, i) => `p${i}@example.com`), subject: 'Hi', message: 'Hi' },
        /At most 500/,
      ],
      [{ recipients: ['a@example.com'], subject: 'x'.repeat(201), message: 'Hi' }, /too long/],
    ];
    const before = peer.messages.length;
    for (const [payload, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(peer.messages.length).toBe(before);
  });

  it('is for admins only', async () => {
    const payload = { recipients: ['a@example.com'], subject: 'Hi', message: 'Hi' };
    expect((await bulk(payload, {})).statusCode).toBe(401);
    const forbidden = await bulk(payload, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(peer.to('a@example.com')).toHaveLength(0);
  });

  it('never stores SMTP credentials in an error', () => {
    const url = 'smtp://mailer:s3cr%40t@smtp.example.com:587';
    const error = new Error('Invalid login for mailer with s3cr@t at smtp://mailer:s3cr%40t@smtp.example.com:587');
    const text = describeFailure(error, url);
    expect(text).not.toContain('s3cr');
    expect(text).not.toContain('mailer:');
  });

  it('after a restart: interrupted sends go out again with the same Message-ID, pending ones are delivered', async () => {
    const [interrupted, waiting] = await t.app.db
      .insert(mailMessages)
      .values([
        {
          kind: 'bulk',
          toAddress: 'interrupted@example.com',
          subject: 'Was sending',
          textBody: 'x',
          status: 'sending',
          attempts: 1,
        },
        { kind: 'bulk', toAddress: 'waiting@example.com', subject: 'Was pending', textBody: 'Still to go' },
      ])
      .returning();

    // A second server over the same database, as after a crash and restart; only the app is closed afterwards.
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await restarted.ready();
      await restarted.outbox.idle();
    } finally {
      await restarted.close();
    }

    const rows = await t.app.db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.id, [interrupted.id, waiting.id]));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    // At least once: the peer may have accepted the first attempt, so a duplicate is possible, and it
    // carries the same Message-ID as the first attempt did (decision 004).
    expect(byId[interrupted.id]).toMatchObject({ status: 'sent', attempts: 2, leaseUntil: null });
    expect(byId[waiting.id]).toMatchObject({ status: 'sent', attempts: 1 });
    const resent = peer.to('interrupted@example.com');
    expect(resent).toHaveLength(1);
    expect(resent[0].parsed.messageId).toBe(`<${interrupted.id}@coop-shop.example>`);
    const received = peer.to('waiting@example.com');
    expect(received).toHaveLength(1);
    expect(received[0].parsed.subject).toBe('Was pending');

    // The first server does not pick them up again.
    expect(await t.app.outbox.deliver([interrupted.id, waiting.id])).toEqual({ sent: [], failed: [] });
    expect(peer.to('waiting@example.com')).toHaveLength(1);
    expect(peer.to('interrupted@example.com')).toHaveLength(1);
  });

  it('claims ten messages at a time and records them sent together; a stop puts back those not tried', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sentTo: string[] = [];
    const stopping = createOutbox({
      db: t.app.db,
      config: t.config,
      log: t.app.log,
      transport: {
        mode: 'outbox',
        async send(message) {
          sentTo.push(String(message.to));
          // From the second message on, sending waits until the test has asked the mailer to stop.
          if (sentTo.length >= 2) await gate;
        },
        close() {},
      },
    });
    const ids = await stopping.outbox.queue(
      Array.from({ length: 25 }, (_, i) => ({ kind: 'bulk', to: `stop${i}@example.com`, subject: 'x', text: 'y' })),
    );
    const delivering = stopping.outbox.deliver(ids);
    await expect.poll(() => sentTo.length).toBeGreaterThanOrEqual(2);
    const claimed = await t.app.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
    expect(claimed.filter((r) => r.status === 'sending')).toHaveLength(10);
    const closing = stopping.close();
    release();
    await closing;
    // Messages are taken in order; those being sent when the stop came were finished.
    const tried = sentTo.length;
    expect(tried).toBeLessThan(10);
    const result = await delivering;
    expect(result.failed).toEqual([]);
    expect([...result.sent].sort()).toEqual(ids.slice(0, tried).sort());
    const rows = new Map(
      (await t.app.db.select().from(mailMessages).where(inArray(mailMessages.id, ids))).map((r) => [r.id, r]),
    );
    expect(ids.slice(0, tried).every((id) => rows.get(id)?.status === 'sent')).toBe(true);
    // Claimed but not tried: back to pending with the attempt taken back, like the ones never claimed.
    expect(ids.slice(tried).every((id) => rows.get(id)?.status === 'pending' && rows.get(id)?.attempts === 0)).toBe(
      true,
    );
    // The server's own mailer sends them later; a message it did not queue is read back from its row.
    expect(await t.app.outbox.deliver(ids)).toMatchObject({ failed: [] });
    expect((await t.app.outbox.deliver(ids)).sent).toEqual([]);
    const received = Array.from({ length: 25 }, (_, i) => peer.to(`stop${i}@example.com`).length);
    expect(received).toEqual(Array.from({ length: 25 }, (_, i) => (i < tried ? 0 : 1)));
  });

  it('keeps message bodies out of the row, so marking a message copies a few hundred bytes', async () => {
    const result = await t.app.db.execute(sql`
      select attname, attstorage from pg_attribute
      where attrelid = 'mail_messages'::regclass and attname in ('text_body', 'html_body') order by attname`);
    expect(resultRows(result)).toEqual([
      { attname: 'html_body', attstorage: 'e' },
      { attname: 'text_body', attstorage: 'e' },
    ]);
    const sizes = async () =>
      resultRows<{ heap: number; toast: number }>(
        await t.app.db.execute(sql`
          select pg_relation_size(oid)::int as heap, pg_relation_size(reltoastrelid)::int as toast
          from pg_class where relname = 'mail_messages'`),
      )[0];
    const before = await sizes();
    await t.app.outbox.queue(
      Array.from({ length: 20 }, (_, i) => ({
        kind: 'bulk',
        to: `wide${i}@example.com`,
        subject: 'Wide',
        text: 'w'.repeat(5_000),
        html: `<p>${'h'.repeat(5_000)}</p>`,
      })),
    );
    const after = await sizes();
    // 200 KB of bodies: nearly all of it beside the rows (uncompressed), the rows themselves a page or two.
    expect(after.toast - before.toast).toBeGreaterThan(180_000);
    expect(after.heap - before.heap).toBeLessThanOrEqual(16_384);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { escapeHtml, textToHtml } from './escape-html';
import { addressesOf } from './test/smtp-peer';

describe('mail without SMTP_URL: .eml files in DATA_DIR/outbox', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let outbox: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
    outbox = path.join(t.dataDir, 'outbox');
  });
  afterAll(() => t.close());

  const emlFiles = () =>
    readdirSync(outbox)
      .filter((f) => !f.startsWith('.'))
      .sort();
  const parseFile = (file: string) => simpleParser(readFileSync(path.join(outbox, file)));

  it('writes one .eml file per recipient, named by time and message id, and records them sent', async () => {
    expect(t.app.outbox.mode).toBe('outbox');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/bulk',
      headers: admin,
      payload: {
        recipients: ['one@example.com', 'two@example.com'],
        subject: 'Harvest news',
        message: 'Marula season starts.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: 2, failed: 0 });

    const rows = await t.app.db.select().from(mailMessages).where(eq(mailMessages.batchId, res.json().batchId));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const files = emlFiles();
    expect(files).toHaveLength(2);
    expect(readdirSync(outbox)).toHaveLength(2); // no temporary files left behind
    for (const row of rows) {
      const file = files.find((f) => f.endsWith(`-${row.id}.eml`));
      expect(file, row.toAddress).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-[0-9a-f-]{36}\.eml$/);
      const parsed = await parseFile(file!);
      expect(addressesOf(parsed.to)).toEqual([row.toAddress]);
      expect(parsed.from?.text).toBe('"Test Shop" <shop@coop-shop.example>');
      expect(parsed.subject).toBe('Harvest news');
      expect(parsed.text?.trim()).toBe('Marula season starts.');
      expect(parsed.messageId).toBe(`<${row.id}@coop-shop.example>`);
    }
  });

  it('writes the contact notification with its Reply-To', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Chanda', email: 'chanda@example.com', subject: 'Gift sets', message: 'Do you wrap gifts?' },
    });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.idle();
    const [row] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'contact'));
    expect(row.status).toBe('sent');
    const file = emlFiles().find((f) => f.endsWith(`-${row.id}.eml`));
    const parsed = await parseFile(file!);
    expect(parsed.replyTo?.value[0]).toEqual({ name: 'Chanda', address: 'chanda@example.com' });
    expect(addressesOf(parsed.to)).toEqual(['hello@coop-shop.example']);
  });

  it('sendLater records the message before it resolves, then delivers it in the background', async () => {
    await t.app.outbox.sendLater([{ kind: 'test', to: 'later@example.com', subject: 'Later', text: 'Body' }]);
    const [recorded] = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, 'later@example.com'));
    expect(recorded).toMatchObject({ kind: 'test', htmlBody: null });
    await t.app.outbox.idle();
    const [row] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'later@example.com'));
    expect(row).toMatchObject({ status: 'sent', kind: 'test', htmlBody: null });
  });

  it('escapes HTML in every position', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = textToHtml('Hello <you>\nline two\n\n<script>alert(1)</script>');
    expect(html).toContain('<p>Hello &lt;you&gt;<br>\nline two</p>');
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html).not.toContain('<script>');
  });
});

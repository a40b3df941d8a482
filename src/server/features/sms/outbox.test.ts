import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fileTransport, smsOutboxFolder } from './file-transport';
import { createSmsOutbox } from './outbox';
import { REMOVED_SECRET } from './queries';
import { readSmsOutbox } from './test/sms-outbox-files';

describe('sms without SMS_PROVIDER: text files in DATA_DIR/sms-outbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sendLater records the message before it resolves, then writes it and records it sent', async () => {
    expect(t.app.sms.mode).toBe('outbox');
    await t.app.sms.sendLater([{ kind: 'test', to: '+260971234567', text: 'Your parcel is on its way.' }]);
    const [recorded] = await t.app.db.select().from(smsMessages).where(eq(smsMessages.kind, 'test'));
    expect(recorded).toMatchObject({ toNumber: '+260971234567', body: 'Your parcel is on its way.', secret: false });
    await t.app.sms.idle();
    const [row] = await t.app.db.select().from(smsMessages).where(eq(smsMessages.id, recorded.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(row.sentAt).toBeInstanceOf(Date);
    const files = (await readSmsOutbox(t.dataDir)).filter((f) => f.id === row.id);
    expect(files).toEqual([
      {
        id: row.id,
        to: '+260971234567',
        kind: 'test',
        text: 'Your parcel is on its way.',
        file: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-[0-9a-f-]{36}\.txt$/),
      },
    ]);
  });

  it("blanks a secret's text in its row once it is out, and keeps it in the delivered message", async () => {
    await t.app.sms.sendLater([
      { kind: 'sign-in-code', to: '+260761234567', text: 'Your code is 482913', secret: true },
    ]);
    await t.app.sms.idle();
    const [row] = await t.app.db.select().from(smsMessages).where(eq(smsMessages.kind, 'sign-in-code'));
    expect(row).toMatchObject({ status: 'sent', secret: true, body: REMOVED_SECRET });
    expect((await readSmsOutbox(t.dataDir)).find((f) => f.id === row.id)?.text).toBe('Your code is 482913');
  });

  it("records inside the caller's transaction: nothing is sent when it rolls back", async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.sms.record(tx, [{ kind: 'rolled-back', to: '+260971234567', text: 'never' }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await t.app.db.transaction((tx) =>
      t.app.sms.record(tx, [{ kind: 'committed', to: '+260971234567', text: 'kept' }]),
    );
    t.app.sms.wake();
    await t.app.sms.idle();
    const rows = await t.app.db.select().from(smsMessages);
    expect(rows.map((r) => r.kind)).not.toContain('rolled-back');
    expect(rows.find((r) => r.kind === 'committed')?.status).toBe('sent');
  });

  it('refuses a number not in +E.164 form (a caller forgot readZambianMobile); sendLater only logs it', async () => {
    await expect(
      t.app.db.transaction((tx) => t.app.sms.record(tx, [{ kind: 'bad', to: '0971234567', text: 'x' }])),
    ).rejects.toThrow(/E\.164/);
    await expect(t.app.sms.sendLater([{ kind: 'bad', to: '0971234567', text: 'x' }])).resolves.toBeUndefined();
  });

  it('after a crash: a claimed text goes out, a text in doubt goes out again, a code in doubt is given up', async () => {
    const row = (status: string, kind: string, secret = false) => ({
      id: randomUUID(),
      kind,
      toNumber: '+260961234567',
      body: `${kind} text`,
      secret,
      status,
      attempts: 1,
      // A live claim as far as the app's own sweep can tell: only the restart's recovery takes it.
      leaseUntil: sql`now() + interval '5 minutes'`,
    });
    const rows = [
      row('claimed', 'never-submitted'),
      row('submitting', 'in-doubt'),
      row('submitting', 'code-in-doubt', true),
    ];
    await t.app.db.insert(smsMessages).values(rows);
    const restarted = createSmsOutbox({
      db: t.app.db,
      log: t.app.log,
      transport: fileTransport(smsOutboxFolder(t.dataDir)),
      soleSender: true,
    });
    await restarted.recover();
    await restarted.outbox.idle();
    await restarted.close();
    await t.app.sms.idle();
    const after = await t.app.db
      .select()
      .from(smsMessages)
      .where(
        inArray(
          smsMessages.id,
          rows.map((r) => r.id),
        ),
      );
    const byKind = Object.fromEntries(after.map((r) => [r.kind, r]));
    expect(byKind['never-submitted']).toMatchObject({ status: 'sent', lastError: null });
    expect(byKind['in-doubt']).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byKind['code-in-doubt']).toMatchObject({
      status: 'failed',
      body: REMOVED_SECRET,
      lastError: expect.stringContaining('ask for a new code'),
    });
    const written = (await readSmsOutbox(t.dataDir)).map((f) => f.kind);
    expect(written).toContain('in-doubt');
    expect(written).not.toContain('code-in-doubt');
  });
});

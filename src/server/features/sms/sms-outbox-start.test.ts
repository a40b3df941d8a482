import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpShops, startShop, tempFolder } from '../../test/shop-process';
import { removeHalfWrittenTexts, smsOutboxFolder } from './file-transport';

afterAll(cleanUpShops);

describe('the sms outbox folder when the shop starts', () => {
  it('removes the half-written texts a killed shop left, and nothing else', async () => {
    const dataDir = tempFolder('coop-shop-sms-start-');
    const outbox = smsOutboxFolder(dataDir);
    mkdirSync(outbox, { recursive: true });
    // What a kill -9 between writing a text and renaming it leaves, beside a text that was finished.
    const halfWritten = `.2026-11-27T031512.345Z-${randomUUID()}.txt.tmp`;
    const finished = `2026-11-27T031511.002Z-${randomUUID()}.txt`;
    writeFileSync(path.join(outbox, halfWritten), 'To: +260971234567\nKind: order-placed\nId: ');
    writeFileSync(
      path.join(outbox, finished),
      'To: +260971234567\nKind: order-placed\nId: x\n\nForest Co-op: order received.\n',
    );
    // Files that are not ours to judge stay, temporary-looking or not.
    writeFileSync(path.join(outbox, '.notes.tmp'), 'a person wrote this');
    writeFileSync(path.join(outbox, 'notes.txt.tmp'), 'and this');

    const shop = await startShop({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    expect(readdirSync(outbox).sort()).toEqual(['.notes.tmp', finished, 'notes.txt.tmp'].sort());
    await shop.stop();
  }, 120_000);

  it('leaves a text being written since this process started', async () => {
    const outbox = tempFolder('coop-shop-sms-writing-');
    const startedAt = Date.now() - 60_000;
    const writing = `.2026-11-27T031512.345Z-${randomUUID()}.txt.tmp`;
    writeFileSync(path.join(outbox, writing), 'To: ');
    expect(await removeHalfWrittenTexts(outbox, startedAt)).toEqual([]);
    expect(readdirSync(outbox)).toEqual([writing]);
    expect(await removeHalfWrittenTexts(outbox, Date.now() + 1000)).toEqual([writing]);
    expect(await removeHalfWrittenTexts(path.join(outbox, 'missing'), Date.now())).toEqual([]);
  });
});

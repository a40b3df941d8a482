import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { cleanUpShops, tempFolder } from '../../test/shop-process';
import { crashAndRestart } from './test/crash-run';

/**
 * The real server, 20 customers ordering, `kill -9` while order mail is in flight, a restart on the
 * same data: every acknowledged order's confirmation is delivered, a duplicate only with the same
 * Message-ID. The PostgreSQL runs are in crash-delivery.pg.test.ts.
 */
afterAll(cleanUpShops);

describe('order e-mails survive kill -9 of the real server', () => {
  it('on the embedded database: every acknowledged order is confirmed after the restart', async () => {
    const dataDir = tempFolder('coop-crash-');
    const outcome = await crashAndRestart({ DATA_DIR: dataDir }, path.join(dataDir, 'outbox'));
    console.info('PGlite kill -9:', outcome);
  }, 240_000);
});

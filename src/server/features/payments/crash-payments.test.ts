import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { tempFolder } from '../../test/shop-process';
import { cleanUpPaymentRuns, crashWhilePaying } from './test/crash-run';

/**
 * The real shop paying orders (MTN, Airtel, and Zamtel and cards on 3-D Secure through Lenco) through the
 * real simulator over HTTP, `kill -9` while approvals and their
 * callbacks arrive, more approvals and declines while it is down, a restart on the same data: every
 * attempt ends, each approved order is paid exactly once with one "payment received" e-mail.
 * PostgreSQL, and two instances on one database: crash-payments.pg.test.ts.
 */
afterAll(cleanUpPaymentRuns);

describe('payment attempts survive kill -9 of the real shop', () => {
  it('on the embedded database: after the restart every attempt ends and each approved order is paid once', async () => {
    const dataDir = tempFolder('coop-pay-crash-');
    const outcome = await crashWhilePaying({ DATA_DIR: dataDir }, path.join(dataDir, 'outbox'));
    console.info('PGlite kill -9 with payments pending:', outcome);
  }, 150_000);
});

import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../db/client';
import { cleanUpShops, tempFolder } from '../../test/shop-process';
import { crashAndRestartTexting, keyOf } from './test/crash-run';

/**
 * The real server texting through the simulator, `kill -9` while a text is in flight, a restart on the
 * same data: every acknowledged order is texted, a text twice only if it was in flight at the kill
 * (decision 015). The PostgreSQL runs are in crash-sms.pg.test.ts.
 */
afterAll(cleanUpShops);

describe('order texts survive kill -9 of the real server', () => {
  it('on the embedded database: every acknowledged order is texted after the restart', async () => {
    const dataDir = tempFolder('coop-sms-crash-');
    // Read as the killed process left it (its lock is stale), before the restart takes it over.
    const submitting = async () => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata'), migrate: false });
      try {
        const rows = rowsOf<{ to_number: string; body: string }>(
          await database.db.execute(sql`select to_number, body from sms_messages where status = 'submitting'`),
        );
        return new Set(rows.map((r) => keyOf(r.to_number, r.body)));
      } finally {
        await database.close();
      }
    };
    const outcome = await crashAndRestartTexting({ DATA_DIR: dataDir }, submitting);
    console.info('PGlite kill -9, SMS:', outcome);
    expect(outcome.duplicates).toBeLessThanOrEqual(outcome.submittingAtKill);
  }, 240_000);
});

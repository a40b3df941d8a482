import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, rowsOf } from '../db/client';
import { migratedPgliteTemplate } from './pglite-template';

describe('the migrated PGlite template the API tests start from', () => {
  it('opens as a database with every committed migration applied and no rows, each copy its own', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const template = await migratedPgliteTemplate();
    const first = await openDatabase({ pgliteStartFrom: template });
    const second = await openDatabase({ pgliteStartFrom: template });
    try {
      const applied = rowsOf<{ count: number }>(
        await first.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
      );
      expect(applied[0].count).toBe(journal.entries.length);
      const users = rowsOf<{ count: number }>(await first.db.execute(sql`select count(*)::int as count from users`));
      expect(users[0].count).toBe(0);

      await first.db.execute(sql`create table only_in_the_first (id int)`);
      const seen = rowsOf<{ name: string | null }>(
        await second.db.execute(sql`select to_regclass('only_in_the_first')::text as name`),
      );
      expect(seen[0].name).toBeNull();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

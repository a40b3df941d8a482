import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/project-root';
import { EMBEDDED_ONLY_TESTS } from './embedded-only-tests';

// What would make a file's run differ on PostgreSQL: it reads the database URL, opens a test app (which
// takes TEST_DATABASE_URL), or a second instance on it. Such a file belongs in the PostgreSQL pass.
const DATABASE_AWARE = /TEST_DATABASE_URL|createTestApp|startSecondInstance|createScratchDatabase/;

describe('the files left out of the PostgreSQL pass', () => {
  it.each(EMBEDDED_ONLY_TESTS)('%s exists and runs the same on every database', (file) => {
    const full = path.join(projectRoot(), file);
    expect(existsSync(full)).toBe(true);
    expect(readFileSync(full, 'utf8')).not.toMatch(DATABASE_AWARE);
  });
});

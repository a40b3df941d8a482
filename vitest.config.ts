import { configDefaults, defineConfig } from 'vitest/config';

// *.pg.test.ts need a real PostgreSQL (npm run test:pg gives TEST_DATABASE_URL); without one they are
// left out of the run rather than reported as skipped.
const postgresOnly = process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...postgresOnly],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

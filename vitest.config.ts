import { configDefaults, defineConfig } from 'vitest/config';
import { preactForReact } from './scripts/preact-for-react';
import { EMBEDDED_ONLY_TESTS } from './src/server/test/embedded-only-tests';

// *.pg.test.ts need a real PostgreSQL (npm run test:pg gives TEST_DATABASE_URL); without one they are
// left out of the run rather than reported as skipped.
const postgresOnly = process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'];
// On PostgreSQL, the files that would run exactly as on the embedded database are left out (decision 061).
const sameOnEveryDatabase = process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY_TESTS : [];

export default defineConfig({
  resolve: { alias: preactForReact },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'simulators/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...postgresOnly, ...sameOnEveryDatabase],
    environment: 'node',
    // Vitest's report, and the files a dead worker process left unfinished (scripts/test/vitest-run.ts).
    reporters: ['default', './scripts/test/unfinished-files.ts'],
    // The migrated PGlite every API test file starts from, made once per migration change (decision 061).
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs file after file in one module graph: each file no longer imports the whole app again
    // (1.3 s a file, a third of the run) and warm code runs faster. What a file changes for the process is
    // undone after each test (spies, stubbed globals and environment), and tests leave no state in modules
    // (decision 068).
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Libraries that import React are bundled through the alias too, so that one Preact runs a test.
    server: {
      deps: { inline: [/@tanstack[\\/]/, /radix-ui/, /sonner/, /lucide-react/, /react-hook-form/, /@hookform[\\/]/] },
    },
  },
});

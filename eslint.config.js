// Lint is for boundaries, not style: which folder may import which (docs/decisions/010-module-boundaries.md).
// TypeScript itself (npm run typecheck) checks types; the rules below are the ones tsc cannot see.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);
const featuresOf = (side) =>
  readdirSync(at('src', side, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Every feature, server and web, has one door: its index.ts, which re-exports what others may use
// (import '../orders', never '../orders/queries'). A feature imports its own files directly, never its
// own index (that would be an import loop). Tests may also use another feature's test/ folder (fixtures).
// The files that compose the server (app.ts, main.ts, the seed, the test app) and the scripts enter a
// feature through its index.ts too. Two exceptions import a feature's inner files: config.ts reads each
// feature's settings parser, and the one-shot commands of cli/ load only what they run (through an index
// a command would load whole features: admin:create's bundle grew from 51 KB to 171 KB and loaded sharp).
// lib/, db/ and plugins/ import no feature at all (layerZones).
const serverComposers = [at('src/server/!(config).ts'), at('src/server/{seed,test}/**'), at('scripts/**')];
const featureZones = [
  ...featuresOf('server').map((feature) => ({
    target: [at('src/server/features', `!(${feature})`, '**'), ...serverComposers],
    from: at('src/server/features', feature, '**'),
    // An exception of a glob zone must be a glob itself, hence index.{ts,tsx} for index.ts.
    except: [at('src/server/features', feature, 'index.{ts,tsx}'), at('src/server/features', feature, 'test/**')],
    message: `Import the server feature "${feature}" through its index.ts (features/${feature}), not its inner files (tests may use its test/). See docs/decisions/010-module-boundaries.md.`,
  })),
  ...featuresOf('web').map((feature) => ({
    target: at('src/web/features', `!(${feature})`, '**'),
    from: at('src/web/features', feature, '**'),
    except: [at('src/web/features', feature, 'index.{ts,tsx}')],
    message: `Import the web feature "${feature}" through its index.ts (features/${feature}), not its inner files.`,
  })),
];

const layerZones = [
  { target: at('src/server/**'), from: at('src/web/**'), message: 'The server never imports the web app.' },
  {
    target: at('src/web/**'),
    from: at('src/server/**'),
    message: 'The web app never imports the server: share through src/shared.',
  },
  {
    target: at('src/shared/**'),
    from: [at('src/server/**'), at('src/web/**')],
    message: 'src/shared is used by server and web and imports neither.',
  },
  {
    target: at('src/server/{lib,db,plugins}/**'),
    from: [at('src/server/features/**'), at('src/server/seed/**'), at('src/server/cli/**')],
    message: 'lib/, db/ and plugins/ are below the features: they import no feature, seed or CLI.',
  },
  {
    target: at('src/server/features/**'),
    from: [at('src/server/seed/**'), at('src/server/cli/**')],
    message: 'Features do not import the seed or the CLIs (those are consumers of the features).',
  },
  {
    target: at('e2e/**'),
    from: [at('src/server/**'), at('src/web/**')],
    message: 'Browser journeys drive the real server; they import only src/shared.',
  },
  {
    target: at('scripts/**'),
    from: at('src/web/**'),
    message: 'Scripts drive the built web app, they do not import it.',
  },
  {
    target: at('simulators/**'),
    from: [at('src/**'), at('scripts/**'), at('e2e/**')],
    message: 'The simulators stand in for outside providers: they share no code with the shop (docs/decisions/027).',
  },
];

// The product never loads a simulator; its tests start one (decision 027).
const productZones = [
  {
    target: at('src/**'),
    from: at('simulators/**'),
    message: 'The product never imports the simulators; only tests start them (docs/decisions/027).',
  },
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      '.data-*/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'lighthouse-results/',
      '.scratch/',
      'src/server/db/migrations/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.base],
    plugins: { 'import-x': importX },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        // Node and browser globals are checked by tsc (lib: DOM, types: node); no-undef is off below.
      },
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc owns names, types and unused code; these would only repeat it (or misread TypeScript).
      'no-undef': 'off',
      'no-unused-vars': 'off',
      'no-redeclare': 'off',
      'no-dupe-class-members': 'off',
      // A poll that ignores a failed attempt says so with an empty catch; a rethrow's cause is style.
      'no-empty': ['error', { allowEmptyCatch: true }],
      'preserve-caught-error': 'off',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...featureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Production code never loads a test or test support (a test/ folder: fixtures, the test app, an SMTP peer).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones, ...featureZones, ...productZones] },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.test', '**/*.test.ts', '**/test/*'],
              message: 'Tests and test support (test/ folders) are for tests only.',
            },
          ],
          paths: [
            {
              name: 'react-router',
              message:
                'The web app routes with src/web/lib/router, a small part of React Router with its names (docs/decisions/017-own-router.md).',
            },
          ],
        },
      ],
    },
  },
);

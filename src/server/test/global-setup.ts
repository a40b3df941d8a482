import { migratedPgliteTemplate } from './pglite-template';

/** Vitest's global set-up: the migrated PGlite template made once, before the workers open their databases. */
export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await migratedPgliteTemplate();
}

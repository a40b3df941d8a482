import type { Db } from './client';

/**
 * A statement built and named once per database, for the hottest queries: Drizzle otherwise builds a
 * query's SQL text afresh on every call, which costs about as much as PGlite running it. The name is the
 * statement's on PostgreSQL (prepared once per connection), so it must be unique in the app.
 */
export function preparedOn<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}

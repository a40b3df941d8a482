import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Inserts many rows with one parameter: the rows as a JSON array, unpacked by jsonb_to_recordset.
 * On PGlite this is about 2.5 times faster than a multi-row VALUES list with ~17,000 bound
 * parameters, and it never meets PostgreSQL's 65,535-parameter limit. Column names and types
 * come from the Drizzle schema, so the statement follows schema changes.
 */
export async function bulkInsert<T extends PgTable>(
  db: Pick<Db, 'execute'>,
  table: T,
  rows: InferInsertModel<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in (rows[0] as object));
  const documents = rows.map((row) => {
    const doc: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = (row as Record<string, unknown>)[key];
      doc[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    return doc;
  });
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const shape = sql.raw(columns.map(([, c]) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  await db.execute(
    sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(documents)}::jsonb) as x(${shape})`,
  );
}

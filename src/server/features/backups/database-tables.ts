import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';

/** Counters of the rate limits (logins, registrations): minutes of life, no worth in a backup or a copy. */
export const TRANSIENT_TABLES = new Set(['login_failures', 'rate_limit_counters', 'phone_codes']);

export interface TableShape {
  name: string;
  /** Stored columns in table order; generated ones (search_text) are left out and made again on load. */
  columns: string[];
}

type Queryable = Db | Tx;

/**
 * The shop's tables (schema public, transient ones left out) in an order where every table comes after
 * the tables its foreign keys point at, so loading them in this order never breaks a reference.
 */
export async function tablesInLoadOrder(db: Queryable): Promise<TableShape[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`,
    ),
  ).map((t) => t.name);
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.conrelid <> c.confrelid`),
  );
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER'
      order by table_name, ordinal_position`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys go round in a circle: ${[...path, table].join(' -> ')}`);
    for (const r of references) if (r.child === table) visit(r.parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered
    .filter((name) => !TRANSIENT_TABLES.has(name))
    .map((name) => ({ name, columns: columns.filter((c) => c.table_name === name).map((c) => c.column_name) }));
}

export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows of a table as JSON text, one per row, as PostgreSQL itself writes them (exact numbers, ISO times). */
export function selectRowsAsJson(table: TableShape) {
  const list = table.columns.map(quoteName).join(', ');
  return `select row_to_json(t)::text as j from (select ${list} from ${quoteName(table.name)}) t`;
}

/** Inserts rows given as JSON objects (row_to_json text), PostgreSQL turning each field back into its column's type. */
export function insertRowsFromJson(table: TableShape, rows: string[]) {
  const list = sql.raw(table.columns.map(quoteName).join(', '));
  const name = sql.raw(quoteName(table.name));
  return sql`insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, ${`[${rows.join(',')}]`}::json)`;
}

/** After a load: every sequence owned by a column continues above the highest value loaded. */
export async function advanceSequences(db: Queryable) {
  const owned = rowsOf<{ seq: string; tbl: string; col: string }>(
    await db.execute(sql`
      select s.relname as seq, t.relname as tbl, a.attname as col
      from pg_class s
      join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace`),
  );
  for (const { seq, tbl, col } of owned) {
    await db.execute(
      sql.raw(
        `select setval('${quoteName(seq).replace(/'/g, "''")}', coalesce((select max(${quoteName(col)}) from ${quoteName(tbl)}), 0) + 1, false)`,
      ),
    );
  }
}

/** A table's rows as JSON text, `batch` at a time, through a cursor of the caller's transaction (the snapshot it reads). */
export async function forEachBatch(
  tx: Tx,
  table: TableShape,
  batch: number,
  onRows: (rows: string[]) => Promise<void>,
) {
  await tx.execute(sql.raw(`declare table_rows no scroll cursor for ${selectRowsAsJson(table)}`));
  for (;;) {
    const rows = rowsOf<{ j: string }>(await tx.execute(sql.raw(`fetch forward ${batch} from table_rows`)));
    if (rows.length === 0) break;
    await onRows(rows.map((r) => r.j));
  }
  await tx.execute(sql.raw('close table_rows'));
}

/** Rows in each table, for comparing a copy with its source. */
export async function countRows(db: Queryable, tables: TableShape[]) {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from ${quoteName(table.name)}`)),
    );
    counts.set(table.name, n);
  }
  return counts;
}

import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Keyword search over several text columns through one stored column: the columns lower-cased and
 * joined by a newline, with a pg_trgm GIN index. `search_text LIKE lower('%keyword%')` then finds the
 * same rows as `a ILIKE '%keyword%' OR b ILIKE ...` (PostgreSQL's ILIKE compares lower() of both sides
 * in UTF-8), while reading one index and lower-casing nothing per row at query time.
 *
 * A keyword holding the separator could match across two columns; the caller searches the columns
 * one by one for such a keyword (see `searchesAcrossColumns`).
 */
export const SEARCH_SEPARATOR = '\n';

/** The generated column's expression over the given column names (raw SQL, as PostgreSQL stores it). */
export function searchTextOf(...columnSql: string[]): SQL {
  return sql.raw(`lower(${columnSql.join(` || E'\\n' || `)})`);
}

export function searchesAcrossColumns(keyword: string): boolean {
  return keyword.includes(SEARCH_SEPARATOR);
}

/** `%keyword%` with the keyword's own %, _ and \ matched literally (backslash is LIKE's default escape). */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The stored search column contains the keyword, case-insensitively (lower() in SQL, as ILIKE does it). */
export function searchTextContains(searchText: AnyColumn, keyword: string): SQL {
  return sql`${searchText} like lower(${containsPattern(keyword)})`;
}

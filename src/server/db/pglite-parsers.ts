import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * Drizzle's PGlite driver passes the same parsers with every statement (dates, timestamps, intervals and
 * their arrays kept as text), and PGlite merges them with its ~300 own on each call: 0.2 ms of a 0.5 ms
 * statement, measured. The client is given those parsers once instead, and they are dropped from each call,
 * so every result is parsed exactly as Drizzle asks.
 */
const KEPT_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

/** What Drizzle calls on its client: the statement and the transaction, nothing else. */
export type DrizzlePgliteClient = Pick<PGlite, 'query' | 'transaction'>;

const withoutParsers = (options?: QueryOptions) => (options?.parsers ? { ...options, parsers: undefined } : options);

function transactionClient(tx: Transaction): Transaction {
  return Object.create(tx, {
    query: {
      value: (query: string, params?: unknown[], options?: QueryOptions) =>
        tx.query(query, params, withoutParsers(options)),
    },
  }) as Transaction;
}

export function forDrizzle(client: PGlite): DrizzlePgliteClient {
  // Set after the client is ready: its start fills the array parsers, which would replace these.
  for (const oid of KEPT_AS_TEXT) client.parsers[oid] = asText;
  return {
    query: (query, params, options) => client.query(query, params, withoutParsers(options)),
    transaction: (callback) => client.transaction((tx) => callback(transactionClient(tx))),
  };
}

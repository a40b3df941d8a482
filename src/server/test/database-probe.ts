import pg from 'pg';

/**
 * Test-only: the crash tests' own connection to the shops' PostgreSQL, to read rows as a killed shop
 * left them (nothing changes them until a restart or another instance's sweep). A read that fails
 * answers nothing: the shop may not have made its tables yet.
 */
export async function openDatabaseProbe(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async <Row extends pg.QueryResultRow>(text: string): Promise<Row[]> =>
    (await client.query<Row>(text).catch(() => ({ rows: [] as Row[] }))).rows;
  return {
    rows,
    /** The answer of a `select count(*) as n ...`. */
    count: async (text: string) => Number((await rows<{ n: string }>(text))[0]?.n ?? 0),
    close: () => client.end(),
  };
}

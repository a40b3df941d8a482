const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every id we make is a uuid. Anything else can name no row, and PostgreSQL would reject it as a uuid
 * (a 500), so callers answer a malformed id like an unknown one (404) without asking the database.
 */
export const isUuid = (value: string) => UUID.test(value);

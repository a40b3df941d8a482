import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { users } from '../db/schema';

/** What a request needs to know of its user, read on every authenticated request (a demotion counts at once). */
export async function findSessionUser(db: Db, id: string) {
  const [user] = await sessionUser(db, { id });
  return user;
}

const sessionUser = preparedStatement('session_user', (db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      isAdmin: users.isAdmin,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

/**
 * Makes sure the admin named by ADMIN_EMAIL exists and is an admin. An existing account is promoted;
 * its password is set from ADMIN_PASSWORD only when the account is new, so a restart never undoes a
 * password the admin changed since.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string; name?: string }, log?: FastifyBaseLogger) {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  if (existing) {
    if (!existing.isAdmin) {
      await db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      log?.info({ email }, 'existing user made admin');
    }
    return existing.id;
  }
  const [created] = await db
    .insert(users)
    .values({ name: admin.name ?? 'Admin', firstName: admin.name ?? 'Admin', email, passwordHash: await hashPassword(admin.password), isAdmin: true })
    .returning({ id: users.id });
  log?.info({ email }, 'admin created');
  return created.id;
}

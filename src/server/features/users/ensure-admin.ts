import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { findUserByEmail, insertUserUnlessEmailTaken, updateUser, type UserChanges } from './queries';
import { deriveNames } from './service';

export interface AdminAccount {
  email: string;
  /** Needed to create the account, or with resetPassword; otherwise an existing password is kept. */
  password?: string;
  name?: string;
  resetPassword?: boolean;
}

export interface EnsureAdminResult {
  id: string;
  email: string;
  /** created: a new admin; promoted: an existing customer became admin; unchanged: already an admin. */
  action: 'created' | 'promoted' | 'unchanged';
  passwordReset: boolean;
}

/**
 * Makes sure the admin with this e-mail exists and is an admin. An existing account is promoted; its
 * password is set only when the account is new or resetPassword is asked, so a restart with
 * ADMIN_PASSWORD never undoes a password the admin changed since.
 */
export async function ensureAdmin(db: Db, admin: AdminAccount, log?: FastifyBaseLogger): Promise<EnsureAdminResult> {
  const email = admin.email.trim().toLowerCase();
  let existing = await findUserByEmail(db, email);
  if (!existing) {
    if (!admin.password) throw new Error(`No account with e-mail ${email}, and no password given to create one`);
    // Two instances starting at once with the same ADMIN_EMAIL: the second one promotes instead of crashing.
    const created = await insertUserUnlessEmailTaken(db, {
      ...deriveNames({ name: admin.name?.trim() || 'Admin' }),
      email,
      passwordHash: await hashPassword(admin.password),
      isAdmin: true,
    });
    if (created) {
      log?.info({ email }, 'admin created');
      return { id: created.id, email, action: 'created', passwordReset: false };
    }
    existing = await findUserByEmail(db, email);
    if (!existing) throw new Error(`Could not create the admin ${email}`);
  }

  const changes: UserChanges = {};
  if (!existing.isAdmin) changes.isAdmin = true;
  if (admin.resetPassword) {
    if (!admin.password) throw new Error('A new password is needed to reset it');
    changes.passwordHash = await hashPassword(admin.password);
    changes.tokenVersion = existing.tokenVersion + 1;
  }
  if (Object.keys(changes).length > 0) {
    await updateUser(db, existing.id, changes);
  }
  const action = existing.isAdmin ? 'unchanged' : 'promoted';
  if (action === 'promoted') log?.info({ email }, 'existing user made admin');
  if (admin.resetPassword) log?.info({ email }, 'admin password reset');
  return { id: existing.id, email, action, passwordReset: Boolean(admin.resetPassword) };
}

import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { BadRequest, Conflict, Forbidden, NotFound, isUniqueViolation } from '../../lib/http-errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/password';
import type { adminUpdateUserSchema, registerSchema, updateProfileSchema } from '../../../shared/schemas/users';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  isEmailTaken,
  isUserId,
  lockAdmins,
  lockUser,
  updateUser,
  type UserChanges,
  type UserRow,
} from './queries';
import { recordAudit } from '../audit';
import { userDeletedEntry, userEditedEntry } from './user-audit';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const USER_NOT_FOUND = 'User not found';

/** Fills whichever of name / firstName / lastName is missing from the others. */
export function deriveNames(given: { name?: string; firstName?: string; lastName?: string }) {
  const name = given.name || `${given.firstName ?? ''} ${given.lastName ?? ''}`.trim();
  const [first = '', ...rest] = name.split(/\s+/);
  return { name, firstName: given.firstName ?? first, lastName: given.lastName ?? rest.join(' ') };
}

/** Answers the user only for the right password; a wrong e-mail costs the same hash check as a wrong password. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  // An account opened by phone has no password: no password signs in to it.
  return user?.passwordHash && matches ? user : null;
}

/** A new customer; whatever the body says, never an admin. */
export async function registerCustomer(db: Db, input: z.infer<typeof registerSchema>): Promise<UserRow> {
  if (await isEmailTaken(db, input.email)) throw Conflict(EMAIL_TAKEN);
  const names = deriveNames(input);
  try {
    return await insertUser(db, {
      ...names,
      email: input.email,
      phone: input.phone ?? '',
      passwordHash: await hashPassword(input.password),
      isAdmin: false,
    });
  } catch (error) {
    // Two registrations of one address at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw Conflict(EMAIL_TAKEN);
    throw error;
  }
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: z.infer<typeof updateProfileSchema>,
): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw NotFound(USER_NOT_FOUND);
  const changes: UserChanges = {};

  if (input.name !== undefined || input.firstName !== undefined || input.lastName !== undefined) {
    const names =
      input.name !== undefined
        ? deriveNames(input)
        : deriveNames({ firstName: input.firstName ?? user.firstName, lastName: input.lastName ?? user.lastName });
    if (!names.name) throw BadRequest('Name cannot be empty');
    Object.assign(changes, names);
  }
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.email !== undefined && input.email !== user.email?.toLowerCase()) {
    if (await isEmailTaken(db, input.email, user.id)) throw Conflict(EMAIL_TAKEN);
    changes.email = input.email;
  }
  if (input.password !== undefined) {
    if (user.passwordHash) {
      if (!input.currentPassword) throw BadRequest('Current password is required to set a new password');
      // 400 rather than 401: a 401 would make the web client drop the session of a user who merely mistyped.
      if (!(await verifyPassword(input.currentPassword, user.passwordHash)))
        throw BadRequest('Current password is incorrect');
    } else if (!user.email && !changes.email) {
      // An account opened by phone sets its first password without a current one; it signs in with an e-mail.
      throw BadRequest('Add an e-mail first: the password signs you in with it.');
    }
    changes.passwordHash = await hashPassword(input.password);
    changes.tokenVersion = user.tokenVersion + 1;
  }
  return saveUser(db, user, changes);
}

/** An admin edits a user. The shop always keeps at least one admin, and no admin demotes themselves. */
export async function updateUserAsAdmin(
  db: Db,
  actor: { id: string; name: string },
  targetId: string,
  input: z.infer<typeof adminUpdateUserSchema>,
): Promise<UserRow> {
  if (!isUserId(targetId)) throw NotFound(USER_NOT_FOUND);
  const actorId = actor.id;
  if (input.isAdmin === false && targetId === actorId) throw BadRequest('You cannot remove your own admin rights');
  try {
    return await db.transaction(async (tx) => {
      // Admin rows are locked first, so two admins demoting each other at once cannot leave the shop with none.
      const admins = await lockAdmins(tx);
      if (!admins.includes(actorId)) throw Forbidden();
      const target = await lockUser(tx, targetId);
      if (!target) throw NotFound(USER_NOT_FOUND);
      const changes: UserChanges = {};
      if (input.name !== undefined) Object.assign(changes, deriveNames({ name: input.name }));
      if (input.email !== undefined && input.email !== target.email?.toLowerCase()) {
        if (await isEmailTaken(tx, input.email, target.id)) throw Conflict(EMAIL_TAKEN);
        changes.email = input.email;
      }
      if (input.isAdmin !== undefined && input.isAdmin !== target.isAdmin) {
        if (!input.isAdmin && admins.filter((id) => id !== target.id).length === 0) {
          throw Conflict('You cannot remove the last admin');
        }
        // Admins sign in by e-mail and password only (no sign-in number): an account opened by phone
        // would be locked out the moment it became an admin.
        if (input.isAdmin && (!(changes.email ?? target.email) || !target.passwordHash)) {
          throw BadRequest('Only an account with an e-mail and a password can be an admin.');
        }
        changes.isAdmin = input.isAdmin;
      }
      const saved = await saveUser(tx, target, changes);
      const entry = userEditedEntry(target, saved);
      if (entry) await recordAudit(tx, actor, entry);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** Deletes an account; its orders stay (their user link becomes empty, name and e-mail stay on the order). */
export async function deleteUserAsAdmin(db: Db, actor: { id: string; name: string }, targetId: string): Promise<void> {
  if (!isUserId(targetId)) throw NotFound(USER_NOT_FOUND);
  const actorId = actor.id;
  if (targetId === actorId) throw BadRequest('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    if (!admins.includes(actorId)) throw Forbidden();
    const target = await lockUser(tx, targetId);
    if (!target) throw NotFound(USER_NOT_FOUND);
    if (target.isAdmin && admins.length <= 1) throw Conflict('You cannot delete the last admin');
    await deleteUser(tx, target.id);
    await recordAudit(tx, actor, userDeletedEntry(target));
  });
}

async function saveUser(db: Db | Tx, user: UserRow, changes: UserChanges): Promise<UserRow> {
  if (Object.keys(changes).length === 0) return user;
  try {
    const updated = await updateUser(db, user.id, changes);
    if (!updated) throw NotFound(USER_NOT_FOUND);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(EMAIL_TAKEN);
    throw error;
  }
}

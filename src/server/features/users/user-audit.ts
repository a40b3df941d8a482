import { changedFields, type AuditEntry } from '../audit';
import type { UserRow } from './queries';

/**
 * The audit trail's lines about people. Only these fields are ever kept: never the password
 * hash or the token version.
 */
const person = (user: UserRow) => ({ name: user.name, email: user.email, isAdmin: user.isAdmin });
const who = (user: UserRow) => `${user.name} (${user.email})`;

/** An admin's edit of an account; null when it changed nothing. Made or removed admin is said first. */
export function userEditedEntry(before: UserRow, after: UserRow): AuditEntry | null {
  const diff = changedFields(person(before), person(after), ['name', 'email']);
  if (!diff) return null;
  const details: string[] = [];
  if (before.name !== after.name) details.push(`name was ${before.name}`);
  if (before.email !== after.email) details.push(`e-mail was ${before.email}`);
  const said = details.length > 0 ? `; ${details.join(', ')}` : '';
  const base = { subjectType: 'user' as const, subjectId: after.id, ...diff };
  if (before.isAdmin !== after.isAdmin) {
    return after.isAdmin
      ? { ...base, action: 'user.admin-granted', summary: `Made ${who(after)} an admin${said}` }
      : { ...base, action: 'user.admin-removed', summary: `Removed admin rights from ${who(after)}${said}` };
  }
  return { ...base, action: 'user.updated', summary: `Edited the account of ${who(after)}${said}` };
}

export function userDeletedEntry(user: UserRow): AuditEntry {
  return {
    action: 'user.deleted',
    subjectType: 'user',
    subjectId: user.id,
    summary: `Deleted the ${user.isAdmin ? 'admin' : 'customer'} account of ${who(user)}; their orders stay`,
    before: person(user),
  };
}

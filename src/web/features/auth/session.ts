import type { AuthUser } from '../../../shared/schemas/users';
import { isRecord } from '../../lib/storage';

/** SPEC §3: the profile returned by login/register, token included, stored under 'userInfo'. */
export const SESSION_STORAGE_KEY = 'userInfo';

export type SessionUser = AuthUser;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored session we can use, or null (SPEC §4: discarded when it has no token). */
export function repairSession(stored: unknown): SessionUser | null {
  if (!isRecord(stored)) return null;
  const token = text(stored.token).trim();
  if (!token) return null;
  const firstName = text(stored.firstName);
  const lastName = text(stored.lastName);
  const email = text(stored.email);
  const name = text(stored.name) || `${firstName} ${lastName}`.trim() || email.split('@')[0] || 'Customer';
  return {
    _id: text(stored._id),
    name,
    firstName,
    lastName,
    email,
    phone: text(stored.phone),
    mobile: text(stored.mobile),
    isAdmin: stored.isAdmin === true,
    createdAt: text(stored.createdAt),
    token,
  };
}

import type { AuthUser, User } from '../../../shared/schemas/users';
import { apiRequest } from '../../lib/api-client';
import { MISSING_TOKEN_MESSAGE } from '../../lib/failure-message';
import { repairSession, type SessionUser } from './session';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** SPEC §5: a login or registration answer without a token is an error, not a session. */
function sessionFrom(answer: unknown): SessionUser {
  const session = repairSession(answer);
  if (!session) throw new Error(MISSING_TOKEN_MESSAGE);
  return session;
}

export async function logIn(credentials: Credentials): Promise<SessionUser> {
  const answer = await apiRequest<AuthUser>('/users/login', { method: 'POST', body: credentials, keepServerMessageOn401: true });
  return sessionFrom(answer);
}

export async function registerCustomer(registration: Registration): Promise<SessionUser> {
  const answer = await apiRequest<AuthUser>('/users', { method: 'POST', body: registration, keepServerMessageOn401: true });
  return sessionFrom(answer);
}

export type ProfileChanges = Partial<Omit<User, '_id' | 'isAdmin' | 'createdAt'>> & { password?: string; currentPassword?: string };

/** The answer carries a fresh token; it matters only after a password change, which revokes the old one. */
export function saveProfile(changes: ProfileChanges) {
  return apiRequest<User & { token?: string }>('/users/profile', { method: 'PUT', body: changes });
}

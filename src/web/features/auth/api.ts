import type { AuthUser, User } from '../../../shared/schemas/users';
import { ApiError, apiRequest } from '../../lib/api-client';
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

const MISSING_TOKEN_MESSAGE = 'Invalid response from server. Missing token.';

/** SPEC §5: a login or registration answer without a token is an error, not a session. */
function sessionFrom(answer: unknown): SessionUser {
  const session = repairSession(answer);
  if (!session) throw new Error(MISSING_TOKEN_MESSAGE);
  return session;
}

/** The server's message when it gave one, else the action's own fallback (SPEC §8). */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'http' && error.message) return error.message;
  if (error instanceof Error && error.message === MISSING_TOKEN_MESSAGE) return error.message;
  return fallback;
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
